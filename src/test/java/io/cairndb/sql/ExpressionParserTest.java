package io.cairndb.sql;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.Expr.UnaryOp;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.WindowSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.cairndb.sql.Parsing.binary;
import static io.cairndb.sql.Parsing.call;
import static io.cairndb.sql.Parsing.decimal;
import static io.cairndb.sql.Parsing.expr;
import static io.cairndb.sql.Parsing.id;
import static io.cairndb.sql.Parsing.integer;
import static io.cairndb.sql.Parsing.spec;
import static io.cairndb.sql.Parsing.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpressionParserTest {

    @Test
    void literals() {
        assertEquals(integer(42), expr("42"));
        assertEquals(new Expr.IntegerLiteral(new java.math.BigInteger("123456789012345678901234567890")),
                expr("123456789012345678901234567890"));
        assertEquals(decimal("1.50"), expr("1.50"));
        assertEquals(decimal("0.5"), expr(".5"));
        assertEquals(new Expr.DoubleLiteral(1e5), expr("1e5"));
        assertEquals(new Expr.DoubleLiteral(1.5e-3), expr("1.5E-3"));
        assertEquals(new Expr.DoubleLiteral(2e10), expr("2e10"));
        assertEquals(new Expr.BooleanLiteral(true), expr("TRUE"));
        assertEquals(new Expr.BooleanLiteral(false), expr("false"));
        assertEquals(new Expr.NullLiteral(), expr("null"));
        assertEquals(new Expr.TypedLiteral(DataType.DATE, "2024-01-01"), expr("DATE '2024-01-01'"));
        assertEquals(new Expr.TypedLiteral(DataType.DATETIME, "2024-01-01 10:00:00"), expr("TIMESTAMP '2024-01-01 10:00:00'"));
        assertEquals(new Expr.TypedLiteral(DataType.DATETIME, "2024-01-01 10:00:00"), expr("datetime \"2024-01-01 10:00:00\""));
    }

    @Test
    void signsFoldIntoNumbers() {
        assertEquals(integer(-1), expr("-1"));
        assertEquals(decimal("-2.5"), expr("- 2.5"));
        assertEquals(new Expr.DoubleLiteral(-1e3), expr("-1e3"));
        assertEquals(integer(7), expr("+7"));
        assertEquals(new Expr.Unary(UnaryOp.MINUS, id("a")), expr("-a"));
        assertEquals(new Expr.Unary(UnaryOp.PLUS, id("a")), expr("+a"));
        assertEquals(new Expr.Unary(UnaryOp.BIT_NOT, id("a")), expr("~a"));
        assertEquals(new Expr.Unary(UnaryOp.MINUS, new Expr.Unary(UnaryOp.MINUS, id("a"))), expr("- -a"));
    }

    @Test
    void strings() {
        assertEquals(str("it's"), expr("'it''s'"));
        assertEquals(str("say \"hi\""), expr("\"say \"\"hi\"\"\""));
        assertEquals(str("a\nb\tc\\d'e\"f\0g"), expr("'a\\nb\\tc\\\\d\\'e\\\"f\\0g'"));
        assertEquals(str("100\\%_\\_"), expr("'100\\%_\\_'"));
        assertEquals(str("xq"), expr("'\\x\\q'"));
        assertEquals(str("abc"), expr("'a' \"b\" 'c'"));
        assertEquals(str(""), expr("''"));
    }

    @Test
    void commentsAreSkipped() {
        assertEquals(binary(BinaryOp.ADD, integer(1), integer(2)), expr("1 /* one */ + -- plus\n 2 # two"));
        assertEquals(binary(BinaryOp.SUBTRACT, integer(1), integer(-1)), expr("1--1"));
    }

    @Test
    void arithmeticPrecedence() {
        assertEquals(binary(BinaryOp.ADD, integer(1), binary(BinaryOp.MULTIPLY, integer(2), integer(3))), expr("1 + 2 * 3"));
        assertEquals(binary(BinaryOp.MULTIPLY, binary(BinaryOp.ADD, integer(1), integer(2)), integer(3)), expr("(1 + 2) * 3"));
        assertEquals(binary(BinaryOp.SUBTRACT, binary(BinaryOp.SUBTRACT, id("a"), id("b")), id("c")), expr("a - b - c"));
        assertEquals(binary(BinaryOp.SUBTRACT, id("a"), binary(BinaryOp.SUBTRACT, id("b"), id("c"))), expr("a - (b - c)"));
        assertEquals(binary(BinaryOp.INT_DIVIDE, id("a"), integer(2)), expr("a DIV 2"));
        assertEquals(binary(BinaryOp.MOD, id("a"), integer(2)), expr("a % 2"));
        assertEquals(binary(BinaryOp.MOD, id("a"), integer(2)), expr("a MOD 2"));
        assertEquals(binary(BinaryOp.DIVIDE, id("a"), integer(2)), expr("a / 2"));
        assertEquals(binary(BinaryOp.MULTIPLY, new Expr.Unary(UnaryOp.MINUS, id("a")), id("b")), expr("-a * b"));
    }

    @Test
    void bitOperators() {
        assertEquals(binary(BinaryOp.BIT_OR, id("a"), binary(BinaryOp.BIT_AND, id("b"), id("c"))), expr("a | b & c"));
        assertEquals(binary(BinaryOp.ADD, id("a"), binary(BinaryOp.BIT_XOR, id("b"), id("c"))), expr("a + b ^ c"));
        assertEquals(call("bit_shift_left", id("a"), integer(2)), expr("a << 2"));
        assertEquals(binary(BinaryOp.BIT_AND, call("bit_shift_right", id("a"), binary(BinaryOp.ADD, integer(1), integer(1))), id("m")),
                expr("a >> 1 + 1 & m"));
    }

    @Test
    void logicalOperators() {
        Expr a = id("a"), b = id("b"), c = id("c");
        assertEquals(binary(BinaryOp.OR, a, binary(BinaryOp.AND, b, c)), expr("a OR b AND c"));
        assertEquals(binary(BinaryOp.OR, a, binary(BinaryOp.AND, b, c)), expr("a || b && c"));
        assertEquals(binary(BinaryOp.AND, new Expr.Unary(UnaryOp.NOT, a), b), expr("NOT a AND b"));
        assertEquals(new Expr.Unary(UnaryOp.NOT, binary(BinaryOp.EQ, a, b)), expr("NOT a = b"));
        assertEquals(new Expr.Unary(UnaryOp.NOT, binary(BinaryOp.EQ, a, b)), expr("!a = b"));
        assertEquals(new Expr.Unary(UnaryOp.NOT, binary(BinaryOp.OR, a, b)), expr("NOT (a OR b)"));
        assertEquals(binary(BinaryOp.AND, binary(BinaryOp.AND, a, b), c), expr("a AND b AND c"));
    }

    @Test
    void comparisons() {
        Expr a = id("a"), b = id("b");
        assertEquals(binary(BinaryOp.EQ, a, b), expr("a = b"));
        assertEquals(binary(BinaryOp.NULL_SAFE_EQ, a, b), expr("a <=> b"));
        assertEquals(binary(BinaryOp.NE, a, b), expr("a != b"));
        assertEquals(binary(BinaryOp.NE, a, b), expr("a <> b"));
        assertEquals(binary(BinaryOp.LT, a, b), expr("a < b"));
        assertEquals(binary(BinaryOp.LE, a, b), expr("a <= b"));
        assertEquals(binary(BinaryOp.GT, a, b), expr("a > b"));
        assertEquals(binary(BinaryOp.GE, a, b), expr("a >= b"));
        assertEquals(binary(BinaryOp.EQ, binary(BinaryOp.ADD, a, integer(1)), binary(BinaryOp.MULTIPLY, b, integer(2))),
                expr("a + 1 = b * 2"));
        // one precedence level, associating to the left, as in MySQL
        assertEquals(binary(BinaryOp.EQ, binary(BinaryOp.LT, a, b), new Expr.BooleanLiteral(true)), expr("a < b = TRUE"));
        assertEquals(new Expr.IsNull(binary(BinaryOp.EQ, a, b), false), expr("a = b IS NULL"));
    }

    @Test
    void predicates() {
        Expr a = id("a");
        assertEquals(new Expr.IsNull(a, false), expr("a IS NULL"));
        assertEquals(new Expr.IsNull(a, true), expr("a IS NOT NULL"));
        assertEquals(binary(BinaryOp.NULL_SAFE_EQ, a, new Expr.BooleanLiteral(true)), expr("a IS TRUE"));
        assertEquals(new Expr.Unary(UnaryOp.NOT, binary(BinaryOp.NULL_SAFE_EQ, a, new Expr.BooleanLiteral(false))),
                expr("a IS NOT FALSE"));
        assertEquals(new Expr.Between(a, integer(1), integer(10), false), expr("a BETWEEN 1 AND 10"));
        assertEquals(binary(BinaryOp.AND, new Expr.Between(a, integer(1), integer(10), true), id("b")),
                expr("a NOT BETWEEN 1 AND 10 AND b"));
        assertEquals(new Expr.InList(a, List.of(integer(1), integer(2)), false), expr("a IN (1, 2)"));
        assertEquals(new Expr.InList(a, List.of(str("x")), true), expr("a NOT IN ('x')"));
        assertEquals(new Expr.Like(a, str("x%"), Expr.LikeKind.LIKE, false, null), expr("a LIKE 'x%'"));
        assertEquals(new Expr.Like(a, str("x!%"), Expr.LikeKind.LIKE, true, str("!")), expr("a NOT LIKE 'x!%' ESCAPE '!'"));
        assertEquals(new Expr.Like(a, str("^x"), Expr.LikeKind.REGEXP, false, null), expr("a REGEXP '^x'"));
        assertEquals(new Expr.Like(a, str("^x"), Expr.LikeKind.REGEXP, true, null), expr("a NOT RLIKE '^x'"));
    }

    @Test
    void subqueries() {
        Expr.InSubquery in = assertInstanceOf(Expr.InSubquery.class, expr("a IN (SELECT b FROM t)"));
        assertEquals(id("a"), in.value());
        assertTrue(assertInstanceOf(Expr.InSubquery.class, expr("a NOT IN (SELECT b FROM t UNION SELECT c FROM u)")).negated());
        Expr.Exists exists = assertInstanceOf(Expr.Exists.class, expr("EXISTS (SELECT 1)"));
        assertEquals(false, exists.negated());
        assertEquals(true, assertInstanceOf(Expr.Exists.class, expr("NOT EXISTS (SELECT 1 FROM t WHERE t.a = u.a)")).negated());
        Expr.Binary compare = assertInstanceOf(Expr.Binary.class, expr("x > (SELECT max(y) FROM t)"));
        assertInstanceOf(Expr.ScalarSubquery.class, compare.right());
        Expr.Binary sum = assertInstanceOf(Expr.Binary.class, expr("(SELECT 1) + 1"));
        assertInstanceOf(Expr.ScalarSubquery.class, sum.left());
    }

    @Test
    void caseExpressions() {
        assertEquals(new Expr.Case(null, List.of(new Expr.WhenClause(binary(BinaryOp.GT, id("a"), integer(0)), str("pos"))), str("neg")),
                expr("CASE WHEN a > 0 THEN 'pos' ELSE 'neg' END"));
        assertEquals(new Expr.Case(id("a"), List.of(new Expr.WhenClause(integer(1), str("one")),
                        new Expr.WhenClause(integer(2), str("two"))), null),
                expr("case a when 1 then 'one' when 2 then 'two' end"));
    }

    @Test
    void casts() {
        assertEquals(new Expr.Cast(id("a"), DataType.BIGINT), expr("CAST(a AS BIGINT)"));
        assertEquals(new Expr.Cast(id("a"), DataType.BIGINT), expr("CAST(a AS SIGNED)"));
        assertEquals(new Expr.Cast(id("a"), DataType.BIGINT), expr("cast(a as signed integer)"));
        assertEquals(new Expr.Cast(id("a"), DataType.LARGEINT), expr("CAST(a AS UNSIGNED INT)"));
        assertEquals(new Expr.Cast(id("a"), DataType.INT), expr("CAST(a AS INTEGER)"));
        assertEquals(new Expr.Cast(id("a"), DataType.chars(-1)), expr("CAST(a AS CHAR)"));
        assertEquals(new Expr.Cast(id("a"), DataType.varchar(10)), expr("CAST(a AS VARCHAR(10))"));
        assertEquals(new Expr.Cast(id("a"), DataType.decimal(10, 2)), expr("CAST(a AS DECIMAL(10, 2))"));
        assertEquals(new Expr.Cast(id("a"), DataType.DATETIME), expr("CAST(a AS DATETIME)"));
        assertEquals(new Expr.Cast(id("a"), DataType.datetime(3)), expr("CAST(a AS DATETIMEV2(3))"));
        assertEquals(new Expr.Cast(id("a"), DataType.array(DataType.array(DataType.INT))), expr("CAST(a AS ARRAY<ARRAY<INT>>)"));
        assertEquals(new Expr.Cast(id("a"), DataType.DATE), expr("CONVERT(a, DATE)"));
    }

    @Test
    void intervals() {
        assertEquals(binary(BinaryOp.ADD, id("d"), new Expr.Interval(integer(1), "DAY")), expr("d + INTERVAL 1 DAY"));
        assertEquals(new Expr.Interval(integer(2), "HOUR"), expr("INTERVAL 2 HOURS"));
        assertEquals(new Expr.Interval(str("3"), "QUARTER"), expr("interval '3' quarter"));
        assertEquals(new Expr.Interval(binary(BinaryOp.ADD, id("n"), integer(1)), "WEEK"), expr("INTERVAL n + 1 WEEK"));
        assertEquals(call("date_sub", id("d"), new Expr.Interval(integer(1), "MONTH")), expr("date_sub(d, INTERVAL 1 MONTH)"));
        for (String unit : List.of("YEAR", "MINUTE", "SECOND")) {
            assertEquals(new Expr.Interval(integer(1), unit), expr("INTERVAL 1 " + unit));
        }
    }

    @Test
    void parametersAreNumberedInTextOrder() {
        QueryBody.QuerySpec spec = spec("SELECT ?, f(?) FROM t WHERE a = ? AND b IN (?, ?)");
        assertEquals(new Expr.Parameter(0), ((QueryBody.SingleColumn) spec.select().get(0)).expr());
        assertEquals(call("f", new Expr.Parameter(1)), ((QueryBody.SingleColumn) spec.select().get(1)).expr());
        assertEquals(binary(BinaryOp.AND, binary(BinaryOp.EQ, id("a"), new Expr.Parameter(2)),
                        new Expr.InList(id("b"), List.of(new Expr.Parameter(3), new Expr.Parameter(4)), false)),
                spec.where());
    }

    @Test
    void arraysSubscriptsAndLambdas() {
        assertEquals(new Expr.ArrayConstructor(List.of(integer(1), integer(2))), expr("[1, 2]"));
        assertEquals(new Expr.ArrayConstructor(List.of()), expr("[]"));
        assertEquals(new Expr.Subscript(id("a"), integer(1)), expr("a[1]"));
        assertEquals(new Expr.Subscript(new Expr.Subscript(id("m"), str("k")), integer(0)), expr("m['k'][0]"));
        assertEquals(call("array_map", new Expr.Lambda(List.of("x"), binary(BinaryOp.ADD, id("x"), integer(1))), id("arr")),
                expr("array_map(x -> x + 1, arr)"));
        assertEquals(call("array_map", new Expr.Lambda(List.of("x", "y"), binary(BinaryOp.MULTIPLY, id("x"), id("y"))), id("a"), id("b")),
                expr("array_map((x, y) -> x * y, a, b)"));
    }

    @Test
    void variables() {
        assertEquals(new Expr.Variable("version_comment", true, null), expr("@@version_comment"));
        assertEquals(new Expr.Variable("tx_isolation", true, "SESSION"), expr("@@session.tx_isolation"));
        assertEquals(new Expr.Variable("max_connections", true, "GLOBAL"), expr("@@GLOBAL.max_connections"));
        assertEquals(new Expr.Variable("sql_mode", true, "SESSION"), expr("@@local.SQL_MODE"));
        assertEquals(new Expr.Variable("my_var", false, null), expr("@my_var"));
    }

    @Test
    void functionCalls() {
        assertEquals(new Expr.FunctionCall("count", false, List.of(new Expr.Star()), List.of(), null, null), expr("COUNT(*)"));
        assertEquals(new Expr.FunctionCall("count", true, List.of(id("a"), id("b")), List.of(), null, null), expr("count(DISTINCT a, b)"));
        assertEquals(call("sum", binary(BinaryOp.ADD, id("a"), integer(1))), expr("Sum(a + 1)"));
        assertEquals(new Expr.FunctionCall("group_concat", true, List.of(id("a")),
                        List.of(new OrderItem(id("b"), false, OrderItem.NullOrdering.DEFAULT)), str("; "), null),
                expr("group_concat(DISTINCT a ORDER BY b DESC SEPARATOR '; ')"));
        assertEquals(new Expr.FunctionCall("array_agg", false, List.of(id("x")),
                        List.of(new OrderItem(id("y"), true, OrderItem.NullOrdering.DEFAULT)), null, null),
                expr("array_agg(x ORDER BY y)"));
        assertEquals(call("now"), expr("now()"));
        assertEquals(call("mydb.my_udf", integer(1)), expr("MyDb.My_Udf(1)"));
        assertEquals(call("grouping", id("a")), expr("GROUPING(a)"));
        assertEquals(call("grouping_id", id("a"), id("b")), expr("grouping_id(a, b)"));
    }

    @Test
    void keywordNamedFunctions() {
        assertEquals(call("if", id("a"), integer(1), integer(2)), expr("IF(a, 1, 2)"));
        assertEquals(call("left", id("s"), integer(2)), expr("left(s, 2)"));
        assertEquals(call("right", id("s"), integer(2)), expr("RIGHT(s, 2)"));
        assertEquals(call("date", id("ts")), expr("date(ts)"));
        assertEquals(call("year", id("ts")), expr("YEAR(ts)"));
        assertEquals(call("month", id("ts")), expr("month(ts)"));
        assertEquals(call("day", id("ts")), expr("day(ts)"));
        assertEquals(call("hour", id("ts")), expr("hour(ts)"));
        assertEquals(call("replace", id("s"), str("a"), str("b")), expr("replace(s, 'a', 'b')"));
        assertEquals(call("database"), expr("DATABASE()"));
        assertEquals(call("schema"), expr("schema()"));
        assertEquals(call("user"), expr("user()"));
        assertEquals(call("mod", id("a"), integer(3)), expr("mod(a, 3)"));
        assertEquals(call("timestamp", id("s")), expr("timestamp(s)"));
        assertEquals(call("current_timestamp"), expr("CURRENT_TIMESTAMP"));
        assertEquals(call("current_timestamp", integer(3)), expr("current_timestamp(3)"));
        assertEquals(call("current_date"), expr("current_date"));
        assertEquals(call("current_date"), expr("CURRENT_DATE()"));
        assertEquals(call("current_user"), expr("current_user"));
        assertEquals(call("extract", str("YEAR"), id("d")), expr("extract(year FROM d)"));
    }

    @Test
    void windowFunctions() {
        Expr.FunctionCall rank = assertInstanceOf(Expr.FunctionCall.class,
                expr("rank() OVER (PARTITION BY a, b ORDER BY c DESC NULLS LAST)"));
        assertEquals(new WindowSpec(List.of(id("a"), id("b")),
                List.of(new OrderItem(id("c"), false, OrderItem.NullOrdering.LAST)), null), rank.over());

        Expr.FunctionCall sum = assertInstanceOf(Expr.FunctionCall.class,
                expr("sum(x) OVER (ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"));
        assertEquals(new WindowSpec.Frame(WindowSpec.FrameUnit.ROWS,
                new WindowSpec.Bound(WindowSpec.BoundType.UNBOUNDED_PRECEDING, null),
                new WindowSpec.Bound(WindowSpec.BoundType.CURRENT_ROW, null)), sum.over().frame());

        Expr.FunctionCall avg = assertInstanceOf(Expr.FunctionCall.class,
                expr("avg(x) OVER (PARTITION BY k ORDER BY d RANGE BETWEEN 2 PRECEDING AND 3 FOLLOWING)"));
        assertEquals(new WindowSpec.Frame(WindowSpec.FrameUnit.RANGE,
                new WindowSpec.Bound(WindowSpec.BoundType.PRECEDING, integer(2)),
                new WindowSpec.Bound(WindowSpec.BoundType.FOLLOWING, integer(3))), avg.over().frame());

        Expr.FunctionCall max = assertInstanceOf(Expr.FunctionCall.class,
                expr("max(x) OVER (ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)"));
        assertEquals(WindowSpec.BoundType.UNBOUNDED_FOLLOWING, max.over().frame().end().type());

        Expr.FunctionCall min = assertInstanceOf(Expr.FunctionCall.class, expr("min(x) OVER (ORDER BY d ROWS 1 PRECEDING)"));
        assertNull(min.over().frame().end());

        Expr.FunctionCall count = assertInstanceOf(Expr.FunctionCall.class, expr("count(*) over ()"));
        assertEquals(new WindowSpec(List.of(), List.of(), null), count.over());
    }

    @Test
    void qualifiedAndQuotedIdentifiers() {
        assertEquals(id("db", "t", "a"), expr("db.t.a"));
        assertEquals(id("my col", "x`y"), expr("`my col`.`x``y`"));
        assertEquals(id("MixedCase"), expr("MixedCase"));
        assertEquals(id("select"), expr("`select`"));
    }

    @Test
    void typeNames() {
        assertEquals(TypeKind.JSON, assertInstanceOf(Expr.Cast.class, expr("CAST(a AS JSONB)")).type().kind());
        assertEquals(DataType.STRING, assertInstanceOf(Expr.Cast.class, expr("CAST(a AS TEXT)")).type());
        assertEquals(DataType.map(DataType.STRING, DataType.array(DataType.INT)),
                assertInstanceOf(Expr.Cast.class, expr("CAST(a AS MAP<STRING, ARRAY<INT>>)")).type());
        assertEquals(DataType.struct(List.of("f1", "f2"), List.of(DataType.INT, DataType.varchar(3))),
                assertInstanceOf(Expr.Cast.class, expr("CAST(a AS STRUCT<f1:INT, f2:VARCHAR(3)>)")).type());
    }
}
