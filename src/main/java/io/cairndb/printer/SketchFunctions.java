package io.cairndb.printer;

import io.cairndb.catalog.DataType;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.BITMAP;
import static io.cairndb.catalog.DataType.BOOLEAN;
import static io.cairndb.catalog.DataType.DOUBLE;
import static io.cairndb.catalog.DataType.HLL;
import static io.cairndb.printer.Call.call;
import static io.cairndb.printer.TypeRule.VARCHAR;
import static io.cairndb.printer.TypeRule.returns;

/**
 * BITMAP and HLL functions over their {@code UBIGINT[]} representation (see {@link DuckTypes}): a
 * bitmap is its sorted distinct members, an HLL the distinct 64-bit hashes of its members, so
 * every count here is exact. A percentile state (StarRocks's PERCENTILE) is the {@code FLOAT[]} of
 * its values, so its percentiles are exact for the values as FLOATs.
 */
final class SketchFunctions {
    static final String EMPTY = "CAST([] AS UBIGINT[])";
    private static final String EMPTY_PERCENTILE = "CAST([] AS FLOAT[])";
    /** A percentile state: the catalog has no PERCENTILE type, so it is typed as what it is stored as. */
    private static final DataType PERCENTILE = DataType.array(DataType.FLOAT);
    /** A sketch that NULL input leaves empty. */
    private static final TypeRule BITMAP_NEVER_NULL = returns(BITMAP).neverNullable();
    private static final TypeRule HLL_NEVER_NULL = returns(HLL).neverNullable();
    /** A count of an empty or NULL sketch is 0. */
    private static final TypeRule COUNT = returns(BIGINT).neverNullable();

    private SketchFunctions() {
    }

    static void register(FunctionRegistry m) {
        bitmaps(m);
        hlls(m);
        percentiles(m);
    }

    private static void bitmaps(FunctionRegistry m) {
        // A value outside 0..2^64-1 (or NULL) gives the empty bitmap.
        m.scalar("to_bitmap", 1, 1, BITMAP_NEVER_NULL, c -> "list_filter([TRY_CAST(" + c.arg(0) + " AS UBIGINT)], lambda v: v IS NOT NULL)");
        // The hash of a value's text, as an unsigned number; NULL gives the empty bitmap.
        m.scalar("bitmap_hash", 1, 1, BITMAP_NEVER_NULL, c -> "list_filter([CAST(CAST(" + HashFunctions.murmur32(c.arg(0))
                + " AS BIGINT) & 4294967295 AS UBIGINT)], lambda v: v IS NOT NULL)");
        m.scalar("bitmap_hash64", 1, 1, BITMAP_NEVER_NULL, c -> "list_filter([CAST(CAST(" + HashFunctions.murmur64(c.arg(0))
                + " AS HUGEINT) & 18446744073709551615 AS UBIGINT)], lambda v: v IS NOT NULL)");
        m.scalar("bitmap_empty", 0, 0, BITMAP_NEVER_NULL, c -> EMPTY);
        m.scalar("bitmap_count", 1, 1, COUNT, c -> "coalesce(len(" + c.arg(0) + "), 0)");
        m.scalar("bitmap_contains", 2, 2, returns(BOOLEAN), c -> call("list_contains", c.arg(0), "TRY_CAST(" + c.arg(1) + " AS UBIGINT)"));
        m.scalar("bitmap_has_any", 2, 2, returns(BOOLEAN), c -> call("list_has_any", c.args()));
        m.scalar("bitmap_to_string", 1, 1, returns(VARCHAR), c -> call("array_to_string", c.arg(0), "','"));
        // '1, 2, 3' (spaces allowed); NULL when any member is not a number in range.
        m.scalar("bitmap_from_string", 1, 1, returns(BITMAP).alwaysNullable(), c -> "list_transform([TRY_CAST(string_split(" + c.arg(0)
                + ", ',') AS UBIGINT[])], lambda l: CASE WHEN list_count(l) = len(l) THEN list_sort(list_distinct(l)) END)[1]");
        m.scalar("bitmap_from_array", 1, 1, returns(BITMAP).alwaysNullable(), c -> members("TRY_CAST(" + c.arg(0) + " AS UBIGINT[])"));
        m.scalar("bitmap_to_array", 1, 1, returns(DataType.array(BIGINT)), c -> "CAST(" + c.arg(0) + " AS BIGINT[])");
        m.scalar("bitmap_or", 2, -1, returns(BITMAP), c -> members("flatten([" + c.args() + "])"));
        m.scalar("bitmap_and", 2, 2, returns(BITMAP), c -> "list_sort(list_intersect(" + c.args() + "))");
        m.scalar("bitmap_min", 1, 1, returns(BIGINT).alwaysNullable(), c -> call("list_min", c.arg(0)));
        m.scalar("bitmap_max", 1, 1, returns(BIGINT).alwaysNullable(), c -> call("list_max", c.arg(0)));
        m.aggregate("bitmap_union", 1, 1, BITMAP_NEVER_NULL, c -> union(c.aggregate("list", c.arg(0))));
        m.aggregate("bitmap_union_count", 1, 1, COUNT, c -> distinctCount(c.aggregate("list", c.arg(0))));
        m.aggregate("bitmap_agg", 1, 1, BITMAP_NEVER_NULL, c -> "coalesce(" + members(c.aggregate("list", "TRY_CAST(" + c.arg(0)
                + " AS UBIGINT)")) + ", " + EMPTY + ")");
    }

    private static void hlls(FunctionRegistry m) {
        // Hashing the text makes 1 hash alike whatever integer type carries it; NULL adds nothing.
        m.scalar("hll_hash", 1, 1, HLL_NEVER_NULL, c -> "list_transform(list_filter([" + c.arg(0)
                + "], lambda v: v IS NOT NULL), lambda v: hash(CAST(v AS VARCHAR)))");
        m.scalar("hll_empty", 0, 0, HLL_NEVER_NULL, c -> EMPTY);
        m.scalar("hll_cardinality", 1, 1, COUNT, c -> "coalesce(len(" + c.arg(0) + "), 0)");
        m.aggregate("hll_union hll_raw_agg", 1, 1, HLL_NEVER_NULL, c -> union(c.aggregate("list", c.arg(0))));
        m.aggregate("hll_union_agg", 1, 1, COUNT, c -> distinctCount(c.aggregate("list", c.arg(0))));
    }

    /**
     * StarRocks's PERCENTILE functions. A state keeps every value (as FLOAT, as StarRocks's digest
     * does), so merged states give the same percentile as the raw values: an MV can store
     * percentile_union(percentile_hash(x)) and answer percentile_approx_raw(percentile_union(col), p).
     */
    private static void percentiles(FunctionRegistry m) {
        m.scalar("percentile_hash", 1, 1, returns(PERCENTILE).neverNullable(), c -> "list_filter([CAST(" + c.arg(0) + " AS FLOAT)], lambda v: v IS NOT NULL)");
        m.scalar("percentile_empty", 0, 0, returns(PERCENTILE).neverNullable(), c -> EMPTY_PERCENTILE);
        m.aggregate("percentile_union", 1, 1, returns(PERCENTILE).neverNullable(), c -> "coalesce(flatten(" + c.aggregate("list", c.arg(0)) + "), "
                + EMPTY_PERCENTILE + ")");
        // Interpolated between the two nearest values; NULL for an empty state.
        m.scalar("percentile_approx_raw", 2, 2, returns(DOUBLE).alwaysNullable(), c -> "CAST(list_aggregate(" + c.arg(0) + ", 'quantile_cont', "
                + c.arg(1) + ") AS DOUBLE)");
    }

    /** The sorted distinct non-NULL members of a list. */
    private static String members(String list) {
        return "list_sort(list_distinct(" + list + "))";
    }

    /**
     * The union of the bitmaps (or HLLs) of a list of them ({@code list(x)}, aggregated): their sorted
     * distinct members, the empty one for no rows.
     */
    static String union(String listOfLists) {
        return "coalesce(" + members("flatten(" + listOfLists + ")") + ", " + EMPTY + ")";
    }

    /** The number of distinct members across a list of member lists; 0 for no rows. */
    static String distinctCount(String listOfLists) {
        return "coalesce(len(list_distinct(flatten(" + listOfLists + "))), 0)";
    }
}
