package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Txn;
import io.cairndb.error.CairnException;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The result columns of a prepared query, described when it is prepared (COM_STMT_PREPARE), as
 * MySQL does, so that a client's metadata is there before the first execute. The query is bound,
 * with NULL for each parameter, and its plan's columns described: nothing is printed, rewritten or run.
 */
final class PreparedShapes {
    private static final Logger LOG = LoggerFactory.getLogger(PreparedShapes.class);

    private PreparedShapes() {
    }

    /**
     * The columns of {@code sql} (its placeholders already replaced), or none for a statement that is
     * not a query or that cannot be bound before its parameters are known: the execute then describes
     * its rows, and reports the error with the parameters' values.
     */
    static List<ResultColumn> describe(Session session, String sql) {
        Statement statement;
        try {
            statement = SqlParser.parseOne(sql);
        } catch (CairnException e) {
            return List.of();
        }
        if (!(statement instanceof Statement.QueryStatement query)) {
            return List.of();
        }
        Txn open = session.openTransaction();
        Txn txn = open != null ? open : session.newTransaction();
        try {
            StatementContext ctx = session.context(txn);
            StatementPrivileges.require(ctx, statement, session.account());
            return ctx.translator().describe(query.query());
        } catch (CairnException e) {
            LOG.debug("described at execute instead: {}", e.getMessage());
            return List.of();
        } finally {
            // It only read, as a query's own transaction does: ended as such (nothing to commit unless binding reached DuckDB).
            if (open == null) {
                txn.commit();
            }
        }
    }
}
