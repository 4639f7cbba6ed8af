package io.cairndb.printer;

import static io.cairndb.printer.Call.call;

/**
 * BITMAP and HLL functions over their {@code UBIGINT[]} representation (see {@link DuckTypes}): a
 * bitmap is its sorted distinct members, an HLL the distinct 64-bit hashes of its members, so
 * every count here is exact. A percentile state (StarRocks's PERCENTILE) is the {@code FLOAT[]} of
 * its values, so its percentiles are exact for the values as FLOATs.
 */
final class SketchFunctions {
    private static final String EMPTY = "CAST([] AS UBIGINT[])";
    private static final String EMPTY_PERCENTILE = "CAST([] AS FLOAT[])";

    private SketchFunctions() {
    }

    static void register(FunctionMapper m) {
        bitmaps(m);
        hlls(m);
        percentiles(m);
    }

    private static void bitmaps(FunctionMapper m) {
        // A value outside 0..2^64-1 (or NULL) gives the empty bitmap.
        m.scalar("to_bitmap", 1, 1, c -> "list_filter([TRY_CAST(" + c.arg(0) + " AS UBIGINT)], lambda v: v IS NOT NULL)");
        // The hash of a value's text, as an unsigned number; NULL gives the empty bitmap.
        m.scalar("bitmap_hash", 1, 1, c -> "list_filter([CAST(CAST(" + HashFunctions.murmur32(c.arg(0))
                + " AS BIGINT) & 4294967295 AS UBIGINT)], lambda v: v IS NOT NULL)");
        m.scalar("bitmap_hash64", 1, 1, c -> "list_filter([CAST(CAST(" + HashFunctions.murmur64(c.arg(0))
                + " AS HUGEINT) & 18446744073709551615 AS UBIGINT)], lambda v: v IS NOT NULL)");
        m.scalar("bitmap_empty", 0, 0, c -> EMPTY);
        m.scalar("bitmap_count", 1, 1, c -> "coalesce(len(" + c.arg(0) + "), 0)");
        m.scalar("bitmap_contains", 2, 2, c -> call("list_contains", c.arg(0), "TRY_CAST(" + c.arg(1) + " AS UBIGINT)"));
        m.scalar("bitmap_has_any", 2, 2, c -> call("list_has_any", c.args()));
        m.scalar("bitmap_to_string", 1, 1, c -> call("array_to_string", c.arg(0), "','"));
        // '1, 2, 3' (spaces allowed); NULL when any member is not a number in range.
        m.scalar("bitmap_from_string", 1, 1, c -> "list_transform([TRY_CAST(string_split(" + c.arg(0)
                + ", ',') AS UBIGINT[])], lambda l: CASE WHEN list_count(l) = len(l) THEN list_sort(list_distinct(l)) END)[1]");
        m.scalar("bitmap_from_array", 1, 1, c -> members("TRY_CAST(" + c.arg(0) + " AS UBIGINT[])"));
        m.scalar("bitmap_to_array", 1, 1, c -> "CAST(" + c.arg(0) + " AS BIGINT[])");
        m.scalar("bitmap_or", 2, -1, c -> members("flatten([" + c.args() + "])"));
        m.scalar("bitmap_and", 2, 2, c -> "list_sort(list_intersect(" + c.args() + "))");
        m.scalar("bitmap_min", 1, 1, c -> call("list_min", c.arg(0)));
        m.scalar("bitmap_max", 1, 1, c -> call("list_max", c.arg(0)));
        m.aggregate("bitmap_union", 1, 1, c -> "coalesce(" + members("flatten(" + c.aggregate("list", c.arg(0)) + ")")
                + ", " + EMPTY + ")");
        m.aggregate("bitmap_union_count", 1, 1, c -> distinctCount(c.aggregate("list", c.arg(0))));
        m.aggregate("bitmap_agg", 1, 1, c -> "coalesce(" + members(c.aggregate("list", "TRY_CAST(" + c.arg(0)
                + " AS UBIGINT)")) + ", " + EMPTY + ")");
    }

    private static void hlls(FunctionMapper m) {
        // Hashing the text makes 1 hash alike whatever integer type carries it; NULL adds nothing.
        m.scalar("hll_hash", 1, 1, c -> "list_transform(list_filter([" + c.arg(0)
                + "], lambda v: v IS NOT NULL), lambda v: hash(CAST(v AS VARCHAR)))");
        m.scalar("hll_empty", 0, 0, c -> EMPTY);
        m.scalar("hll_cardinality", 1, 1, c -> "coalesce(len(" + c.arg(0) + "), 0)");
        m.aggregate("hll_union hll_raw_agg", 1, 1, c -> "coalesce(" + members("flatten(" + c.aggregate("list", c.arg(0))
                + ")") + ", " + EMPTY + ")");
        m.aggregate("hll_union_agg", 1, 1, c -> distinctCount(c.aggregate("list", c.arg(0))));
    }

    /**
     * StarRocks's PERCENTILE functions. A state keeps every value (as FLOAT, as StarRocks's digest
     * does), so merged states give the same percentile as the raw values: an MV can store
     * percentile_union(percentile_hash(x)) and answer percentile_approx_raw(percentile_union(col), p).
     */
    private static void percentiles(FunctionMapper m) {
        m.scalar("percentile_hash", 1, 1, c -> "list_filter([CAST(" + c.arg(0) + " AS FLOAT)], lambda v: v IS NOT NULL)");
        m.scalar("percentile_empty", 0, 0, c -> EMPTY_PERCENTILE);
        m.aggregate("percentile_union", 1, 1, c -> "coalesce(flatten(" + c.aggregate("list", c.arg(0)) + "), "
                + EMPTY_PERCENTILE + ")");
        // Interpolated between the two nearest values; NULL for an empty state.
        m.scalar("percentile_approx_raw", 2, 2, c -> "CAST(list_aggregate(" + c.arg(0) + ", 'quantile_cont', "
                + c.arg(1) + ") AS DOUBLE)");
    }

    /** The sorted distinct non-NULL members of a list. */
    private static String members(String list) {
        return "list_sort(list_distinct(" + list + "))";
    }

    /** The number of distinct members across a list of member lists; 0 for no rows. */
    private static String distinctCount(String listOfLists) {
        return "coalesce(len(list_distinct(flatten(" + listOfLists + "))), 0)";
    }
}
