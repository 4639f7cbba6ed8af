package io.cairndb.server;

import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Statement;

import java.util.Map;

/**
 * What a statement changes of its session's variables while it runs: the pairs of its
 * {@code /*+ SET_VAR(k = v, ...) *}{@code /} hint, and the variable that bounds its run time.
 */
final class StatementVariables {
    private StatementVariables() {
    }

    /** The SET_VAR pairs of the statement's outermost SELECT (keys lower-case); empty when it has none. */
    static Map<String, String> hints(Statement statement) {
        Query query = query(statement);
        if (query == null) {
            return Map.of();
        }
        QueryBody body = query.body();
        while (body instanceof QueryBody.SetOperation op) {
            body = op.left();
        }
        if (body instanceof QueryBody.Nested nested) {
            return hints(new Statement.QueryStatement(nested.query()));
        }
        return body instanceof QueryBody.QuerySpec spec ? spec.setVarHints() : Map.of();
    }

    /**
     * The variable holding the statement's time limit in seconds, as Doris: insert_timeout for loads
     * (INSERT, CREATE TABLE .. AS SELECT), query_timeout for queries, UPDATE, DELETE and EXPORT (unless
     * its "timeout" property sets one, see {@link #ownTimeout}); null for statements without one (DDL, SET, SHOW ...).
     */
    static String timeoutVariable(Statement statement) {
        if (statement instanceof Statement.Insert
                || statement instanceof Statement.CreateTable create && create.asQuery() != null) {
            return "insert_timeout";
        }
        if (statement instanceof Statement.QueryStatement || statement instanceof Statement.Update
                || statement instanceof Statement.Delete || statement instanceof ExportStatement.Export) {
            return "query_timeout";
        }
        return null;
    }

    /** The time limit a statement sets itself, in seconds: EXPORT's "timeout" property; null for none (or none readable). */
    static Long ownTimeout(Statement statement) {
        if (statement instanceof ExportStatement.Export e) {
            for (Map.Entry<String, String> p : e.properties().entrySet()) {
                if (p.getKey().equalsIgnoreCase("timeout")) {
                    try {
                        return Long.parseLong(p.getValue().trim());
                    } catch (NumberFormatException refusedWhenItRuns) {
                        return null;
                    }
                }
            }
        }
        return null;
    }

    private static Query query(Statement statement) {
        if (statement instanceof Statement.Explain e) {
            return query(e.statement());
        }
        if (statement instanceof Statement.QueryStatement q) {
            return q.query();
        }
        if (statement instanceof Statement.Insert insert) {
            return insert.source();
        }
        if (statement instanceof Statement.CreateTable create) {
            return create.asQuery();
        }
        return null;
    }
}
