package io.cairndb.system;

import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Exact row counts of stored tables (a table's own rows and each rollup's), for TABLE_ROWS, SHOW TABLE
 * STATUS and SHOW DATA. DuckDB's estimate counts rows that were deleted or replaced (an MV refreshed
 * three times showed three times its rows), so rows are counted; a count is kept until the table's
 * partition versions or DuckDB's estimate change (every write moves one of them), so a listing of
 * many quiet tables counts none of them, and those it must count are counted in few queries.
 */
final class RowCounts {
    private record Entry(long versions, long estimate, long rows) {
    }

    private static final int TABLES_PER_QUERY = 100;
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    /** The rows of each stored table of {@code tables} and of their rollups, by {@link SystemRows#rowCountKey}. */
    Map<String, Long> of(Connection c, List<TableMeta> tables) {
        Map<String, Long> estimates = SystemRows.tableRowCounts(c);
        Map<String, Long> out = new HashMap<>();
        List<TableMeta> stale = new ArrayList<>();
        for (TableMeta s : DataSizes.stored(tables)) {
            String key = SystemRows.rowCountKey(s);
            Long estimate = estimates.get(key);
            if (estimate == null) {
                continue;
            }
            Entry e = cache.get(key);
            if (e != null && e.versions == DataSizes.versions(s) && e.estimate == estimate) {
                out.put(key, e.rows);
            } else {
                stale.add(s);
            }
        }
        for (int from = 0; from < stale.size(); from += TABLES_PER_QUERY) {
            List<TableMeta> chunk = stale.subList(from, Math.min(stale.size(), from + TABLES_PER_QUERY));
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                parts.add("SELECT " + i + " AS t, count(*) AS n FROM " + Sql.ident(chunk.get(i).duckSchema()) + "."
                        + Sql.ident(chunk.get(i).duckTable()));
            }
            for (List<Object> r : Sql.rows(c, String.join(" UNION ALL ", parts))) {
                TableMeta t = chunk.get(((Number) r.get(0)).intValue());
                String key = SystemRows.rowCountKey(t);
                long rows = ((Number) r.get(1)).longValue();
                cache.put(key, new Entry(DataSizes.versions(t), estimates.get(key), rows));
                out.put(key, rows);
            }
        }
        return out;
    }
}
