package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Relation.JoinType;
import io.cairndb.sql.tree.WindowSpec;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Whole queries over t(a, b, s, arr) = (1,10,'x',[1,2]), (2,NULL,'y',[]), (NULL,30,NULL,NULL), (3,40,'x',[5])
 * and u(a, c) = (1,'p'), (1,'q'), (NULL,'r'), (4,'s').
 */
class QueryPrinterTest extends DuckTestBase {

    @Test
    void defaultNullOrderingIsMysqls() throws Exception {
        Query ascending = select(item(col("a"))).from(table("t")).orderBy(asc(col("a")));
        assertEquals(column(null, 1, 2, 3), run(ascending));
        Query descending = select(item(col("a"))).from(table("t")).orderBy(desc(col("a")));
        assertEquals(column(3, 2, 1, null), run(descending));
        Query explicit = select(item(col("a"))).from(table("t"))
                .orderBy(new OrderItem(col("a"), true, OrderItem.NullOrdering.LAST));
        assertEquals(column(1, 2, 3, null), run(explicit));
    }

    @Test
    void limitAndOffset() throws Exception {
        Query q = new Query(List.of(), select(item(col("a"))).from(table("t")).spec(), List.of(asc(col("a"))),
                new Query.Limit(2, 1));
        assertEquals(column(1, 2), run(q));
    }

    @Test
    void ordinalsPassThrough() throws Exception {
        Query q = new Query(List.of(), select(item(col("s")), item(fn("count", star()))).from(table("t"))
                .groupBy(groupBy(simple(num(1)))).spec(), List.of(desc(num(2)), asc(num(1))), null);
        assertEquals(List.of(List.of("x", 2L), Arrays.asList(null, 1L), List.of("y", 1L)), run(q));
    }

    @Test
    void computedColumnsAreLabelledAsWritten() throws Exception {
        Query q = select(item(col("t", "a")), item(fn("count", star())), item(fn("sum", col("a"))),
                item(bin(BinaryOp.ADD, col("a"), num(1))), item(bin(BinaryOp.DIVIDE, num(7), num(2))),
                item(col("b"), "bee")).from(table("t")).groupBy(groupBy(simple(col("a"), col("b")))).query();
        assertEquals(List.of("a", "count(*)", "sum(a)", "a + 1", "7 / 2", "bee"), labels(q));
    }

    @Test
    void identifiersAreQuoted() throws Exception {
        sql("CREATE TABLE `we\"ird` (`select` INT) DUPLICATE KEY(`select`) DISTRIBUTED BY HASH(`select`) BUCKETS 1");
        sql("INSERT INTO `we\"ird` VALUES (5)");
        Query q = select(item(col("we\"ird", "select"), "from")).from(table("we\"ird")).query();
        assertEquals(column(5), run(q));
        assertEquals(List.of("from"), labels(q));
    }

    @Test
    void databaseQualifiedColumnsResolveAgainstTheTableAlias() throws Exception {
        Query q = select(item(col("db", "t", "a"))).from(new Relation.TableRef(QualifiedName.of("db", "t"), null,
                List.of(), null)).where(bin(BinaryOp.EQ, col("a"), num(1))).query();
        assertEquals(column(1), run(q));
    }

    @Test
    void withAndSetOperations() throws Exception {
        QueryBody one = select(item(num(1), "x")).spec();
        QueryBody two = select(item(num(2), "x")).spec();
        QueryBody union = new QueryBody.SetOperation(QueryBody.SetOpType.UNION, true, one, one);
        assertEquals(column(1, 1), run(Query.of(union)));
        QueryBody distinctUnion = new QueryBody.SetOperation(QueryBody.SetOpType.UNION, false, one, one);
        assertEquals(column(1), run(Query.of(distinctUnion)));
        // (1,1,2) INTERSECT ALL (1,1) keeps two 1s; (1,1,2) EXCEPT ALL (1) keeps 1 and 2.
        QueryBody left = new QueryBody.SetOperation(QueryBody.SetOpType.UNION, true, union, two);
        QueryBody intersect = new QueryBody.SetOperation(QueryBody.SetOpType.INTERSECT, true, left, union);
        assertEquals(column(1, 1), run(Query.of(intersect)));
        QueryBody except = new QueryBody.SetOperation(QueryBody.SetOpType.EXCEPT, true, left, one);
        assertEquals(column(1, 2), run(new Query(List.of(), except, List.of(asc(num(1))), null)));
        QueryBody values = new QueryBody.Values(List.of(List.of(num(3)), List.of(num(4))));
        Query withQuery = new Query(List.of(new Query.WithQuery("w", List.of("v"), Query.of(values))),
                select(item(fn("sum", col("v")))).from(table("w")).spec(), List.of(), null);
        assertEquals(7L, ((Number) run(withQuery).get(0).get(0)).longValue());
        Query nested = new Query(List.of(), new QueryBody.Nested(new Query(List.of(), one, List.of(),
                new Query.Limit(1, 0))), List.of(), null);
        assertEquals(column(1), run(nested));
    }

    @Test
    void distinctSelect() throws Exception {
        Query q = new Query(List.of(), select(item(col("s"))).from(table("t")).distinct().spec(),
                List.of(asc(col("s"))), null);
        assertEquals(column(null, "x", "y"), run(q));
    }

    @Test
    void semiAndAntiJoins() throws Exception {
        Expr on = bin(BinaryOp.EQ, col("t", "a"), col("u", "a"));
        Query semi = select(item(col("t", "a"))).from(join(JoinType.LEFT_SEMI, table("t"), table("u"), on))
                .orderBy(asc(col("t", "a")));
        assertEquals(column(1), run(semi));
        Query anti = select(item(col("t", "a"))).from(join(JoinType.LEFT_ANTI, table("t"), table("u"), on))
                .orderBy(asc(col("t", "a")));
        assertEquals(column(null, 2, 3), run(anti));
        // RIGHT SEMI keeps the right side's rows that have a match: u's two rows with a = 1.
        Query rightSemi = select(item(col("u", "c"))).from(join(JoinType.RIGHT_SEMI, table("t"), table("u"), on))
                .orderBy(asc(col("u", "c")));
        assertEquals(column("p", "q"), run(rightSemi));
        Query rightAnti = select(item(col("u", "c"))).from(join(JoinType.RIGHT_ANTI, table("t"), table("u"), on))
                .orderBy(asc(col("u", "c")));
        assertEquals(column("r", "s"), run(rightAnti));
    }

    @Test
    void outerJoinsAndUsing() throws Exception {
        Expr on = bin(BinaryOp.EQ, col("t", "a"), col("u", "a"));
        Query left = select(item(fn("count", star()))).from(join(JoinType.LEFT, table("t"), table("u"), on)).query();
        assertEquals(5L, run(left).get(0).get(0));
        Query right = select(item(fn("count", star()))).from(join(JoinType.RIGHT, table("t"), table("u"), on)).query();
        assertEquals(4L, run(right).get(0).get(0));
        Query full = select(item(fn("count", star()))).from(join(JoinType.FULL, table("t"), table("u"), on)).query();
        assertEquals(7L, run(full).get(0).get(0));
        Query cross = select(item(fn("count", star()))).from(join(JoinType.CROSS, table("t"), table("u"), null)).query();
        assertEquals(16L, run(cross).get(0).get(0));
        Relation using = new Relation.Join(JoinType.INNER, table("t"), table("u"), null, List.of("a"));
        Query q = select(item(col("a")), item(col("c"))).from(using).orderBy(asc(col("c")));
        assertEquals(List.of(List.of(1, "p"), List.of(1, "q")), run(q));
    }

    @Test
    void nestedJoinOnTheRight() throws Exception {
        Relation inner = join(JoinType.INNER, table("u", "u1"), table("u", "u2"),
                bin(BinaryOp.EQ, col("u1", "a"), col("u2", "a")));
        Relation outer = join(JoinType.INNER, table("t"), inner, bin(BinaryOp.EQ, col("t", "a"), col("u1", "a")));
        assertEquals(4L, run(select(item(fn("count", star()))).from(outer).query()).get(0).get(0));
    }

    @Test
    void subqueries() throws Exception {
        Query sub = select(item(col("a")), item(col("b"))).from(table("t")).where(new Expr.IsNull(col("a"), true)).query();
        Relation derived = new Relation.SubqueryRelation(sub, "s", List.of("x", "y"));
        Query q = select(item(col("s", "x"))).from(derived).where(bin(BinaryOp.GT, col("y"), num(10)))
                .orderBy(asc(col("x")));
        assertEquals(column(3), run(q));

        Query uValues = select(item(col("a"))).from(table("u")).query();
        Query in = select(item(col("s"))).from(table("t")).where(new Expr.InSubquery(col("a"), uValues, false)).query();
        assertEquals(column("x"), run(in));
        Query exists = select(item(col("a"))).from(table("t")).where(new Expr.Exists(select(item(num(1)))
                .from(table("u")).where(bin(BinaryOp.EQ, col("u", "a"), col("t", "a"))).query(), true))
                .orderBy(asc(col("a")));
        assertEquals(column(null, 2, 3), run(exists));
        Expr scalar = new Expr.ScalarSubquery(select(item(fn("max", col("a")))).from(table("u")).query());
        assertEquals(4, eval(scalar));
    }

    @Test
    void lateralViewExplode() throws Exception {
        Relation view = new Relation.LateralView(table("t"), fn("explode", col("arr")), false, "tmp", List.of("e"));
        Query q = select(item(col("t", "a")), item(col("tmp", "e"))).from(view).orderBy(asc(col("e")));
        assertEquals(List.of(List.of(1, 1), List.of(1, 2), List.of(3, 5)), run(q));
        // OUTER keeps rows whose array is empty or NULL.
        Relation outer = new Relation.LateralView(table("t"), fn("explode", col("arr")), true, "tmp", List.of("e"));
        assertEquals(5L, run(select(item(fn("count", star()))).from(outer).query()).get(0).get(0));
        Relation outerFn = new Relation.LateralView(table("t"), fn("explode_outer", col("arr")), false, "tmp",
                List.of("e"));
        assertEquals(5L, run(select(item(fn("count", star()))).from(outerFn).query()).get(0).get(0));
    }

    @Test
    void lateralViewGenerators() throws Exception {
        Relation split = new Relation.LateralView(table("u"), fn("explode_split", str("a,b"), str(",")), false,
                "v", List.of("p"));
        Query q = select(item(col("p"))).from(split).where(bin(BinaryOp.EQ, col("c"), str("p"))).orderBy(asc(col("p")));
        assertEquals(column("a", "b"), run(q));
        Relation pos = new Relation.LateralView(table("t"), fn("posexplode", col("arr")), false, "v",
                List.of("i", "e"));
        Query pq = select(item(col("i")), item(col("e"))).from(pos).where(bin(BinaryOp.EQ, col("a"), num(1)))
                .orderBy(asc(col("i")));
        assertEquals(List.of(List.of(0, 1), List.of(1, 2)), run(pq));
        Relation json = new Relation.LateralView(table("u"), fn("explode_json_array_int", str("[7, 8]")), false,
                "v", List.of("n"));
        Query jq = select(item(col("n"))).from(json).where(bin(BinaryOp.EQ, col("c"), str("p"))).orderBy(asc(col("n")));
        assertEquals(column(7L, 8L), run(jq));
        Relation numbers = new Relation.LateralView(table("u"), fn("explode_numbers", num(3)), false, "v",
                List.of("n"));
        Query nq = select(item(fn("sum", col("n")))).from(numbers).where(bin(BinaryOp.EQ, col("c"), str("p"))).query();
        assertEquals(3L, ((Number) run(nq).get(0).get(0)).longValue());
    }

    @Test
    void rollupWithGroupingId() throws Exception {
        // GROUPING_ID(s, a): bit 1 for s rolled up, bit 0 for a.
        Query q = new Query(List.of(), select(item(col("s")), item(col("a")), item(fn("grouping_id", col("s"), col("a"))),
                item(fn("grouping", col("a"))), item(fn("count", star())))
                .from(table("t")).where(bin(BinaryOp.EQ, col("s"), str("x")))
                .groupBy(groupBy(new QueryBody.Rollup(List.of(col("s"), col("a"))))).spec(),
                List.of(asc(num(3)), asc(num(2))), null);
        assertEquals(List.of(List.of("x", 1, 0L, 0L, 1L), List.of("x", 3, 0L, 0L, 1L),
                Arrays.asList("x", null, 1L, 1L, 2L), Arrays.asList(null, null, 3L, 1L, 2L)), run(q));
    }

    @Test
    void cubeGroupingSetsAndMixes() throws Exception {
        Query cube = select(item(fn("count", star()))).from(table("t"))
                .groupBy(groupBy(new QueryBody.Cube(List.of(col("s"), col("a"))))).query();
        // (s,a): 4 groups, (s): 3, (a): 4, (): 1.
        assertEquals(12, run(cube).size());
        Query sets = select(item(fn("count", star()))).from(table("t"))
                .groupBy(groupBy(new QueryBody.GroupingSets(List.of(List.of(col("s")), List.of())))).query();
        assertEquals(4, run(sets).size());
        Query mixed = select(item(fn("count", star()))).from(table("t"))
                .groupBy(groupBy(simple(col("s")), new QueryBody.Rollup(List.of(col("a"))))).query();
        // (s, a): 4 groups, (s): 3.
        assertEquals(7, run(mixed).size());
    }

    @Test
    void having() throws Exception {
        Query q = select(item(col("s")), item(fn("count", star()))).from(table("t"))
                .groupBy(groupBy(simple(col("s")))).having(bin(BinaryOp.GT, fn("count", star()), num(1))).query();
        assertEquals(List.of(List.of("x", 2L)), run(q));
    }

    @Test
    void windowFunctionsWithFrames() throws Exception {
        WindowSpec frame = new WindowSpec(List.of(), List.of(asc(col("a"))), new WindowSpec.Frame(WindowSpec.FrameUnit.ROWS,
                new WindowSpec.Bound(WindowSpec.BoundType.PRECEDING, num(1)),
                new WindowSpec.Bound(WindowSpec.BoundType.CURRENT_ROW, null)));
        Query q = select(item(col("a")), item(over(fn("sum", col("b")), frame))).from(table("t")).orderBy(asc(col("a")));
        // Ordered a: NULL(30), 1(10), 2(NULL), 3(40) with NULLs first.
        assertEquals(List.of(30L, 40L, 10L, 40L), run(q).stream().map(r -> ((Number) r.get(1)).longValue()).toList());
        WindowSpec byS = new WindowSpec(List.of(col("s")), List.of(desc(col("a"))), null);
        Query rank = select(item(col("a")), item(over(fn("row_number"), byS))).from(table("t"))
                .where(bin(BinaryOp.EQ, col("s"), str("x"))).orderBy(asc(col("a")));
        assertEquals(List.of(List.of(1, 2L), List.of(3, 1L)), run(rank));
        WindowSpec whole = new WindowSpec(List.of(), List.of(), null);
        Query count = select(item(over(fn("count", star()), whole))).from(table("t")).query();
        assertEquals(4L, run(count).get(0).get(0));
    }

    @Test
    void tableFunctionsAreAliasedByName() throws Exception {
        Relation numbers = new Relation.TableFunction("numbers", List.of(), Map.of("number", "3"), null, List.of());
        Query q = select(item(fn("sum", col("numbers", "number")))).from(numbers).query();
        assertEquals(3L, ((Number) run(q).get(0).get(0)).longValue());
    }

    @Test
    void selectStarAndQualifiedStar() throws Exception {
        Query q = select(all()).from(table("u")).where(bin(BinaryOp.EQ, col("c"), str("p"))).query();
        assertEquals(List.of(List.of(1, "p")), run(q));
        Query qualified = select(new QueryBody.AllColumns(QualifiedName.of("u"))).from(table("u"))
                .where(bin(BinaryOp.EQ, col("c"), str("q"))).query();
        assertEquals(List.of(List.of(1, "q")), run(qualified));
    }

    @Test
    void filteredCountAndDivisionByAZeroColumn() throws Exception {
        Query q = select(item(fn("count", star()))).from(table("t")).where(bin(BinaryOp.GT, col("a"), num(1))).query();
        assertEquals(column(2L), run(q));
        assertEquals(List.of("count(*)"), labels(q));
        // A divisor that is zero at run time gives NULL, as in Doris.
        Query zero = select(item(bin(BinaryOp.DIVIDE, col("a"), bin(BinaryOp.SUBTRACT, col("b"), col("b")))))
                .from(table("t")).where(bin(BinaryOp.EQ, col("a"), num(1))).query();
        assertEquals(column((Object) null), run(zero));
    }

    private static List<List<Object>> column(Object... values) {
        return Arrays.stream(values).map(v -> Arrays.asList(v)).toList();
    }
}
