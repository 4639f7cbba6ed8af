package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** BITMAP and HLL functions; expected values from the Doris bitmap and HLL docs. */
class SketchFunctionsTest extends DuckTestBase {

    @BeforeAll
    static void tables() throws Exception {
        sql("CREATE TABLE visits (day INT, users BITMAP, hll HLL) DUPLICATE KEY(day) DISTRIBUTED BY HASH(day) BUCKETS 1");
    }

    @Test
    void bitmapScalars() throws Exception {
        assertEquals(1L, number(fn("bitmap_count", fn("to_bitmap", num(10)))));
        assertEquals("10", eval(fn("bitmap_to_string", fn("to_bitmap", num(10)))));
        assertEquals("", eval(fn("bitmap_to_string", fn("to_bitmap", num(-1)))));
        assertEquals("", eval(fn("bitmap_to_string", fn("to_bitmap", nul()))));
        assertEquals("7", eval(fn("bitmap_to_string", fn("to_bitmap", str("7")))));
        assertEquals(0L, number(fn("bitmap_count", fn("bitmap_empty"))));
        assertEquals("0,1,2", eval(fn("bitmap_to_string", fn("bitmap_from_string", str("0, 1, 2")))));
        assertNull(eval(fn("bitmap_from_string", str("-1, 0, 1, 2"))));
        assertEquals("0,1,18446744073709551615",
                eval(fn("bitmap_to_string", fn("bitmap_from_string", str("0, 1, 18446744073709551615")))));
        assertEquals("1,2,3", eval(fn("bitmap_to_string", fn("bitmap_from_string", str("3,1,2,1")))));
        assertEquals(true, eval(fn("bitmap_contains", fn("to_bitmap", num(1)), num(1))));
        assertEquals(false, eval(fn("bitmap_contains", fn("to_bitmap", num(1)), num(2))));
        assertEquals(2L, number(fn("bitmap_count", fn("bitmap_or", fn("to_bitmap", num(1)), fn("to_bitmap", num(2))))));
        assertEquals(0L, number(fn("bitmap_count", fn("bitmap_and", fn("to_bitmap", num(1)), fn("to_bitmap", num(2))))));
        assertEquals("1,2", eval(fn("bitmap_to_string", fn("bitmap_and", fn("bitmap_from_string", str("1,2,3")),
                fn("bitmap_from_string", str("1,2"))))));
        assertEquals(false, eval(fn("bitmap_has_any", fn("to_bitmap", num(1)), fn("to_bitmap", num(2)))));
        assertEquals(BigInteger.ONE, new BigInteger(eval(fn("bitmap_min", fn("bitmap_from_string",
                str("1,9999999999")))).toString()));
        assertEquals(new BigInteger("9999999999"), new BigInteger(eval(fn("bitmap_max", fn("bitmap_from_string",
                str("1,9999999999")))).toString()));
        assertEquals(List.of(1L, 2L, 3L), eval(fn("bitmap_to_array", fn("bitmap_from_string", str("1,2,3")))));
        assertEquals("1,2", eval(fn("bitmap_to_string", fn("bitmap_from_array", array(num(2), num(1), num(2))))));
    }

    @Test
    void bitmapAggregatesOverOverlappingBitmaps() throws Exception {
        sql("TRUNCATE TABLE visits");
        sql("INSERT INTO visits VALUES (1, to_bitmap(1), NULL), (1, bitmap_from_string('1,2'), NULL), "
                + "(2, bitmap_from_string('2,3'), NULL)");
        assertEquals(3L, number(select(item(fn("bitmap_union_count", col("users")))).from(table("visits")).query()));
        assertEquals("1,2,3", run(select(item(fn("bitmap_to_string", fn("bitmap_union", col("users")))))
                .from(table("visits")).query()).get(0).get(0));
        Query perDay = select(item(col("day")), item(fn("bitmap_union_count", col("users")))).from(table("visits"))
                .groupBy(groupBy(simple(col("day")))).orderBy(asc(col("day")));
        assertEquals(List.of(List.of(1, 2L), List.of(2, 2L)), run(perDay));
        assertEquals("1,2,3", run(select(item(fn("bitmap_to_string", fn("bitmap_agg", col("a")))))
                .from(table("t")).query()).get(0).get(0));
        Query none = select(item(fn("bitmap_union_count", col("users")))).from(table("visits")).where(bool(false)).query();
        assertEquals(0L, number(none));
    }

    @Test
    void hllCountsDistinctMembers() throws Exception {
        assertEquals(1L, number(fn("hll_cardinality", fn("hll_hash", str("a")))));
        assertEquals(0L, number(fn("hll_cardinality", fn("hll_empty"))));
        assertEquals(0L, number(fn("hll_cardinality", fn("hll_hash", nul()))));
        // t.s is 'x', 'y', NULL, 'x': two distinct values.
        assertEquals(2L, number(select(item(fn("hll_union_agg", fn("hll_hash", col("s"))))).from(table("t")).query()));
        assertEquals(2L, number(select(item(fn("hll_cardinality", fn("hll_union", fn("hll_hash", col("s"))))))
                .from(table("t")).query()));
        // The same number hashes alike whatever integer type carries it.
        assertEquals(true, eval(bin(Expr.BinaryOp.EQ, fn("hll_hash", num(1)),
                fn("hll_hash", cast(num(1), io.cairndb.catalog.DataType.BIGINT)))));
    }

    private static long number(Expr e) throws Exception {
        return ((Number) eval(e)).longValue();
    }

    private static long number(Query q) throws Exception {
        return ((Number) run(q).get(0).get(0)).longValue();
    }
}
