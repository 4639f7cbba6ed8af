package io.cairndb.write;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;

import java.sql.Connection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The keys of a few rows as a constant IN list on a table's one key column. DuckDB looks rows up
 * in a primary key's ART index only for a constant IN list or equality on the scanned column, never
 * for a join: a join of a small batch with a 10M-row table scans all of it. Written into SQL text,
 * so only for batches up to {@link #MAX_KEYS}.
 */
final class KeyList {
    /** DuckDB's default index_scan_max_count: above it an index scan needs a very large table, and the list gets long. */
    static final int MAX_KEYS = 2048;

    private static final Set<String> INTEGER_TYPES = Set.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT");

    private final ColumnMeta key;
    private final String literals;

    private KeyList(ColumnMeta key, String literals) {
        this.key = key;
        this.literals = literals;
    }

    /**
     * The keys that {@code keys} (a SELECT of {@code t}'s key column) returns, or null when it returns
     * more than {@link #MAX_KEYS} rows or {@code t} has no index on one key column.
     */
    static KeyList of(Connection c, TableMeta t, String keys) {
        if (!indexedByOneColumn(t)) {
            return null;
        }
        ColumnMeta key = t.keyColumns().get(0);
        // Without DISTINCT the LIMIT stops the read of a large set early; repeated keys count against it.
        List<List<Object>> rows = Sql.rows(c, "SELECT CAST(" + Sql.ident(key.name()) + " AS VARCHAR) FROM (" + keys + ") LIMIT "
                + (MAX_KEYS + 1));
        if (rows.size() > MAX_KEYS) {
            return null;
        }
        // The text of a value cast back to the column's type is the value itself, for every key type;
        // an integer's text is its literal, which DuckDB parses in half the time of a cast.
        String type = DuckTypes.toDuckDb(key.type());
        boolean integer = INTEGER_TYPES.contains(type);
        Set<String> literals = new LinkedHashSet<>();
        for (List<Object> r : rows) {
            String text = (String) r.get(0);
            literals.add(integer ? text : "CAST(" + Sql.literal(text) + " AS " + type + ")");
        }
        return new KeyList(key, String.join(", ", literals));
    }

    /** As {@link #of(Connection, TableMeta, String)}, for the key column of the {@code rows} staged rows in {@code staged}. */
    static KeyList ofStaged(Connection c, TableMeta t, String staged, long rows) {
        return rows > MAX_KEYS ? null : of(c, t, "SELECT " + KeyModelWriter.columnList(t.keyColumns()) + " FROM " + staged);
    }

    /** Whether {@code t}'s DuckDB table has a primary key (a keyed model, no nullable key column) on a single column. */
    static boolean indexedByOneColumn(TableMeta t) {
        return t.keyModel() != KeyModel.DUPLICATE && t.keyColumns().size() == 1 && !t.hasNullableKey();
    }

    /** The condition that the key column, qualified by {@code alias} (or not, when null), is one of the keys. */
    String condition(String alias) {
        String column = (alias == null ? "" : alias + ".") + Sql.ident(key.name());
        return literals.isEmpty() ? "FALSE" : column + " IN (" + literals + ")";
    }
}
