package io.cairndb.system;

import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;

import java.util.ArrayList;
import java.util.List;

/** Rows computed in Java, as a typed DuckDB FROM item that queries can filter, join and aggregate. */
final class SystemRows {
    private SystemRows() {
    }

    /** Result columns from (name, type) pairs. */
    static List<ResultColumn> columns(Object... nameTypePairs) {
        List<ResultColumn> out = new ArrayList<>();
        for (int i = 0; i < nameTypePairs.length; i += 2) {
            out.add(new ResultColumn((String) nameTypePairs[i], (io.cairndb.catalog.DataType) nameTypePairs[i + 1]));
        }
        return out;
    }

    static String fromItem(List<ResultColumn> columns, List<List<Object>> rows) {
        return fromItem(columns, rows, false);
    }

    /**
     * As {@link #fromItem}, for a table of MySQL's information_schema: its strings compare without
     * regard to case, as MySQL's (clients test {@code IS_NULLABLE = 'yes'}).
     */
    static String mysqlTable(List<ResultColumn> columns, List<List<Object>> rows) {
        return fromItem(columns, rows, true);
    }

    private static String fromItem(List<ResultColumn> columns, List<List<Object>> rows, boolean caseInsensitive) {
        List<String> casts = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            boolean text = caseInsensitive && columns.get(i).type().kind() == io.cairndb.catalog.TypeKind.STRING;
            casts.add("CAST(" + Sql.ident("c" + i) + " AS " + DuckTypes.toDuckDb(columns.get(i).type()) + ")"
                    + (text ? " COLLATE NOCASE" : "") + " AS " + Sql.ident(columns.get(i).name()));
        }
        List<String> tuples = new ArrayList<>();
        for (List<Object> r : rows) {
            List<String> lits = new ArrayList<>();
            for (Object v : r) {
                lits.add(v == null ? "NULL" : v instanceof Number || v instanceof Boolean ? v.toString() : Sql.literal(v.toString()));
            }
            tuples.add("(" + String.join(", ", lits) + ")");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            names.add(Sql.ident("c" + i));
        }
        String values;
        if (tuples.isEmpty()) {
            List<String> nulls = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                nulls.add("NULL");
            }
            values = "(SELECT * FROM (VALUES (" + String.join(", ", nulls) + ")) AS v(" + String.join(", ", names) + ") WHERE FALSE)";
        } else {
            values = "(VALUES " + String.join(", ", tuples) + ") AS v(" + String.join(", ", names) + ")";
        }
        return "(SELECT " + String.join(", ", casts) + " FROM " + values + ")";
    }

    /**
     * DuckDB's estimate of the rows of every stored table (it counts rows that were deleted or
     * replaced), by {@link #rowCountKey}; {@link RowCounts} counts them.
     */
    static java.util.Map<String, Long> tableRowCounts(java.sql.Connection c) {
        java.util.Map<String, Long> counts = new java.util.HashMap<>();
        for (List<Object> r : io.cairndb.engine.Sql.rows(c, "SELECT schema_name, table_name, estimated_size FROM duckdb_tables()")) {
            counts.put(r.get(0) + "\u0000" + r.get(1), ((Number) r.get(2)).longValue());
        }
        return counts;
    }

    /** A table's key in {@link #tableRowCounts}; a view has none. */
    static String rowCountKey(io.cairndb.catalog.TableMeta t) {
        return t.duckSchema() + "\u0000" + t.duckTable();
    }
}
