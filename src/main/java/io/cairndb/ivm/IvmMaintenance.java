package io.cairndb.ivm;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.engine.Sql;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.printer.DuckTypes;
import io.cairndb.printer.PlanPrinter;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The set-oriented statements that build an IVM MV's baseline and apply a delta to it: a few
 * statements per refresh, never one per row. Aggregate MVs merge each touched group's state with the
 * delta's (groups whose count reaches 0 disappear; a global aggregate keeps its one row) and
 * recompute from the base only the groups whose MIN/MAX lost its extreme. Multiset MVs insert the
 * copies a row gains and delete the copies it loses.
 */
public final class IvmMaintenance {
    /** Runs one statement in the refresh's transaction; a query's single value is returned by {@link #scalar}. */
    public interface Runner {
        void execute(String sql);

        Object scalar(String sql);
    }

    private static final String RECOMPUTE = "__DORIS_IVM_RECOMPUTE__";
    /** Whether a staged group is stored in the MV already. */
    private static final String STORED = "__DORIS_IVM_STORED__";
    private static final String MULTIPLICITY = "__DORIS_IVM_MULTIPLICITY__";
    /** Whether a merged group stays in the MV (see {@link #kept}). */
    private static final String KEEP = "__DORIS_IVM_KEEP__";
    private static final String ROW = "__DORIS_IVM_ROW__";
    private static final String DELETE_SIGN = "__DORIS_DELETE_SIGN__";
    private static final String STAGED = Sql.ident("__doris_ivm_delta");

    /**
     * Where the MV's own row changes go when it keeps a changelog (an IVM MV above reads them): the
     * changelog's INSERT prefix and table, the commit TSO of the refresh and the partition id.
     */
    public record Capture(String insertInto, String changelog, long tso, String partitionId) {
    }

    private final IvmLayout layout;
    private final TableMeta table;
    private final PlanPrinter printer;
    private final Runner runner;
    private final Capture capture;
    private final MatchCounts counts;

    /** {@code capture} is null when the MV keeps no changelog (and for a preview, which writes nothing). */
    public IvmMaintenance(IvmLayout layout, TableMeta table, PlanPrinter printer, Runner runner, Capture capture) {
        this.layout = layout;
        this.table = table;
        this.printer = printer;
        this.runner = runner;
        this.capture = capture;
        this.counts = MatchCounts.of(layout.form(), table);
    }

    /** Records {@code rows} (a SELECT of whole MV rows, in column order) as changes {@code op} of the MV's changelog. */
    private void capture(int op, String rows) {
        if (capture == null) {
            return;
        }
        String lsn = "(SELECT coalesce(max(" + ChangelogTables.LSN + ") + 1, 0) FROM " + capture.changelog() + " WHERE "
                + ChangelogTables.TSO + " = " + capture.tso() + ") + row_number() OVER () - 1";
        runner.execute(capture.insertInto() + "SELECT " + op + ", " + capture.tso() + ", " + lsn + ", " + capture.partitionId()
                + ", r.* FROM (" + rows + ") AS r");
    }

    /** Replaces the MV's rows by the definition's, with their state, and counts its semi and anti joins' matches again. */
    public void baseline() {
        rebuild(null);
        recount();
    }

    /**
     * Counts the matches of the definition's semi and anti joins again ({@link MatchCounts}): after a
     * refresh that rebuilt partitions rather than apply every change, whose streams move past them all.
     */
    public void recount() {
        counts.recount(printer, runner);
    }

    /**
     * Replaces the MV's rows matching {@code scope} (a predicate over its columns; null: all) by the
     * definition's, with their state: a partition rebuild, whose printer may read only the base rows
     * those rows come from. Like a full build, it records no changes: the caller marks the partitions.
     */
    public void rebuild(String scope) {
        runner.execute("DELETE FROM " + table.duckName() + (scope == null ? "" : " WHERE " + scope));
        List<String> columns;
        String rows;
        if (layout.form().aggregate() == null) {
            columns = layout.visible();
            rows = printer.print(layout.form().plan());
        } else {
            Rows built = rows(grouped(printer.printColumns(layout.form().input()), "1"), null);
            columns = built.columns();
            rows = built.select();
        }
        runner.execute("INSERT INTO " + table.duckName() + " (" + names(columns) + ") SELECT * FROM (" + rows + ") AS "
                + Sql.ident("__mv") + "(" + names(columns) + ")" + (scope == null ? "" : " WHERE " + scope));
    }

    /**
     * Applies {@code delta} (the rows the definition gains and loses, weighted by {@code weight}). With
     * {@code mayStop}, it writes nothing and returns why when it would recompute more than
     * {@link #RECOMPUTE_LIMIT} groups and over half of the MV's from the base: that reads the whole
     * input, so a full build costs no more (MIN_MAX_BOUNDARY_HIT when the MV has MIN or MAX, else
     * BITMAP_AGG_DELETE: its other aggregates are kept as values, like bitmaps). Null: applied.
     */
    public String apply(DeltaPlanner.Delta delta, boolean mayStop) {
        String stopped = apply(delta.plan(), delta.weight(), mayStop);
        if (stopped == null) {
            // The delta has read the match counts as they were: now they move.
            delta.counts().forEach(change -> counts.apply(change, printer, runner));
        }
        return stopped;
    }

    private String apply(PlanNode delta, PlanColumn weight, boolean mayStop) {
        String rows = printer.printColumns(delta);
        String w = PlanPrinter.columnName(weight);
        if (layout.form().aggregate() != null && capture == null) {
            Staging staging = staging(rows, w);
            if (staging.recompute().isEmpty()) {
                mergeGroups(staging.select());
                return null;
            }
        }
        String stopped = null;
        if (layout.form().aggregate() == null) {
            applyToMultiset(rows, w);
        } else {
            stopped = applyToGroups(rows, w, mayStop);
        }
        discard();
        return stopped;
    }

    /** Above this many groups to recompute, a refresh that may fall back considers a full build instead. */
    public static final long RECOMPUTE_LIMIT = 1_000;

    /**
     * The rows applying {@code delta} would write, as a query, with what it would do to each: for an
     * aggregate MV each touched group's new row and {@code __DORIS_DELETE_SIGN__} 1 for a group that
     * disappears; for a multiset MV each changed row with the copies it gains (negative: loses). The
     * delta is staged in a temporary table, which {@link #discard} drops; the MV is left as it is.
     */
    public Preview preview(PlanNode delta, PlanColumn weight) {
        String rows = printer.printColumns(delta);
        String w = PlanPrinter.columnName(weight);
        if (layout.form().aggregate() == null) {
            stageMultiset(rows, w);
            List<String> columns = new ArrayList<>(layout.visible());
            columns.add(MULTIPLICITY);
            return new Preview(columns, "SELECT " + names(columns) + " FROM " + STAGED + " ORDER BY " + Sql.ident(ROW));
        }
        List<String> recompute = stageGroups(rows, w);
        PlanNode.Aggregate a = layout.form().aggregate();
        String gone = "CASE WHEN " + Sql.ident(AggregateState.GROUP_COUNT) + " > 0 OR " + keptEmpty("") + " THEN 0 ELSE 1 END";
        Rows changed = rows("SELECT *, " + gone + " AS " + Sql.ident(DELETE_SIGN) + " FROM " + STAGED + " WHERE NOT "
                + Sql.ident(RECOMPUTE), Sql.ident(DELETE_SIGN));
        String select = changed.select();
        if (!recompute.isEmpty()) {
            select += " UNION ALL " + rows("SELECT *, 0 AS " + Sql.ident(DELETE_SIGN) + " FROM (" + recomputed(a)
                    + ")", Sql.ident(DELETE_SIGN)).select();
        }
        List<String> columns = new ArrayList<>(changed.columns());
        columns.add(DELETE_SIGN);
        return new Preview(columns, select);
    }

    /** The columns {@link #preview} answers with, for a preview of no change at all (no rows). */
    public List<String> previewColumns() {
        List<String> columns = new ArrayList<>(layout.form().aggregate() == null ? layout.visible() : table.columnNames());
        columns.add(layout.form().aggregate() == null ? MULTIPLICITY : DELETE_SIGN);
        return columns;
    }

    /** A query of the rows a refresh would write, and its column names. */
    public record Preview(List<String> columns, String select) {
        public Preview {
            columns = List.copyOf(columns);
        }
    }

    /** Drops what {@link #preview} staged. */
    public void discard() {
        runner.execute("DROP TABLE IF EXISTS " + STAGED);
    }

    // ---------------------------------------------------------------- aggregate MVs

    private String applyToGroups(String rows, String w, boolean mayStop) {
        List<String> recompute = stageGroups(rows, w);
        PlanNode.Aggregate a = layout.form().aggregate();
        String mv = table.duckName();
        long recomputed = recompute.isEmpty() ? 0
                : ((Number) runner.scalar("SELECT count(*) FROM " + STAGED + " WHERE " + Sql.ident(RECOMPUTE))).longValue();
        if (mayStop && recomputed > RECOMPUTE_LIMIT && recomputed * 2 > ((Number) runner.scalar("SELECT count(*) FROM " + mv)).longValue()) {
            return layout.states().stream().anyMatch(AggregateState::extreme) ? "MIN_MAX_BOUNDARY_HIT" : "BITMAP_AGG_DELETE";
        }
        String touched = a.keys().isEmpty() ? "SELECT * FROM " + mv
                : "SELECT m.* FROM " + mv + " AS m SEMI JOIN " + STAGED + " AS n ON " + String.join(" AND ", sameGroup("m", "n"));
        capture(ChangelogTables.DELETE, touched);
        // A group that stays is updated in place: deleting and inserting it again would leave the MV's
        // storage a trail of deleted rows that every later scan reads until a checkpoint.
        List<String> same = sameGroup(mv, "n");
        same.add("NOT " + kept("n."));
        runner.execute("DELETE FROM " + mv + " USING " + STAGED + " AS n WHERE " + String.join(" AND ", same));
        runner.execute(updateRows("SELECT * FROM " + STAGED + " WHERE " + Sql.ident(STORED) + " AND " + kept("")));
        runner.execute(insertRows("SELECT * FROM " + STAGED + " WHERE NOT " + Sql.ident(STORED) + " AND " + kept("")));
        if (recomputed > 0) {
            runner.execute(insertRows(recomputed(a)));
        }
        capture(ChangelogTables.APPEND, touched);
        return null;
    }

    /** The groups to recompute, computed again from the base rows they hold. */
    private String recomputed(PlanNode.Aggregate a) {
        String states = grouped(recomputedInput(a), "1");
        if (!groupingSets()) {
            return states;
        }
        // The input rows of a touched group also form other groups of other grouping sets: only the touched ones are kept.
        List<String> match = new ArrayList<>();
        a.keys().forEach(k -> match.add("g." + PlanPrinter.columnName(k) + " IS NOT DISTINCT FROM n." + PlanPrinter.columnName(k)));
        match.add("g." + Sql.ident(AggregateState.GROUPING) + " = n." + Sql.ident(AggregateState.GROUPING));
        return "SELECT g.* FROM (" + states + ") AS g SEMI JOIN (SELECT * FROM " + STAGED + " WHERE " + Sql.ident(RECOMPUTE)
                + ") AS n ON " + String.join(" AND ", match);
    }

    /**
     * Applies the touched groups' merged states ({@code merged}: {@link #staging}'s query, where no
     * group is recomputed) in one MERGE: the common refresh of an aggregate MV that keeps no
     * changelog, without the temp table, DELETE, UPDATE, INSERT and DROP that staging takes.
     */
    private void mergeGroups(String merged) {
        Rows rows = rows(merged, kept("") + " AS " + Sql.ident(KEEP));
        String mv = table.duckName();
        List<String> columns = rows.columns();
        List<String> aliases = new ArrayList<>(columns);
        aliases.add(KEEP);
        List<String> match = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String c : columns) {
            boolean key = layout.keyColumns().contains(c) || c.equals(AggregateState.GROUPING);
            if (key) {
                match.add(mv + "." + Sql.ident(c) + (c.equals(AggregateState.GROUPING) ? " = " : " IS NOT DISTINCT FROM ") + "u." + Sql.ident(c));
            } else {
                sets.add(Sql.ident(c) + " = u." + Sql.ident(c));
            }
            values.add("u." + Sql.ident(c));
        }
        String keep = "u." + Sql.ident(KEEP);
        runner.execute("MERGE INTO " + mv + " USING (" + rows.select() + ") AS u(" + names(aliases) + ") ON "
                + (match.isEmpty() ? "TRUE" : String.join(" AND ", match)) + " WHEN MATCHED AND NOT " + keep + " THEN DELETE WHEN MATCHED THEN UPDATE SET "
                + String.join(", ", sets) + " WHEN NOT MATCHED AND " + keep + " THEN INSERT (" + names(columns) + ") VALUES ("
                + String.join(", ", values) + ")");
    }

    /** The query of each touched group's merged state and whether it must be recomputed, and the conditions of recomputation. */
    private record Staging(String select, List<String> recompute) {
    }

    /**
     * Stages each touched group's merged state and whether it must be recomputed; returns the
     * conditions of recomputation (empty when the MV has no MIN/MAX).
     */
    private List<String> stageGroups(String rows, String w) {
        Staging staging = staging(rows, w);
        runner.execute("CREATE OR REPLACE TEMP TABLE " + STAGED + " AS " + staging.select());
        return staging.recompute();
    }

    /** See {@link Staging}: the delta's groups joined with the MV's rows of them, states merged. */
    private Staging staging(String rows, String w) {
        PlanNode.Aggregate a = layout.form().aggregate();
        List<String> items = new ArrayList<>();
        for (int j = 0; j < a.keys().size(); j++) {
            items.add("d." + PlanPrinter.columnName(a.keys().get(j)));
        }
        if (groupingSets()) {
            items.add("d." + Sql.ident(AggregateState.GROUPING));
        }
        List<String> join = sameGroup("m", "d");
        String count = "(coalesce(m." + Sql.ident(AggregateState.GROUP_COUNT) + ", 0) + d." + Sql.ident(AggregateState.GROUP_COUNT) + ")";
        items.add(count + " AS " + Sql.ident(AggregateState.GROUP_COUNT));
        List<String> recompute = new ArrayList<>();
        for (AggregateState s : layout.states()) {
            items.addAll(s.merged("m", "d", count));
            String r = s.recompute("m", "d");
            if (r != null) {
                recompute.add(r);
            }
        }
        // A global aggregate keeps its row even with no rows left, and its value for them is recomputed too.
        String live = "(" + count + " > 0 OR " + keptEmpty("d.") + ")";
        items.add((recompute.isEmpty() ? "FALSE" : "coalesce(" + live + " AND (" + String.join(" OR ", recompute) + "), FALSE)")
                + " AS " + Sql.ident(RECOMPUTE));
        items.add("m.rowid IS NOT NULL AS " + Sql.ident(STORED));
        return new Staging("SELECT " + String.join(", ", distinct(items)) + " FROM (" + grouped(rows, w) + ") AS d LEFT JOIN "
                + table.duckName() + " AS m ON " + (join.isEmpty() ? "TRUE" : String.join(" AND ", join)), recompute);
    }

    /** The aggregate's input rows of the groups to recompute (all of them for a global aggregate). */
    private String recomputedInput(PlanNode.Aggregate a) {
        String input = printer.printColumns(a.input());
        if (a.keys().isEmpty()) {
            return input;
        }
        List<String> match = new ArrayList<>();
        for (int j = 0; j < a.keys().size(); j++) {
            String key = PlanPrinter.columnName(a.keys().get(j));
            String same = "i." + key + " IS NOT DISTINCT FROM r." + key;
            // A key its grouping set does not group by matches every row.
            match.add(groupingSets() ? "(((r." + Sql.ident(AggregateState.GROUPING) + " >> " + (a.keys().size() - 1 - j) + ") & 1) = 1 OR "
                    + same + ")" : same);
        }
        return "SELECT i.* FROM (" + input + ") AS i SEMI JOIN (SELECT * FROM " + STAGED + " WHERE " + Sql.ident(RECOMPUTE)
                + ") AS r ON " + String.join(" AND ", match);
    }

    private boolean groupingSets() {
        return !layout.form().aggregate().groupingSets().isEmpty();
    }

    /**
     * Whether a staged group is kept when its rows are all gone: the one row of a global aggregate,
     * and that of the empty grouping set (), as the definition gives them over no rows.
     */
    private String keptEmpty(String row) {
        PlanNode.Aggregate a = layout.form().aggregate();
        if (a.keys().isEmpty()) {
            return "TRUE";
        }
        if (groupingSets() && a.groupingSets().contains(List.of())) {
            return row + Sql.ident(AggregateState.GROUPING) + " = " + ((1L << a.keys().size()) - 1);
        }
        return "FALSE";
    }

    /** Conditions matching a stored row {@code m} and a staged one {@code n}: the same keys (NULL too), the same grouping set. */
    private List<String> sameGroup(String m, String n) {
        PlanNode.Aggregate a = layout.form().aggregate();
        List<String> match = new ArrayList<>();
        for (int j = 0; j < a.keys().size(); j++) {
            match.add(m + "." + Sql.ident(layout.keyColumns().get(j)) + " IS NOT DISTINCT FROM " + n + "."
                    + PlanPrinter.columnName(a.keys().get(j)));
        }
        if (groupingSets()) {
            match.add(m + "." + Sql.ident(AggregateState.GROUPING) + " = " + n + "." + Sql.ident(AggregateState.GROUPING));
        }
        return match;
    }

    /** Per group of {@code rows} (weighted by {@code w}): the keys, the row count and each call's state. */
    private String grouped(String rows, String w) {
        PlanNode.Aggregate a = layout.form().aggregate();
        List<String> items = new ArrayList<>();
        a.keys().forEach(k -> items.add(PlanPrinter.columnName(k)));
        items.add("coalesce(sum(" + w + "), 0) AS " + Sql.ident(AggregateState.GROUP_COUNT));
        for (int i = 0; i < layout.states().size(); i++) {
            PlanNode.AggregateAssignment agg = a.aggregates().get(i);
            AggregateState state = layout.states().get(i);
            String x = agg.call().args().isEmpty() ? null : printer.printExpression(agg.call().args().get(0));
            String value = state.needsAggregate() ? printer.printAggregate(agg.call(), agg.column().type()) : null;
            items.addAll(state.partial(x, value, w));
        }
        String keys = a.keys().stream().map(PlanPrinter::columnName).collect(Collectors.joining(", "));
        if (groupingSets()) {
            items.add("grouping(" + keys + ") AS " + Sql.ident(AggregateState.GROUPING));
        }
        String sql = "SELECT " + String.join(", ", distinct(items)) + " FROM (" + rows + ") AS r";
        if (groupingSets()) {
            sql += " GROUP BY GROUPING SETS (" + a.groupingSets().stream().map(set -> "(" + set.stream()
                    .map(i -> PlanPrinter.columnName(a.keys().get(i))).collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining(", ")) + ")";
        } else if (!a.keys().isEmpty()) {
            sql += " GROUP BY " + keys;
        }
        return sql;
    }

    /** Whether a staged group ({@code row}: its qualifier) stays, with its merged state: it has rows, or is kept empty. */
    private String kept(String row) {
        return "(NOT " + row + Sql.ident(RECOMPUTE) + " AND (" + row + Sql.ident(AggregateState.GROUP_COUNT) + " > 0 OR " + keptEmpty(row)
                + "))";
    }

    /** UPDATE of the stored rows of the groups of {@code states} to their new values and state. */
    private String updateRows(String states) {
        Rows rows = rows(states, null);
        String mv = table.duckName();
        List<String> match = new ArrayList<>();
        for (String key : layout.keyColumns()) {
            match.add(mv + "." + Sql.ident(key) + " IS NOT DISTINCT FROM u." + Sql.ident(key));
        }
        if (groupingSets()) {
            match.add(mv + "." + Sql.ident(AggregateState.GROUPING) + " = u." + Sql.ident(AggregateState.GROUPING));
        }
        List<String> sets = new ArrayList<>();
        for (String c : rows.columns()) {
            if (!layout.keyColumns().contains(c) && !c.equals(AggregateState.GROUPING)) {
                sets.add(Sql.ident(c) + " = u." + Sql.ident(c));
            }
        }
        return "UPDATE " + mv + " SET " + String.join(", ", sets) + " FROM (" + rows.select() + ") AS u(" + names(rows.columns()) + ")"
                + (match.isEmpty() ? "" : " WHERE " + String.join(" AND ", match));
    }

    /** INSERT of the MV rows of {@code states} (keys by id name and state columns): visible values computed, state kept. */
    private String insertRows(String states) {
        Rows rows = rows(states, null);
        return "INSERT INTO " + table.duckName() + " (" + names(rows.columns()) + ") " + rows.select();
    }

    /** A SELECT of MV rows and the columns it fills, in order. */
    private record Rows(List<String> columns, String select) {
    }

    /** The MV rows of {@code states}, followed by {@code extra} (a SELECT item over the state row, named) when not null. */
    private Rows rows(String states, String extra) {
        PlanNode.Aggregate a = layout.form().aggregate();
        List<String> finals = new ArrayList<>();
        for (int i = 0; i < layout.states().size(); i++) {
            finals.add(layout.states().get(i).finalValue() + " AS " + PlanPrinter.columnName(a.aggregates().get(i).column()));
        }
        String finalized = "SELECT *" + (finals.isEmpty() ? "" : ", " + String.join(", ", finals)) + " FROM (" + states + ") AS s";
        List<String> items = new ArrayList<>();
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < layout.visible().size(); i++) {
            ColumnMeta column = table.column(layout.visible().get(i));
            items.add("CAST(" + printer.printExpression(layout.form().outputs().get(i)) + " AS " + DuckTypes.toDuckDb(column.type())
                    + ")");
            targets.add(column.name());
        }
        for (int j = 0; j < a.keys().size(); j++) {
            String stored = layout.keyColumns().get(j);
            if (IvmLayout.isHidden(stored)) {
                items.add(PlanPrinter.columnName(a.keys().get(j)));
                targets.add(stored);
            }
        }
        for (ColumnMeta c : layout.hidden()) {
            if (c.name().equals(IvmLayout.HAVING)) {
                items.add("coalesce(CAST(" + printer.printExpression(layout.form().having()) + " AS BOOLEAN), FALSE)");
                targets.add(c.name());
            } else if (!targets.contains(c.name())) {
                items.add(Sql.ident(c.name()));
                targets.add(c.name());
            }
        }
        if (extra != null) {
            items.add(extra);
        }
        return new Rows(targets, "SELECT " + String.join(", ", items) + " FROM (" + finalized + ") AS f");
    }

    // ---------------------------------------------------------------- multiset MVs

    /**
     * Each distinct row of the delta with its net weight: the copies it gains are inserted, and as
     * many stored copies as it loses are deleted (any of the equal copies).
     */
    private void applyToMultiset(String rows, String w) {
        List<String> match = stageMultiset(rows, w);
        String mv = table.duckName();
        String multiplicity = Sql.ident(MULTIPLICITY);
        String lost = "rowid IN (SELECT id FROM (SELECT m.rowid AS id, row_number() OVER (PARTITION BY n." + Sql.ident(ROW)
                + ") AS copy, -n." + multiplicity + " AS lost FROM " + mv + " AS m JOIN " + STAGED + " AS n ON "
                + String.join(" AND ", match) + " WHERE n." + multiplicity + " < 0) WHERE copy <= lost)";
        capture(ChangelogTables.DELETE, "SELECT * FROM " + mv + " WHERE " + lost);
        runner.execute("DELETE FROM " + mv + " WHERE " + lost);
        String gained = "SELECT " + names(layout.visible()) + " FROM (SELECT *, unnest(range(" + multiplicity + ")) FROM " + STAGED
                + " WHERE " + multiplicity + " > 0)";
        capture(ChangelogTables.APPEND, gained);
        runner.execute("INSERT INTO " + mv + " (" + names(layout.visible()) + ") " + gained);
    }

    /** Stages each changed row with its net weight; returns the conditions matching a stored row to a staged one. */
    private List<String> stageMultiset(String rows, String w) {
        List<PlanColumn> outputs = layout.form().plan().outputs();
        List<String> items = new ArrayList<>();
        List<String> groups = new ArrayList<>();
        List<String> match = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            ColumnMeta column = table.column(layout.visible().get(i));
            String name = Sql.ident(column.name());
            items.add("CAST(" + PlanPrinter.columnName(outputs.get(i)) + " AS " + DuckTypes.toDuckDb(column.type()) + ") AS " + name);
            groups.add(String.valueOf(i + 1));
            match.add("m." + name + " IS NOT DISTINCT FROM n." + name);
        }
        runner.execute("CREATE OR REPLACE TEMP TABLE " + STAGED + " AS SELECT *, row_number() OVER () AS " + Sql.ident(ROW)
                + " FROM (SELECT " + String.join(", ", items) + ", CAST(sum(" + w + ") AS BIGINT) AS " + Sql.ident(MULTIPLICITY) + " FROM (" + rows
                + ") AS r GROUP BY " + String.join(", ", groups) + " HAVING sum(" + w + ") <> 0)");
        return match;
    }

    /** SELECT items without repeats of a name: calls over the same argument share their state columns. */
    private static List<String> distinct(List<String> items) {
        java.util.Set<String> names = new java.util.HashSet<>();
        List<String> out = new ArrayList<>();
        for (String item : items) {
            int as = item.lastIndexOf(" AS ");
            if (as < 0 || names.add(item.substring(as + 4))) {
                out.add(item);
            }
        }
        return out;
    }

    private static String names(List<String> columns) {
        return columns.stream().map(Sql::ident).collect(Collectors.joining(", "));
    }
}
