package io.cairndb.changelog;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * MIN_DELTA over a window of a tracked table (see {@link ChangelogTables}) by filters instead of
 * ordering every change by key. A key's changes in the window are commits C1 < ... < Cn; with one
 * commit its rows are already the net change; with more, the net change is C1's before image and
 * Cn's after image, labelled by whether the key existed at the start and at the end.
 * <ul>
 * <li>A row is in its key's first commit in the window when its previous change is before the start
 * (an APPEND has none recorded: see the re-created keys below).</li>
 * <li>A row is in its key's last commit when no later commit in the window names its commit as the
 * key's previous one. The commit summaries tell, per commit, whether none, all or only some of its
 * keys change again in the window; only for "some" are the rows matched with their successors.</li>
 * <li>Without a DELETE followed by an APPEND, a key existed at the start unless its first commit is
 * an APPEND, which the last commit's {@link ChangelogTables#SINCE} tells; it exists at the end unless
 * it has a DELETE in the window.</li>
 * <li>Keys with both a DELETE and an APPEND in the window are consolidated by sorting, as their
 * APPEND does not name the DELETE before it.</li>
 * </ul>
 */
final class MinDeltaPlanner {
    /** Beyond this many runs of commits of one kind the predicates get long: sort instead. */
    private static final int MAX_RUNS = 64;

    /** Whether none, all or some of a commit's keys change again later in the window. */
    private enum Kind { KEPT, SUPERSEDED, MIXED }

    /** Consecutive commits of one kind, with their numbers of APPENDs, DELETEs and updates. */
    private record Run(Kind kind, long from, long to, long appends, long deletes, long updates) {
    }

    private MinDeltaPlanner() {
    }

    /**
     * The MIN_DELTA FROM item over {@code window} (a SELECT of the changelog rows with TSO in
     * [start, end)), or null when the window is not tracked throughout, a bulk removal is in it or
     * its commits alternate too much.
     */
    static String plan(Connection c, TableMeta t, long start, Long end, String window) {
        List<Run> runs = runs(c, t.id(), start, "tso >= " + start + (end == null ? "" : " AND tso < " + end));
        if (runs == null || runs.size() > MAX_RUNS) {
            return null;
        }
        return build(t, start, window, runs);
    }

    /**
     * The window's commits in runs of one kind, or null when the window is not tracked throughout
     * or holds a bulk removal. One query of plain scans, summed up here: its pieces are tiny, and
     * grouping, sorting or joining them in DuckDB costs more than reading them. (A join would also
     * risk DuckDB 1.5.2 losing rows of a join over a grouped input to a join filter pushed down
     * before it is built, duckdb#22075.)
     */
    private static List<Run> runs(Connection c, long tableId, long start, String range) {
        String rows = "SELECT 0, tso, prev_tso, keys, appends, deletes FROM " + ChangelogTables.COMMITS + " WHERE table_id = "
                + tableId + " AND " + range + " UNION ALL SELECT 1, tracked_from, 0, 0, 0, 0 FROM " + ChangelogTables.STATE
                + " WHERE table_id = " + tableId + " UNION ALL SELECT 2, tso, 0, 0, 0, 0 FROM " + ChangelogTables.MARKERS
                + " WHERE table_id = " + tableId + " AND " + range;
        // Per commit: keys, appends, deletes, keys changed again later in the window.
        TreeMap<Long, long[]> commits = new TreeMap<>();
        Long trackedFrom = null;
        for (List<Object> r : Sql.rows(c, rows)) {
            int source = ((Number) r.get(0)).intValue();
            // A bulk removal, or a table not tracked at all.
            if (source == 2 || r.get(1) == null) {
                return null;
            }
            if (source == 1) {
                trackedFrom = num(r.get(1));
                continue;
            }
            long[] sums = commits.computeIfAbsent(num(r.get(1)), k -> new long[4]);
            sums[0] += num(r.get(3));
            sums[1] += num(r.get(4));
            sums[2] += num(r.get(5));
            long prev = num(r.get(2));
            if (prev >= start) {
                commits.computeIfAbsent(prev, k -> new long[4])[3] += num(r.get(3));
            }
        }
        if (trackedFrom == null || start < trackedFrom) {
            return null;
        }
        List<Run> out = new ArrayList<>();
        for (var e : commits.entrySet()) {
            long[] s = e.getValue();
            Kind kind = s[3] == 0 ? Kind.KEPT : s[3] < s[0] ? Kind.MIXED : Kind.SUPERSEDED;
            Run last = out.isEmpty() ? null : out.get(out.size() - 1);
            long updates = s[0] - s[1] - s[2];
            if (last != null && last.kind() == kind) {
                out.set(out.size() - 1, new Run(kind, last.from(), e.getKey(), last.appends() + s[1], last.deletes() + s[2],
                        last.updates() + updates));
            } else {
                out.add(new Run(kind, e.getKey(), e.getKey(), s[1], s[2], updates));
            }
        }
        return out;
    }

    private static long num(Object v) {
        return ((Number) v).longValue();
    }

    private static String build(TableMeta t, long start, String window, List<Run> runs) {
        List<String> keyNames = new ArrayList<>();
        for (ColumnMeta k : t.keyColumns()) {
            keyNames.add(Sql.ident(k.name()));
        }
        String keys = String.join(", ", keyNames);
        String key = "(" + keys + ")";
        long appends = runs.stream().mapToLong(Run::appends).sum();
        long deletes = runs.stream().mapToLong(Run::deletes).sum();
        long updates = runs.stream().mapToLong(Run::updates).sum();
        boolean superseded = runs.stream().anyMatch(r -> r.kind() != Kind.KEPT);
        boolean mixed = runs.stream().anyMatch(r -> r.kind() == Kind.MIXED);
        boolean firstUpdatesSuperseded = runs.stream().anyMatch(r -> r.kind() != Kind.KEPT && r.updates() > 0);
        boolean recreated = deletes > 0 && appends > 0;
        String tso = ChangelogTables.TSO;
        String prev = ChangelogTables.PREV;

        String first = prev + " < " + start;
        String notFirst = prev + " >= " + start;
        String last = null;
        String notLast = in(runs, Kind.SUPERSEDED, tso);
        if (superseded) {
            last = in(runs, Kind.KEPT, tso);
        }
        if (mixed) {
            String linked = "(" + keys + ", " + tso + ") IN (SELECT " + keys + ", " + prev + " FROM (" + window + ") WHERE "
                    + ChangelogTables.OP + " <> " + ChangelogTables.UPDATE_BEFORE + " AND " + in(runs, Kind.MIXED, prev) + ")";
            String inMixed = in(runs, Kind.MIXED, tso);
            last = "(" + last + " OR (" + inMixed + " AND NOT " + linked + "))";
            notLast = "(" + notLast + " OR (" + inMixed + " AND " + linked + "))";
        }
        String kept = recreated ? key + " NOT IN (SELECT " + keys + " FROM __recreated)" : null;
        String deleted = key + " IN (SELECT " + keys + " FROM (" + window + ") WHERE " + ChangelogTables.OP + " = "
                + ChangelogTables.DELETE + ")";

        List<String> branches = new ArrayList<>();
        // Keys changed in one commit of the window: their rows as they are (APPENDs are always first).
        branches.add(branch(t, window, ChangelogTables.OP, updates > 0 || deletes > 0 ? first : null, last, kept));
        if (firstUpdatesSuperseded) {
            // The first commit's before image of an existing key changed again: gone at the end if deleted.
            String op = deletes > 0 ? "CASE WHEN " + deleted + " THEN " + ChangelogTables.DELETE + " ELSE "
                    + ChangelogTables.UPDATE_BEFORE + " END" : Integer.toString(ChangelogTables.UPDATE_BEFORE);
            branches.add(branch(t, window, op, ChangelogTables.OP + " = " + ChangelogTables.UPDATE_BEFORE, first, notLast, kept));
        }
        if (superseded && updates > 0) {
            // The last commit's after image of a key changed before in the window: new if appended in it.
            String op = "CASE WHEN " + ChangelogTables.SINCE + " >= " + start + " THEN " + ChangelogTables.APPEND + " ELSE "
                    + ChangelogTables.UPDATE_AFTER + " END";
            branches.add(branch(t, window, op, ChangelogTables.OP + " = " + ChangelogTables.UPDATE_AFTER, notFirst, last, kept));
        }
        String with = "";
        if (recreated) {
            with = "WITH __recreated AS MATERIALIZED (SELECT " + keys + " FROM (" + window + ") WHERE " + ChangelogTables.OP + " = "
                    + ChangelogTables.APPEND + " AND " + deleted + ") ";
            branches.add("SELECT * FROM " + IncrPlanner.minDelta(t, "SELECT * FROM (" + window + ") WHERE " + key + " IN (SELECT "
                    + keys + " FROM __recreated)"));
        }
        return "(" + with + "SELECT * FROM (" + String.join(" UNION ALL ", branches) + ") AS " + IncrPlanner.deltaAlias(t) + ")";
    }

    /** Rows of {@code window} meeting every non-null condition, with {@code op} as their operation. */
    private static String branch(TableMeta t, String window, String op, String... conditions) {
        List<String> where = new ArrayList<>();
        for (String cond : conditions) {
            if (cond != null) {
                where.add(cond);
            }
        }
        return "SELECT " + IncrPlanner.columns(t) + ", CAST(" + op + " AS TINYINT), " + ChangelogTables.TSO + ", " + ChangelogTables.LSN
                + " FROM (" + window + ")" + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where));
    }

    /** {@code column} within a run of {@code kind}. */
    private static String in(List<Run> runs, Kind kind, String column) {
        List<String> ranges = new ArrayList<>();
        for (Run r : runs) {
            if (r.kind() == kind) {
                ranges.add(column + " BETWEEN " + r.from() + " AND " + r.to());
            }
        }
        return ranges.isEmpty() ? "FALSE" : "(" + String.join(" OR ", ranges) + ")";
    }
}
