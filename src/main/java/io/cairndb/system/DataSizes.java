package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bytes a table's data takes in DuckDB's storage, for SHOW DATA, SHOW PARTITIONS' DataSize,
 * SHOW TABLE STATUS and information_schema.tables. Computed from the table's storage segments: a
 * checkpointed segment takes the span up to the next segment in its block; one still in memory its
 * values' width. Sizes are kept per table until its rows or partition versions change: a checkpoint,
 * which compresses the rows without a write, shows after the table's next write (Doris's own sizes
 * are reported periodically too), and a listing of many unchanged tables measures none of them.
 */
public final class DataSizes {
    private record Entry(long rows, long versions, long bytes) {
    }

    private final Map<String, Entry> cache = new ConcurrentHashMap<>();
    private final RowCounts rowCounts = new RowCounts();
    /** DuckDB's block size, read once (0 until then). */
    private volatile long blockSize;

    /** The exact rows of each of {@code tables} and of their rollups, by {@link SystemRows#rowCountKey} ({@link RowCounts}). */
    public Map<String, Long> rowCounts(StatementContext ctx, List<TableMeta> tables) {
        return rowCounts.of(ctx.txn().connection(), tables);
    }

    /** The bytes of {@code t}'s own rows (its base index); 0 for a view. */
    public long tableBytes(StatementContext ctx, TableMeta t, Map<String, Long> rowCounts) {
        if (t.isView() || t.duckTable() == null) {
            return 0;
        }
        return bytes(ctx.txn().connection(), t, rowCounts);
    }

    /** The bytes of each of {@code t}'s rollups, by name, in their order. */
    public Map<String, Long> rollupBytes(StatementContext ctx, TableMeta t, Map<String, Long> rowCounts) {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (RollupMeta r : t.rollups()) {
            out.put(r.name(), bytes(ctx.txn().connection(), r.storage(t), rowCounts));
        }
        return out;
    }

    /** The bytes of {@code t} with its rollups, as SHOW DATA's per-table Size counts them. */
    public long totalBytes(StatementContext ctx, TableMeta t, Map<String, Long> rowCounts) {
        long total = tableBytes(ctx, t, rowCounts);
        for (long b : rollupBytes(ctx, t, rowCounts).values()) {
            total += b;
        }
        return total;
    }

    /**
     * Measures, in a few queries, every table of {@code tables} (and rollup) whose size is not known
     * for its current rows and versions: a listing of many tables then asks DuckDB once per
     * {@link #TABLES_PER_QUERY} of them, not once per table.
     */
    public void measureStale(StatementContext ctx, List<TableMeta> tables, Map<String, Long> rowCounts) {
        List<TableMeta> stale = new ArrayList<>();
        for (TableMeta s : stored(tables)) {
            Long rows = rowCounts.get(key(s));
            Entry e = cache.get(key(s));
            if (rows != null && (e == null || e.rows != rows || e.versions != versions(s))) {
                stale.add(s);
            }
        }
        Connection c = ctx.txn().connection();
        for (int from = 0; from < stale.size(); from += TABLES_PER_QUERY) {
            List<TableMeta> chunk = stale.subList(from, Math.min(stale.size(), from + TABLES_PER_QUERY));
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                parts.add("SELECT " + i + " AS t, " + SEGMENT_COLUMNS + " FROM pragma_storage_info("
                        + Sql.literal(Sql.ident(chunk.get(i).duckSchema()) + "." + Sql.ident(chunk.get(i).duckTable())) + ")");
            }
            Map<Integer, List<Segment>> segments = new HashMap<>();
            for (List<Object> r : Sql.rows(c, String.join(" UNION ALL ", parts))) {
                Segment s = segment(r.subList(1, r.size()));
                if (s != null) {
                    segments.computeIfAbsent(((Number) r.get(0)).intValue(), k -> new ArrayList<>()).add(s);
                }
            }
            long block = blockSize(c);
            for (int i = 0; i < chunk.size(); i++) {
                TableMeta t = chunk.get(i);
                cache.put(key(t), new Entry(rowCounts.get(key(t)), versions(t), bytesOf(segments.getOrDefault(i, List.of()), block)));
            }
        }
    }

    /** Tables measured by one query of {@link #measureStale}. */
    private static final int TABLES_PER_QUERY = 100;
    private static final String SEGMENT_COLUMNS = "block_id, block_offset, count, segment_type, persistent, stats";

    private long bytes(Connection c, TableMeta t, Map<String, Long> rowCounts) {
        String key = key(t);
        Long rows = rowCounts.get(key);
        if (rows == null) {
            return 0;
        }
        long versions = versions(t);
        Entry e = cache.get(key);
        if (e != null && e.rows == rows && e.versions == versions) {
            return e.bytes;
        }
        List<Segment> segments = new ArrayList<>();
        for (List<Object> r : Sql.rows(c, "SELECT " + SEGMENT_COLUMNS + " FROM pragma_storage_info("
                + Sql.literal(Sql.ident(t.duckSchema()) + "." + Sql.ident(t.duckTable())) + ")")) {
            Segment s = segment(r);
            if (s != null) {
                segments.add(s);
            }
        }
        long bytes = bytesOf(segments, blockSize(c));
        cache.put(key, new Entry(rows, versions, bytes));
        return bytes;
    }

    private static String key(TableMeta t) {
        return t.duckSchema() + "\u0000" + t.duckTable();
    }

    /** The tables DuckDB stores for {@code tables}: each table's own rows (a view has none) and each of its rollups'. */
    static List<TableMeta> stored(List<TableMeta> tables) {
        List<TableMeta> out = new ArrayList<>();
        for (TableMeta t : tables) {
            if (!t.isView() && t.duckTable() != null) {
                out.add(t);
                t.rollups().forEach(r -> out.add(r.storage(t)));
            }
        }
        return out;
    }

    /** A sum of the table's partition versions, which every write of its rows moves. */
    static long versions(TableMeta t) {
        long versions = 0;
        for (PartitionMeta p : t.partitioning().partitions()) {
            versions += p.visibleVersion();
        }
        return versions;
    }

    private long blockSize(Connection c) {
        if (blockSize == 0) {
            long size = ((Number) Sql.scalar(c, "SELECT block_size FROM pragma_database_size() LIMIT 1")).longValue();
            blockSize = size > 0 ? size : 262_144;
        }
        return blockSize;
    }

    /**
     * One storage segment: its block (null while only in memory), offset, rows, physical type and the
     * longest string it holds (0 for other types).
     */
    private record Segment(Long block, long offset, long count, String type, long maxStringLength) {
    }

    private static final java.util.regex.Pattern MAX_STRING = java.util.regex.Pattern.compile("Max String Length: (\\d+)");

    /** A row of {@link #SEGMENT_COLUMNS}; null for a constant segment, for which nothing is stored. */
    private static Segment segment(List<Object> r) {
        boolean persistent = Boolean.TRUE.equals(r.get(4));
        Long blockId = r.get(0) == null ? null : ((Number) r.get(0)).longValue();
        if (persistent && (blockId == null || blockId < 0)) {
            return null;
        }
        java.util.regex.Matcher longest = MAX_STRING.matcher(r.get(5) == null ? "" : r.get(5).toString());
        return new Segment(persistent ? blockId : null, r.get(1) == null ? 0 : ((Number) r.get(1)).longValue(),
                ((Number) r.get(2)).longValue(), (String) r.get(3), longest.find() ? Long.parseLong(longest.group(1)) : 0);
    }

    /** The bytes of one table's segments, blocks being {@code block} bytes long. */
    private static long bytesOf(List<Segment> segments, long block) {
        Map<Long, TreeMap<Long, Segment>> byBlock = new HashMap<>();
        long total = 0;
        for (Segment s : segments) {
            if (s.block == null) {
                total += inMemoryBytes(s, block);
            } else {
                byBlock.computeIfAbsent(s.block, b -> new TreeMap<>()).put(s.offset, s);
            }
        }
        for (TreeMap<Long, Segment> inBlock : byBlock.values()) {
            for (Map.Entry<Long, Segment> e : inBlock.entrySet()) {
                Long next = inBlock.higherKey(e.getKey());
                long span = next != null ? next - e.getKey() : Math.min(block - e.getKey(), inMemoryBytes(e.getValue(), block));
                total += Math.max(span, 0);
            }
        }
        return total;
    }

    /**
     * An uncompressed segment's bytes: its values' width; for strings an offset each and at most the
     * longest string's bytes.
     */
    private static long inMemoryBytes(Segment s, long block) {
        long width = switch (s.type.toUpperCase(Locale.ROOT)) {
            case "VALIDITY" -> -8;
            case "BOOLEAN", "TINYINT", "UTINYINT" -> 1;
            case "SMALLINT", "USMALLINT" -> 2;
            case "INTEGER", "UINTEGER", "FLOAT", "DATE" -> 4;
            case "HUGEINT", "UHUGEINT", "INTERVAL", "UUID" -> 16;
            case "VARCHAR", "BLOB", "BIT" -> 4 + s.maxStringLength;
            default -> 8;
        };
        long bytes = width < 0 ? (s.count + 7) / 8 : s.count * width;
        return Math.min(bytes, block);
    }

    /** Doris's rendering of a byte count: {@code 900.000 B}, {@code 1.400 KB}, {@code 0.000 } for none. */
    public static String format(long bytes) {
        String[] units = {"TB", "GB", "MB", "KB"};
        long[] sizes = {1L << 40, 1L << 30, 1L << 20, 1L << 10};
        for (int i = 0; i < units.length; i++) {
            if (bytes >= sizes[i]) {
                return String.format(Locale.ROOT, "%.3f %s", (double) bytes / sizes[i], units[i]);
            }
        }
        return String.format(Locale.ROOT, "%.3f %s", (double) bytes, bytes == 0 ? "" : "B");
    }
}
