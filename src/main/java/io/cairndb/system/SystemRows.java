package io.cairndb.system;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;

import java.util.ArrayList;
import java.util.List;

/** Rows computed in Java, as a typed DuckDB FROM item that queries can filter, join and aggregate. */
final class SystemRows {
    private static final ObjectMapper JSON = new ObjectMapper();

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

    /**
     * The rows travel as one JSON literal of text values, each cast to its column's type: DuckDB parses
     * and binds a VALUES list value by value, and twice per query (the binder prepares the item to learn
     * its columns), which made tasks() over 5,000 kept tasks take 1.5 s against 0.4 s this way.
     */
    private static String fromItem(List<ResultColumn> columns, List<List<Object>> rows, boolean caseInsensitive) {
        List<String> casts = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            boolean text = caseInsensitive && columns.get(i).type().kind() == io.cairndb.catalog.TypeKind.STRING;
            casts.add("CAST(r[" + (i + 1) + "] AS " + DuckTypes.toDuckDb(columns.get(i).type()) + ")"
                    + (text ? " COLLATE NOCASE" : "") + " AS " + Sql.ident(columns.get(i).name()));
        }
        List<List<String>> texts = new ArrayList<>();
        for (List<Object> r : rows) {
            List<String> row = new ArrayList<>();
            for (Object v : r) {
                row.add(v == null ? null : v.toString());
            }
            texts.add(row);
        }
        String json;
        try {
            json = JSON.writeValueAsString(texts);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("lists of strings are JSON", e);
        }
        return "(SELECT " + String.join(", ", casts) + " FROM (SELECT unnest(from_json(" + Sql.literal(json)
                + ", '[[\"VARCHAR\"]]')) AS r))";
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
