package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.WindowSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ColumnLabelsTest {

    @Test
    void functionsAndOperators() {
        assertEquals("count(*)", ColumnLabels.of(fn("COUNT", star())));
        assertEquals("sum(a)", ColumnLabels.of(fn("sum", col("a"))));
        assertEquals("count(DISTINCT a, b)", ColumnLabels.of(distinct("count", col("a"), col("b"))));
        assertEquals("a + 1", ColumnLabels.of(bin(BinaryOp.ADD, col("a"), num(1))));
        assertEquals("7 / 2", ColumnLabels.of(bin(BinaryOp.DIVIDE, num(7), num(2))));
        assertEquals("7 DIV 2", ColumnLabels.of(bin(BinaryOp.INT_DIVIDE, num(7), num(2))));
        assertEquals("t.a * 2", ColumnLabels.of(bin(BinaryOp.MULTIPLY, col("t", "a"), num(2))));
    }

    @Test
    void parenthesesOnlyWherePrecedenceNeedsThem() {
        Expr sum = bin(BinaryOp.ADD, col("a"), col("b"));
        assertEquals("(a + b) * 2", ColumnLabels.of(bin(BinaryOp.MULTIPLY, sum, num(2))));
        assertEquals("a + b + c", ColumnLabels.of(bin(BinaryOp.ADD, sum, col("c"))));
        assertEquals("a - (b - c)", ColumnLabels.of(bin(BinaryOp.SUBTRACT, col("a"),
                bin(BinaryOp.SUBTRACT, col("b"), col("c")))));
        assertEquals("a * 2 + 1", ColumnLabels.of(bin(BinaryOp.ADD, bin(BinaryOp.MULTIPLY, col("a"), num(2)), num(1))));
        assertEquals("-(a + b)", ColumnLabels.of(new Expr.Unary(Expr.UnaryOp.MINUS, sum)));
        assertEquals("a > 1 AND b IS NULL", ColumnLabels.of(bin(BinaryOp.AND, bin(BinaryOp.GT, col("a"), num(1)),
                new Expr.IsNull(col("b"), false))));
    }

    @Test
    void literalsAsWritten() {
        assertEquals("'it''s'", ColumnLabels.of(str("it's")));
        assertEquals("1.50", ColumnLabels.of(dec("1.50")));
        assertEquals("NULL", ColumnLabels.of(nul()));
        assertEquals("DATE '2024-01-01'", ColumnLabels.of(date("2024-01-01")));
        assertEquals("concat('a', b)", ColumnLabels.of(fn("concat", str("a"), col("b"))));
        assertEquals("date_add(d, INTERVAL 1 DAY)", ColumnLabels.of(fn("date_add", col("d"), interval(num(1), "DAY"))));
    }

    @Test
    void otherExpressions() {
        assertEquals("CAST(a AS INT)", ColumnLabels.of(cast(col("a"), DataType.INT)));
        assertEquals("CASE WHEN a > 1 THEN 'x' ELSE 'y' END", ColumnLabels.of(new Expr.Case(null,
                List.of(new Expr.WhenClause(bin(BinaryOp.GT, col("a"), num(1)), str("x"))), str("y"))));
        assertEquals("a IN (1, 2)", ColumnLabels.of(new Expr.InList(col("a"), List.of(num(1), num(2)), false)));
        assertEquals("a NOT BETWEEN 1 AND 2", ColumnLabels.of(new Expr.Between(col("a"), num(1), num(2), true)));
        assertEquals("s LIKE 'a%'", ColumnLabels.of(new Expr.Like(col("s"), str("a%"), Expr.LikeKind.LIKE, false, null)));
        assertEquals("[1, 2][1]", ColumnLabels.of(new Expr.Subscript(array(num(1), num(2)), num(1))));
        assertEquals("array_map(x -> x + 1, arr)", ColumnLabels.of(fn("array_map",
                new Expr.Lambda(List.of("x"), bin(BinaryOp.ADD, col("x"), num(1))), col("arr"))));
        assertEquals("@@session.time_zone", ColumnLabels.of(new Expr.Variable("time_zone", true, "SESSION")));
        assertEquals("@v", ColumnLabels.of(new Expr.Variable("v", false, null)));
        assertEquals("group_concat(s ORDER BY s DESC SEPARATOR '|')",
                ColumnLabels.of(ordered("group_concat", List.of(desc(col("s"))), str("|"), col("s"))));
        WindowSpec w = new WindowSpec(List.of(col("p")), List.of(asc(col("o"))), new WindowSpec.Frame(
                WindowSpec.FrameUnit.ROWS, new WindowSpec.Bound(WindowSpec.BoundType.UNBOUNDED_PRECEDING, null),
                new WindowSpec.Bound(WindowSpec.BoundType.PRECEDING, num(1))));
        assertEquals("sum(x) OVER (PARTITION BY p ORDER BY o ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)",
                ColumnLabels.of(over(fn("sum", col("x")), w)));
    }
}
