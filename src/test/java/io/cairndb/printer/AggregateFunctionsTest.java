package io.cairndb.printer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Aggregates over t(a) = 1, 2, NULL, 3 and the tables below; expected values from the MySQL and
 * Doris docs (group_concat's default separator is Doris's ", ").
 */
class AggregateFunctionsTest extends DuckTestBase {

    @BeforeAll
    static void tables() throws Exception {
        sql("CREATE TABLE words (`value` VARCHAR(10)) DUPLICATE KEY(`value`) DISTRIBUTED BY HASH(`value`) BUCKETS 1");
        sql("INSERT INTO words VALUES ('a'), ('b'), ('c'), ('c'), (NULL)");
        sql("CREATE TABLE pairs (a INT, b INT) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1");
        sql("INSERT INTO pairs VALUES (1, 2), (1, NULL), (1, 2), (2, 3), (NULL, NULL)");
        sql("CREATE TABLE nums (x INT) DUPLICATE KEY(x) DISTRIBUTED BY HASH(x) BUCKETS 1");
        sql("INSERT INTO nums VALUES (2), (4), (4), (4), (5), (5), (7), (9)");
    }

    @Test
    void groupConcatDefaultsToCommaSpace() throws Exception {
        assertEquals("a, b, c, c", over("words", ordered("group_concat", List.of(asc(col("value"))), null, col("value"))));
        assertEquals("a, b, c", over("words", orderedDistinct(col("value"))));
        assertEquals("c, c, b, a", over("words", ordered("group_concat", List.of(desc(col("value"))), null, col("value"))));
        assertEquals("a b c c", over("words", ordered("group_concat", List.of(asc(col("value"))), null, col("value"),
                str(" "))));
        assertEquals("a|b|c|c", over("words", ordered("group_concat", List.of(asc(col("value"))), str("|"),
                col("value"))));
        // Several values with SEPARATOR (MySQL's form) are concatenated per row; a row with a NULL among them is skipped.
        assertEquals("1-2,1-2,2-3", over("pairs", ordered("group_concat", List.of(asc(col("a"))), str(","),
                col("a"), str("-"), col("b"))));
        assertNull(over("words", fn("group_concat", nul())));
    }

    @Test
    void countDistinctOfSeveralColumnsSkipsRowsWithNull() throws Exception {
        assertEquals(2L, over("pairs", distinct("count", col("a"), col("b"))));
        assertEquals(2L, over("pairs", distinct("count", col("a"))));
        assertEquals(5L, over("pairs", fn("count", star())));
        assertEquals(4L, over("pairs", fn("count", col("a"))));
    }

    @Test
    void basicAggregates() throws Exception {
        assertEquals(6L, ((Number) aggregate(fn("sum", col("a")))).longValue());
        assertEquals(2.0, aggregate(fn("avg", col("a"))));
        assertEquals(1, aggregate(fn("min", col("a"))));
        assertEquals(3, aggregate(fn("max", col("a"))));
        assertEquals(3L, aggregate(fn("approx_count_distinct", col("a"))));
        assertEquals(3L, aggregate(fn("ndv", col("a"))));
        assertEquals(true, aggregate(fn("bool_or", bin(Expr.BinaryOp.GT, col("a"), num(2)))));
        assertEquals(false, aggregate(fn("bool_and", bin(Expr.BinaryOp.GT, col("a"), num(2)))));
        assertEquals(3, aggregate(fn("max_by", col("a"), col("b"))));
        assertEquals(1, aggregate(fn("min_by", col("a"), col("b"))));
        Object any = aggregate(fn("any_value", col("s")));
        assertTrue(any.equals("x") || any.equals("y"));
        assertTrue(List.of("x", "y").contains(aggregate(fn("any", col("s")))));
    }

    @Test
    void listsOfValues() throws Exception {
        // Ordered by b, whose NULL sorts first as in MySQL.
        assertEquals(Arrays.asList(2, 1, null, 3), aggregate(ordered("array_agg", List.of(asc(col("b"))), null,
                col("a"))));
        assertEquals(List.of(1, 2, 3), aggregate(fn("array_sort", fn("collect_list", col("a")))));
        assertEquals(List.of(1, 2), aggregate(fn("array_sort", fn("collect_list", col("a"), num(2)))));
        assertEquals(List.of("x", "y"), aggregate(fn("array_sort", fn("collect_set", col("s")))));
        Query none = select(item(fn("collect_list", col("a")))).from(table("t")).where(bool(false)).query();
        assertEquals(List.of(), run(none).get(0).get(0));
    }

    @Test
    void deviationsAndVariances() throws Exception {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32.
        assertEquals(2.0, number("nums", fn("stddev", col("x"))));
        assertEquals(2.0, number("nums", fn("std", col("x"))));
        assertEquals(2.0, number("nums", fn("stddev_pop", col("x"))));
        assertEquals(Math.sqrt(32.0 / 7), number("nums", fn("stddev_samp", col("x"))));
        assertEquals(4.0, number("nums", fn("variance", col("x"))));
        assertEquals(4.0, number("nums", fn("var_pop", col("x"))));
        assertEquals(32.0 / 7, number("nums", fn("var_samp", col("x"))));
        assertEquals(32.0 / 7, number("nums", fn("variance_samp", col("x"))));
    }

    @Test
    void percentiles() throws Exception {
        // 2, 4, 4, 4, 5, 5, 7, 9: the median interpolates between 4 and 5.
        assertEquals(4.5, number("nums", fn("percentile", col("x"), dec("0.5"))));
        assertEquals(4.5, number("nums", fn("percentile_approx", col("x"), dec("0.5"))), 0.5);
    }

    @Test
    void aggregatesAsWindows() throws Exception {
        io.cairndb.sql.tree.WindowSpec whole = new io.cairndb.sql.tree.WindowSpec(List.of(), List.of(), null);
        Query q = select(item(col("value")), item(Ast.over(fn("group_concat", col("value")), whole)))
                .from(table("words")).where(bin(Expr.BinaryOp.EQ, col("value"), str("c"))).query();
        assertEquals(List.of(List.of("c", "c, c"), List.of("c", "c, c")), run(q));
    }

    private static Expr.FunctionCall orderedDistinct(Expr value) {
        return new Expr.FunctionCall("group_concat", true, List.of(value), List.of(asc(value)), null, null);
    }

    private static Object over(String table, Expr e) throws Exception {
        return run(select(new QueryBody.SelectItem[] {item(e)}).from(table(table)).query()).get(0).get(0);
    }

    private static double number(String table, Expr e) throws Exception {
        return ((Number) over(table, e)).doubleValue();
    }
}
