package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.printer.PlanPrinter;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The match counts an IVM MV keeps for the semi and anti joins of its definition that counting
 * maintains ({@link SemiJoinKey#counted}): per join a table in the MV's DuckDB schema,
 * {@code __doris_ivm_matches_<MV table id>_<n>} (n numbers those joins in pre-order), with one row per
 * join key that rows of the join's right input have: the key's parts ({@code __DORIS_IVM_KEY_<i>__})
 * and how many such rows there are ({@code __DORIS_IVM_COUNT__}, never 0). Right rows whose key has a
 * NULL in a part compared with {@code =} never match and are not counted. A left row has a match when
 * its key is there (and the join's left-only conditions hold). A full build counts again from the
 * bases; a refresh that applies changes reads the counts as they were and then merges the changes'.
 */
public final class MatchCounts {
    public static final String PREFIX = "__doris_ivm_matches_";
    static final String COUNT = AggregateState.GROUP_COUNT;

    /** One counted join and its table. */
    public record Counted(int index, PlanNode.Join join, SemiJoinKey key, String schema, String table) {
        /** The table's column of each part of the key, in order. */
        List<String> keyColumns() {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < key.parts().size(); i++) {
                out.add(IvmLayout.HIDDEN_PREFIX + "KEY_" + i + "__");
            }
            return out;
        }

        /** A scan of the table with new columns: the key's parts, then the count. */
        PlanNode.StateScan scan(IntSupplier ids) {
            List<PlanColumn> outputs = new ArrayList<>();
            List<String> columns = new ArrayList<>(keyColumns());
            for (int i = 0; i < key.parts().size(); i++) {
                SemiJoinKey.Part part = key.parts().get(i);
                outputs.add(new PlanColumn(ids.getAsInt(), columns.get(i), part.type(), part.nullSafe()));
            }
            outputs.add(new PlanColumn(ids.getAsInt(), COUNT, DataType.BIGINT, false));
            columns.add(COUNT);
            return new PlanNode.StateScan(schema, table, outputs, columns);
        }

        /** The right rows that are counted: those that pass the join's right-only conditions. */
        PlanNode counted() {
            return key.rightCondition() == null ? join.right() : new PlanNode.Filter(join.right(), key.rightCondition());
        }

        String name() {
            return Sql.ident(schema) + "." + Sql.ident(table);
        }
    }

    /**
     * The net change of a join's counts a delta read: {@code changes} has a row per key whose count
     * changes, its parts ({@code keys}) and by how much ({@code delta}, never 0); or, with
     * {@code recount}, the counts are counted again (the delta read only some partitions' changes).
     */
    public record Change(Counted counted, PlanNode changes, List<PlanColumn> keys, PlanColumn delta, boolean recount) {
        public Change {
            keys = List.copyOf(keys);
        }
    }

    private final String schema;
    private final String prefix;
    private final List<Counted> counted;
    private final Map<PlanNode.Join, Counted> byJoin = new IdentityHashMap<>();

    private MatchCounts(String schema, String prefix, List<Counted> counted) {
        this.schema = schema;
        this.prefix = prefix;
        this.counted = List.copyOf(counted);
        counted.forEach(c -> byJoin.put(c.join(), c));
    }

    /** The counted joins of {@code form}'s input (the very nodes: a delta planner finds them by identity) for MV table {@code mv}. */
    public static MatchCounts of(IvmForm form, TableMeta mv) {
        String prefix = PREFIX + mv.id() + "_";
        List<Counted> out = new ArrayList<>();
        collect(form.input(), mv.duckSchema(), prefix, out);
        return new MatchCounts(mv.duckSchema(), prefix, out);
    }

    private static void collect(PlanNode node, String schema, String prefix, List<Counted> out) {
        if (node instanceof PlanNode.Join j && (j.kind() == PlanNode.JoinKind.LEFT_SEMI || j.kind() == PlanNode.JoinKind.LEFT_ANTI)) {
            SemiJoinKey key = SemiJoinKey.of(j);
            if (key.counted()) {
                out.add(new Counted(out.size(), j, key, schema, prefix + out.size()));
            }
        }
        for (PlanNode input : node.inputs()) {
            collect(input, schema, prefix, out);
        }
    }

    /** The counted join {@code j} (this very node), or null. */
    Counted find(PlanNode.Join j) {
        return byJoin.get(j);
    }

    public boolean isEmpty() {
        return counted.isEmpty();
    }

    /** A line per counted join for EXPLAIN: its kind, how many parts its key has and where its counts are. */
    public List<String> describe() {
        return counted.stream().map(c -> "Match counts of " + (c.join().kind() == PlanNode.JoinKind.LEFT_SEMI ? "LEFT SEMI" : "LEFT ANTI")
                + " JOIN #" + c.index() + ": per key of " + c.key().parts().size() + " part(s) in " + c.schema() + "." + c.table())
                .toList();
    }

    /**
     * Counts every join's matches again from the bases as {@code printer} reads them, and drops the
     * tables of joins the definition no longer has.
     */
    void recount(PlanPrinter printer, IvmMaintenance.Runner runner) {
        Object existing = runner.scalar("SELECT string_agg(table_name, ',') FROM duckdb_tables() WHERE schema_name = "
                + Sql.literal(schema) + " AND starts_with(table_name, " + Sql.literal(prefix) + ")");
        if (existing != null) {
            for (String name : existing.toString().split(",")) {
                if (counted.stream().noneMatch(c -> c.table().equals(name))) {
                    runner.execute("DROP TABLE " + Sql.ident(schema) + "." + Sql.ident(name));
                }
            }
        }
        for (Counted c : counted) {
            runner.execute(recount(c, printer));
        }
    }

    /** The counted joins, in pre-order. */
    List<Counted> all() {
        return counted;
    }

    /** The statement counting one join's matches again. */
    private static String recount(Counted c, PlanPrinter printer) {
        return "CREATE OR REPLACE TABLE " + c.name() + " AS " + countQuery(c, printer);
    }

    /** The rows one join's count table holds, counted from the bases as {@code printer} reads them. */
    static String countQuery(Counted c, PlanPrinter printer) {
        List<String> items = new ArrayList<>();
        List<String> present = new ArrayList<>();
        List<String> columns = c.keyColumns();
        for (int i = 0; i < columns.size(); i++) {
            SemiJoinKey.Part part = c.key().parts().get(i);
            String value = printer.printExpression(part.right());
            items.add(value + " AS " + Sql.ident(columns.get(i)));
            if (!part.nullSafe()) {
                present.add("(" + value + ") IS NOT NULL");
            }
        }
        items.add("count(*) AS " + Sql.ident(COUNT));
        return "SELECT " + String.join(", ", items) + " FROM ("
                + printer.printColumns(c.counted()) + ") AS r" + (present.isEmpty() ? "" : " WHERE " + String.join(" AND ", present))
                + (columns.isEmpty() ? "" : " GROUP BY ALL") + " HAVING count(*) > 0";
    }

    /** Applies a change a delta read: counts move by it, a key left with none is removed (the delta has read them before). */
    void apply(Change change, PlanPrinter printer, IvmMaintenance.Runner runner) {
        Counted c = change.counted();
        if (change.recount()) {
            runner.execute(recount(c, printer));
            return;
        }
        String t = c.name();
        List<String> columns = c.keyColumns();
        List<String> match = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String u = "u." + PlanPrinter.columnName(change.keys().get(i));
            match.add(t + "." + Sql.ident(columns.get(i)) + (c.key().parts().get(i).nullSafe() ? " IS NOT DISTINCT FROM " : " = ") + u);
            values.add(u);
        }
        String count = t + "." + Sql.ident(COUNT);
        String delta = "u." + PlanPrinter.columnName(change.delta());
        List<String> inserted = new ArrayList<>(columns);
        inserted.add(COUNT);
        values.add(delta);
        runner.execute("MERGE INTO " + t + " USING (" + printer.printColumns(change.changes()) + ") AS u ON "
                + (match.isEmpty() ? "TRUE" : String.join(" AND ", match)) + " WHEN MATCHED AND " + count + " + " + delta
                + " <= 0 THEN DELETE WHEN MATCHED THEN UPDATE SET " + Sql.ident(COUNT) + " = " + count + " + " + delta
                + " WHEN NOT MATCHED AND " + delta + " > 0 THEN INSERT (" + String.join(", ", inserted.stream().map(Sql::ident).toList())
                + ") VALUES (" + String.join(", ", values) + ")");
    }

    /** Drops the match count tables of the MV whose table is {@code mv}. */
    public static void drop(Connection c, TableMeta mv) {
        for (List<Object> r : Sql.rows(c, "SELECT table_name FROM duckdb_tables() WHERE schema_name = ? AND starts_with(table_name, ?)",
                mv.duckSchema(), PREFIX + mv.id() + "_")) {
            Sql.execute(c, "DROP TABLE " + Sql.ident(mv.duckSchema()) + "." + Sql.ident((String) r.get(0)));
        }
    }
}
