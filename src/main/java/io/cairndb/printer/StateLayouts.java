package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.function.Function;

import static io.cairndb.printer.StateLayout.cast;
import static io.cairndb.printer.StateLayout.field;
import static io.cairndb.printer.StateLayout.pack;

/**
 * The state of each aggregate that has one. SUM, MIN, MAX and ANY_VALUE keep their partial value
 * ({@code v}); COUNT its count; AVG the sum ({@code v}) and the count ({@code n}) of its values;
 * MAX_BY / MIN_BY the value ({@code v}) at the extreme key ({@code k}); GROUP_CONCAT its strings
 * ({@code v}) and its separator ({@code sep}), which states must share to merge; MULTI_DISTINCT_COUNT
 * and MULTI_DISTINCT_SUM the distinct values ({@code v}); the bitmap and HLL
 * aggregates (and NDV) the members of their sketch ({@code v}), merged as
 * {@link SketchFunctions} merges bitmaps and HLLs.
 */
final class StateLayouts {
    private static final Map<String, StateLayout> LAYOUTS = layouts();

    private StateLayouts() {
    }

    /** The layout of the state of an aggregate (lower-case name), or null when it has none. */
    static StateLayout of(String aggregate) {
        return LAYOUTS.get(aggregate);
    }

    private static Map<String, StateLayout> layouts() {
        Map<String, StateLayout> m = new HashMap<>();
        m.put("sum", new Value("sum", AggregateFunctions::sumType, (a, b) -> "coalesce(" + a + " + " + b + ", " + a + ", " + b + ")"));
        m.put("min", new Value("min", t -> t, (a, b) -> "least(" + a + ", " + b + ")"));
        m.put("max", new Value("max", t -> t, (a, b) -> "greatest(" + a + ", " + b + ")"));
        StateLayout any = new Value("any_value", t -> t, (a, b) -> "coalesce(" + a + ", " + b + ")");
        m.put("any_value", any);
        m.put("any", any);
        m.put("count", new Count());
        m.put("avg", new Average());
        m.put("group_concat", new Concat());
        m.put("multi_distinct_count", new Distinct(true));
        m.put("multi_distinct_sum", new Distinct(false));
        m.put("max_by", new By("max_by", "max", ">"));
        m.put("min_by", new By("min_by", "min", "<"));
        // A bitmap or an HLL argument is the row's sketch; bitmap_agg and ndv make theirs from a value.
        Function<Call, String> given = c -> "coalesce(" + c.arg(0) + ", " + SketchFunctions.EMPTY + ")";
        for (String f : List.of("bitmap_union", "hll_union", "hll_raw_agg")) {
            m.put(f, new Sketch(given, false));
        }
        for (String f : List.of("bitmap_union_count", "hll_union_agg")) {
            m.put(f, new Sketch(given, true));
        }
        m.put("bitmap_agg", new Sketch(c -> FunctionRegistry.INSTANCE.map(c.renamed("to_bitmap")), false));
        Sketch hashes = new Sketch(c -> FunctionRegistry.INSTANCE.map(c.renamed("hll_hash")), true);
        m.put("ndv", hashes);
        m.put("approx_count_distinct", hashes);
        return Map.copyOf(m);
    }

    /** A state that is a partial value of the aggregate's own kind (of {@code valueType} of the argument's type). */
    private record Value(String aggregate, Function<DataType, DataType> valueType, BinaryOperator<String> combine)
            implements StateLayout {
        private String duck(List<DataType> args) {
            return DuckTypes.toDuckDb(valueType.apply(args.get(0)));
        }

        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v " + duck(args) + ")";
        }

        @Override
        public String state(Call c) {
            return pack("v", cast(c.arg(0), duck(List.of(c.raw(0).type()))));
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            return pack("v", cast(agg.call(aggregate, field(s, "v")), duck(state.children())));
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            return cast(agg.call(aggregate, field(s, "v")), DuckTypes.toDuckDb(result));
        }

        @Override
        public String combine(String a, String b, DataType state) {
            return pack("v", cast(combine.apply(field(a, "v"), field(b, "v")), duck(state.children())));
        }
    }

    /** COUNT(x) / COUNT(*): the count (0 or 1 for a row). */
    private record Count() implements StateLayout {
        @Override
        public int maxArgs() {
            return 1;
        }

        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v BIGINT)";
        }

        @Override
        public String state(Call c) {
            return pack("v", c.arity() == 0 ? "CAST(1 AS BIGINT)" : "CAST(" + c.arg(0) + " IS NOT NULL AS BIGINT)");
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            return pack("v", total(agg, field(s, "v")));
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            return total(agg, field(s, "v"));
        }

        @Override
        public String combine(String a, String b, DataType state) {
            return pack("v", "coalesce(" + field(a, "v") + ", 0) + coalesce(" + field(b, "v") + ", 0)");
        }
    }

    /** The sum of counts, 0 for no rows. */
    private static String total(StateLayout.Aggregating agg, String counts) {
        return "CAST(coalesce(" + agg.call("sum", counts) + ", 0) AS BIGINT)";
    }

    /**
     * AVG(x): the sum of the values (a DECIMAL(38, s) for a DECIMAL, a LARGEINT for integers, else a
     * DOUBLE) and their count; the average divides them as avg does (a DECIMAL exactly so).
     */
    private record Average() implements StateLayout {
        private static String sumType(List<DataType> args) {
            DataType t = args.get(0);
            DataType sum = t.kind() == TypeKind.DECIMAL ? DataType.decimal(OperatorTypes.MAX_PRECISION, t.scale())
                    : t.kind().isInteger() || t.kind() == TypeKind.BOOLEAN || t.kind() == TypeKind.NULL_TYPE ? DataType.LARGEINT
                    : DataType.DOUBLE;
            return DuckTypes.toDuckDb(sum);
        }

        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v " + sumType(args) + ", n BIGINT)";
        }

        @Override
        public String state(Call c) {
            String x = c.arg(0);
            return "struct_pack(v := " + cast(x, sumType(List.of(c.raw(0).type()))) + ", n := CAST(" + x + " IS NOT NULL AS BIGINT))";
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            return "struct_pack(v := " + cast(agg.call("sum", field(s, "v")), sumType(state.children())) + ", n := "
                    + total(agg, field(s, "n")) + ")";
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            String sum = agg.call("sum", field(s, "v"));
            String count = agg.call("sum", field(s, "n"));
            if (result.kind() == TypeKind.DECIMAL) {
                return AggregateFunctions.decimalAverage(sum, count, result.scale());
            }
            return "(CAST(" + sum + " AS DOUBLE) / NULLIF(" + count + ", 0))";
        }

        @Override
        public String combine(String a, String b, DataType state) {
            String av = field(a, "v");
            String bv = field(b, "v");
            return "struct_pack(v := " + cast("coalesce(" + av + " + " + bv + ", " + av + ", " + bv + ")", sumType(state.children()))
                    + ", n := coalesce(" + field(a, "n") + ", 0) + coalesce(" + field(b, "n") + ", 0))";
        }
    }

    /**
     * GROUP_CONCAT(x [, separator]): the non-NULL strings so far and the separator, which states
     * merged together must share (as Doris's do); no strings concatenate to NULL.
     */
    private record Concat() implements StateLayout {
        private static final String INCOMPATIBLE = "error('group_concat: aggregate states have incompatible separators')";

        @Override
        public int maxArgs() {
            return 2;
        }

        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v VARCHAR[], sep VARCHAR)";
        }

        @Override
        public String state(Call c) {
            String separator = c.arity() == 2 ? c.arg(1) : SqlText.string(AggregateFunctions.DEFAULT_SEPARATOR);
            return "struct_pack(v := list_filter([CAST(" + c.arg(0) + " AS VARCHAR)], lambda __e: __e IS NOT NULL), sep := CAST("
                    + separator + " AS VARCHAR))";
        }

        /** The states' one separator: an error when they differ. */
        private static String separator(Aggregating agg, String s) {
            String sep = field(s, "sep");
            return "CASE WHEN " + agg.call("min", sep) + " <> " + agg.call("max", sep) + " THEN " + INCOMPATIBLE + " ELSE "
                    + agg.call("max", sep) + " END";
        }

        private static String strings(Aggregating agg, String s) {
            return "coalesce(flatten(" + agg.call("list", field(s, "v")) + "), CAST([] AS VARCHAR[]))";
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            return "struct_pack(v := " + strings(agg, s) + ", sep := " + separator(agg, s) + ")";
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            String strings = strings(agg, s);
            // array_to_string takes only a constant separator; the states' separator is a value of theirs.
            return "CASE WHEN len(" + strings + ") = 0 THEN NULL ELSE list_reduce(" + strings + ", lambda __l, __r: __l || "
                    + separator(agg, s) + " || __r) END";
        }

        @Override
        public String combine(String a, String b, DataType state) {
            String as = field(a, "sep");
            String bs = field(b, "sep");
            String none = "CAST([] AS VARCHAR[])";
            return "struct_pack(v := list_concat(coalesce(" + field(a, "v") + ", " + none + "), coalesce(" + field(b, "v") + ", " + none
                    + ")), sep := CASE WHEN " + as + " <> " + bs
                    + " THEN " + INCOMPATIBLE + " ELSE coalesce(" + as + ", " + bs + ") END)";
        }
    }

    /**
     * MULTI_DISTINCT_COUNT(x) / MULTI_DISTINCT_SUM(x), Doris's COUNT(DISTINCT x) and SUM(DISTINCT x): the
     * distinct non-NULL values so far; {@code counts}: their number, else their sum.
     */
    private record Distinct(boolean counts) implements StateLayout {
        private static String element(List<DataType> args) {
            return DuckTypes.toDuckDb(args.get(0));
        }

        private static String values(Aggregating agg, String s, List<DataType> args) {
            return "coalesce(list_distinct(flatten(" + agg.call("list", field(s, "v")) + ")), CAST([] AS " + element(args) + "[]))";
        }

        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v " + element(args) + "[])";
        }

        @Override
        public String state(Call c) {
            return pack("v", "list_filter([" + cast(c.arg(0), element(List.of(c.raw(0).type()))) + "], lambda __e: __e IS NOT NULL)");
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            return pack("v", values(agg, s, state.children()));
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            String values = values(agg, s, state.children());
            return cast(counts ? "len(" + values + ")" : "list_sum(" + values + ")", DuckTypes.toDuckDb(result));
        }

        @Override
        public String combine(String a, String b, DataType state) {
            String none = "CAST([] AS " + element(state.children()) + "[])";
            return pack("v", "list_distinct(list_concat(coalesce(" + field(a, "v") + ", " + none + "), coalesce(" + field(b, "v")
                    + ", " + none + ")))");
        }
    }

    /** MAX_BY(v, k) / MIN_BY(v, k): the value at the extreme key so far, and that key. */
    private record By(String aggregate, String extreme, String beats) implements StateLayout {
        private static String duck(DataType t) {
            return DuckTypes.toDuckDb(t);
        }

        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v " + duck(args.get(0)) + ", k " + duck(args.get(1)) + ")";
        }

        @Override
        public String state(Call c) {
            return "struct_pack(v := " + cast(c.arg(0), duck(c.raw(0).type())) + ", k := " + cast(c.arg(1), duck(c.raw(1).type())) + ")";
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            List<DataType> args = state.children();
            return "struct_pack(v := " + cast(agg.call(aggregate, field(s, "v") + ", " + field(s, "k")), duck(args.get(0)))
                    + ", k := " + cast(agg.call(extreme, field(s, "k")), duck(args.get(1))) + ")";
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            return cast(agg.call(aggregate, field(s, "v") + ", " + field(s, "k")), DuckTypes.toDuckDb(result));
        }

        @Override
        public String combine(String a, String b, DataType state) {
            String ak = field(a, "k");
            String bk = field(b, "k");
            return "CASE WHEN " + bk + " IS NOT NULL AND (" + ak + " IS NULL OR " + bk + " " + beats + " " + ak + ") THEN " + b
                    + " ELSE " + a + " END";
        }
    }

    /**
     * A bitmap or HLL aggregate: the row's sketch ({@code rowSketch} of the call), merged into their
     * union; {@code counts}: the aggregate's value is the union's size, else the union itself.
     */
    private record Sketch(Function<Call, String> rowSketch, boolean counts) implements StateLayout {
        @Override
        public String duckType(List<DataType> args) {
            return "STRUCT(v UBIGINT[])";
        }

        @Override
        public String state(Call c) {
            return pack("v", rowSketch.apply(c));
        }

        @Override
        public String union(Aggregating agg, String s, DataType state) {
            return pack("v", SketchFunctions.union(agg.call("list", field(s, "v"))));
        }

        @Override
        public String merge(Aggregating agg, String s, DataType state, DataType result) {
            String lists = agg.call("list", field(s, "v"));
            return counts ? SketchFunctions.distinctCount(lists) : SketchFunctions.union(lists);
        }

        @Override
        public String combine(String a, String b, DataType state) {
            return pack("v", SketchFunctions.union("[" + field(a, "v") + ", " + field(b, "v") + "]"));
        }
    }
}
