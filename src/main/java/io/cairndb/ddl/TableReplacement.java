package io.cairndb.ddl;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;

import java.sql.Connection;
import java.util.Map;
import java.util.TreeMap;

/**
 * ALTER TABLE t1 REPLACE WITH TABLE t2 [PROPERTIES ('swap' = 'true' | 'false')], as in Doris: with
 * swap (the default) the two tables exchange names; without, t1 is dropped and t2 takes its name.
 * Doris does not compare the two schemas. Each table keeps its id, rows, changelog and streams, so
 * an MV over either finds its base table replaced or renamed and is in SCHEMA_CHANGE until rebuilt,
 * as Doris marks it ("The base table has been updated").
 */
final class TableReplacement {
    private static final String SWAP = "swap";

    private TableReplacement() {
    }

    static UpdateCount execute(StatementContext ctx, Statement.AlterTable stmt, Statement.ReplaceTable clause) {
        if (stmt.clauses().size() != 1) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "REPLACE WITH TABLE can not be combined with other clauses");
        }
        Map<String, String> props = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        props.putAll(clause.properties());
        boolean swap = !props.containsKey(SWAP) || Boolean.parseBoolean(props.remove(SWAP).trim());
        if (!props.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + props.keySet());
        }
        String db = ctx.databaseOf(stmt.name());
        QualifiedName other = QualifiedName.of(db, clause.other().name());
        if (!ctx.databaseOf(clause.other()).equals(db)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table " + clause.other().name()
                    + " must be in the same database as " + stmt.name().name());
        }
        if (other.name().equals(stmt.name().name())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not replace table " + other.name() + " with itself");
        }
        QualifiedName self = QualifiedName.of(db, stmt.name().name());
        // Both writer locks, always taken in name order so that two replacements of one pair cannot deadlock.
        boolean selfFirst = self.name().compareTo(other.name()) < 0;
        QualifiedName first = selfFirst ? self : other;
        QualifiedName second = selfFirst ? other : self;
        return ctx.underWriteLock(first, a -> ctx.underWriteLock(second, b -> selfFirst
                ? replace(ctx, a, b, swap) : replace(ctx, b, a, swap)));
    }

    private static UpdateCount replace(StatementContext ctx, TableMeta replaced, TableMeta replacement, boolean swap) {
        Connection c = ctx.txn().connection();
        String db = replaced.database();
        ctx.catalog().deleteTable(c, db, replaced.name());
        ctx.catalog().deleteTable(c, db, replacement.name());
        TableMeta moved = replacement.withName(replaced.name());
        ctx.catalog().saveTable(c, moved);
        if (swap) {
            TableMeta swapped = replaced.withName(replacement.name());
            ctx.catalog().saveTable(c, swapped);
            ctx.txn().afterCommit(() -> {
                ctx.catalog().publishTable(moved);
                ctx.catalog().publishTable(swapped);
            });
        } else {
            TableConstraints.checkNotReferenced(ctx, replaced);
            TableDdl.dropStorage(ctx, replaced);
            ctx.txn().afterCommit(() -> {
                ctx.catalog().publishTable(moved);
                ctx.catalog().forgetTable(db, replacement.name());
            });
        }
        return UpdateCount.NONE;
    }
}
