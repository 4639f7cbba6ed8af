package io.cairndb.write;

import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.QueryTranslator;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTypes;
import io.cairndb.sql.SqlParser;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Doris's partial-column update: with {@code enable_unique_key_partial_update} an INSERT that names
 * some of a merge-on-write UNIQUE KEY table's columns (all of its key among them) changes only those
 * columns of the rows whose keys exist; the others keep their stored values. A new key takes the
 * defaults (NULL where there is none) unless {@code partial_update_new_key_behavior} is ERROR. An
 * unnamed ON UPDATE CURRENT_TIMESTAMP column takes the statement's time. The stored values are
 * merged into full rows, which are then written as any INSERT's are.
 */
final class PartialUpdate {
    private static final String STORED = Sql.ident("__stored");

    private PartialUpdate() {
    }

    /** Whether this INSERT into {@code t} of the {@code targets} columns is a partial update. */
    static boolean applies(StatementContext ctx, TableMeta t, List<ColumnMeta> targets, boolean overwrite) {
        if (overwrite || !ctx.session().flag("enable_unique_key_partial_update") || !t.isUniqueMergeOnWrite()
                || targets.containsAll(HiddenColumns.visible(ctx.session(), t))) {
            return false;
        }
        List<String> missing = t.keyColumns().stream().filter(k -> !targets.contains(k)).map(ColumnMeta::name).toList();
        if (!missing.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Partial update should include all key columns, missing: "
                    + String.join(", ", missing));
        }
        return true;
    }

    /** The value of a column the INSERT does not name: the stored one, or for a new key its default. */
    static String unnamed(StatementContext ctx, QueryTranslator tr, TableMeta t, ColumnMeta c) {
        String type = DuckTypes.toDuckDb(c.type());
        if (c.onUpdate() != null) {
            return "CAST(" + tr.translate(SqlParser.parseExpression(c.onUpdate())) + " AS " + type + ")";
        }
        // A NOT NULL column without a default stays NULL for a new key: the INSERT's checks refuse the row.
        String fresh = c.nullable() || c.autoIncrement() || c.defaultValue() != null ? ColumnDefaults.expression(ctx, tr, t, c)
                : "CAST(NULL AS " + type + ")";
        return "CASE WHEN " + STORED + ".rowid IS NOT NULL THEN " + STORED + "." + Sql.ident(c.name()) + " ELSE " + fresh + " END";
    }

    /** The join of the source's rows ({@code keyValues}: its values of the key columns) to the stored rows. */
    static String storedRows(TableMeta t, List<String> keyValues) {
        List<ColumnMeta> keys = t.keyColumns();
        StringBuilder on = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            on.append(i == 0 ? "" : " AND ").append(STORED).append('.').append(Sql.ident(keys.get(i).name()))
                    .append(" IS NOT DISTINCT FROM ").append(keyValues.get(i));
        }
        return " LEFT JOIN " + t.duckName() + " AS " + STORED + " ON " + on;
    }

    /** Under {@code partial_update_new_key_behavior = ERROR}, fails on the first staged row whose key {@code t} lacks. */
    static void requireExistingKeys(StatementContext ctx, TableMeta t) {
        if (!"ERROR".equals(ctx.session().variable("partial_update_new_key_behavior"))) {
            return;
        }
        List<ColumnMeta> keys = t.keyColumns();
        String match = keys.stream().map(k -> "o." + Sql.ident(k.name()) + " IS NOT DISTINCT FROM s." + Sql.ident(k.name()))
                .collect(Collectors.joining(" AND "));
        String keyText = keys.stream().map(k -> "CAST(s." + Sql.ident(k.name()) + " AS VARCHAR)").collect(Collectors.joining(", "));
        List<List<Object>> fresh = Sql.rows(ctx.txn().connection(), "SELECT " + keyText + " FROM " + StagedRows.table()
                + " AS s WHERE NOT EXISTS (SELECT 1 FROM " + t.duckName() + " AS o WHERE " + match + ") LIMIT 1");
        if (!fresh.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "[E-7003]Can't append new rows in partial update when "
                    + "partial_update_new_key_behavior is ERROR. Row with key=[" + fresh.get(0).stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + "] is not in table.");
        }
    }
}
