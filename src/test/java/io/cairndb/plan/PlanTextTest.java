package io.cairndb.plan;

import io.cairndb.catalog.DataType;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static io.cairndb.plan.PlanFixtures.aggregate;
import static io.cairndb.plan.PlanFixtures.and;
import static io.cairndb.plan.PlanFixtures.assign;
import static io.cairndb.plan.PlanFixtures.col;
import static io.cairndb.plan.PlanFixtures.eq;
import static io.cairndb.plan.PlanFixtures.filter;
import static io.cairndb.plan.PlanFixtures.groupBy;
import static io.cairndb.plan.PlanFixtures.join;
import static io.cairndb.plan.PlanFixtures.lit;
import static io.cairndb.plan.PlanFixtures.op;
import static io.cairndb.plan.PlanFixtures.project;
import static io.cairndb.plan.PlanFixtures.ref;
import static io.cairndb.plan.PlanFixtures.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PlanTextTest {

    @Test
    void aggregateOverFilterOverScan() {
        PlanFixtures f = new PlanFixtures(3);
        PlanNode.Scan t = f.scan("db.t", "k INT NOT NULL", "v INT");
        PlanColumn s = new PlanColumn(7, "s", DataType.BIGINT, true);
        PlanNode plan = groupBy(filter(t, op(Operator.GT, ref(t, "v"), lit(10))), List.of(col(t, "k")),
                aggregate(s, "sum", ref(t, "v")));
        assertEquals("""
                Aggregate keys=[k#3] aggregates=[s#7:=sum(v#4)] -> [k#3 INT NOT NULL, s#7 BIGINT]
                  Filter (v#4 > 10)
                    Scan db.t columns=[k#3:=k, v#4:=v] -> [k#3 INT NOT NULL, v#4 INT]
                """, PlanText.of(plan));
        assertEquals("""
                Aggregate
                  Filter
                    Scan db.t
                """, PlanText.shape(plan));
    }

    @Test
    void expressionsPrintAsReadableSql() {
        PlanFixtures f = new PlanFixtures();
        PlanNode.Scan t = f.scan("db.t", "a INT NOT NULL", "b INT", "x VARCHAR");
        ScalarExpr a = ref(t, "a");
        ScalarExpr b = ref(t, "b");
        ScalarExpr x = ref(t, "x");
        ScalarExpr caseExpr = new ScalarExpr.Case(null, List.of(new ScalarExpr.When(op(Operator.IS_NULL, x), str("none"))),
                str("it's"), DataType.STRING, false);
        PlanNode plan = project(t,
                assign(f.column("sum BIGINT"), op(Operator.ADD, a, b)),
                assign(f.column("n BOOLEAN"), op(Operator.NOT, op(Operator.IN, a, lit(1), lit(2)))),
                assign(f.column("c BIGINT"), new ScalarExpr.Cast(a, DataType.BIGINT, false)),
                assign(f.column("k STRING"), caseExpr),
                assign(f.column("r BOOLEAN"), and(op(Operator.BETWEEN, b, lit(1), lit(5)),
                        op(Operator.LIKE, x, str("a%")), op(Operator.IS_NOT_NULL, b))),
                assign(f.column("d DATE"), PlanFixtures.call("date_add", DataType.DATE, a,
                        new ScalarExpr.Interval(lit(2), "day"))),
                assign(f.column("z INT"), op(Operator.NEGATIVE, a)),
                assign(col(t, "a"), a));
        assertEquals("Project [sum#4:=(a#1 + b#2), n#5:=(NOT (a#1 IN (1, 2))), c#6:=CAST(a#1 AS BIGINT), "
                + "k#7:=CASE WHEN (x#3 IS NULL) THEN 'none' ELSE 'it\\'s' END, "
                + "r#8:=((b#2 BETWEEN 1 AND 5) AND (x#3 LIKE 'a%') AND (b#2 IS NOT NULL)), "
                + "d#9:=date_add(a#1, INTERVAL 2 DAY), z#10:=(-a#1), a#1] -> [sum#4 BIGINT, n#5 BOOLEAN, "
                + "c#6 BIGINT, k#7 TEXT, r#8 BOOLEAN, d#9 DATE, z#10 INT, a#1 INT NOT NULL]",
                PlanText.of(plan).lines().findFirst().orElseThrow());
    }

    @Test
    void outerJoinSortLimitAndShape() {
        PlanFixtures f = new PlanFixtures();
        PlanNode.Scan t = f.scan("db.t", "id INT NOT NULL");
        PlanNode.Scan u = f.scan("db.u", "id INT NOT NULL", "w INT");
        PlanNode.Join j = join(PlanNode.JoinKind.LEFT, t, u, eq(ref(t, "id"), ref(u, "id")));
        PlanNode plan = new PlanNode.Limit(new PlanNode.Sort(j, List.of(
                new PlanNode.SortKey(ref(u, "w"), false, true))), 10, 5);
        assertEquals("""
                Limit 10 OFFSET 5
                  Sort [w#3 DESC NULLS FIRST]
                    Join LEFT (id#1 = id#2) -> [id#1 INT NOT NULL, id#2 INT, w#3 INT]
                      Scan db.t columns=[id#1:=id] -> [id#1 INT NOT NULL]
                      Scan db.u columns=[id#2:=id, w#3:=w] -> [id#2 INT NOT NULL, w#3 INT]
                """, PlanText.of(plan));
        assertEquals("""
                Limit
                  Sort
                    Join LEFT
                      Scan db.t
                      Scan db.u
                """, PlanText.shape(plan));
    }

    @Test
    void subqueriesPrintAsBlocksUnderTheirNode() {
        PlanFixtures f = new PlanFixtures();
        PlanNode.Scan t = f.scan("db.t", "a INT");
        PlanNode.Scan u = f.scan("db.u", "b INT");
        PlanNode.Scan v = f.scan("db.v", "c INT");
        ScalarExpr exists = new ScalarExpr.Subquery(ScalarExpr.SubqueryKind.EXISTS, true, null,
                filter(u, eq(ref(u, "b"), ref(t, "a"))), DataType.BOOLEAN, false);
        ScalarExpr in = new ScalarExpr.Subquery(ScalarExpr.SubqueryKind.IN, false, ref(t, "a"), v,
                DataType.BOOLEAN, true);
        PlanNode plan = filter(t, and(exists, in));
        assertEquals("""
                Filter (NOT EXISTS $1 AND (a#1 IN $2))
                  Subquery $1
                    Filter (b#2 = a#1)
                      Scan db.u columns=[b#2:=b] -> [b#2 INT]
                  Subquery $2
                    Scan db.v columns=[c#3:=c] -> [c#3 INT]
                  Scan db.t columns=[a#1:=a] -> [a#1 INT]
                """, PlanText.of(plan));
        assertEquals("""
                Filter
                  Subquery
                    Filter
                      Scan db.u
                  Subquery
                    Scan db.v
                  Scan db.t
                """, PlanText.shape(plan));
    }

    @Test
    void groupingSetsWindowsSetOperationsAndSources() {
        PlanFixtures f = new PlanFixtures();
        PlanNode.Scan t = f.scan("db.t", "k INT NOT NULL", "j INT", "v INT");
        PlanNode.Aggregate rollup = new PlanNode.Aggregate(t, List.of(col(t, "k"), col(t, "j")),
                List.of(List.of(0, 1), List.of(0), List.of()), List.of(new PlanNode.AggregateAssignment(
                f.column("n BIGINT NOT NULL"), new PlanNode.AggregateCall("count", List.of(), false, List.of()))));
        assertEquals("Aggregate keys=[k#1, j#2] groupingSets=[(k#1, j#2), (k#1), ()] aggregates=[n#4:=count(*)] "
                + "-> [k#1 INT, j#2 INT, n#4 BIGINT NOT NULL]", PlanText.of(rollup).lines().findFirst().orElseThrow());

        PlanNode.WindowCall rowNumber = new PlanNode.WindowCall("sum", List.of(ref(t, "v")), false,
                List.of(ref(t, "k")), List.of(new PlanNode.SortKey(ref(t, "j"), true, true)),
                new PlanNode.Frame(PlanNode.FrameUnit.ROWS, new PlanNode.FrameBound(PlanNode.BoundKind.PRECEDING, lit(2)),
                        new PlanNode.FrameBound(PlanNode.BoundKind.CURRENT_ROW, null)));
        PlanNode window = new PlanNode.Window(t, List.of(new PlanNode.WindowAssignment(f.column("w BIGINT"), rowNumber)));
        assertEquals("Window [w#5:=sum(v#3) OVER (PARTITION BY k#1 ORDER BY j#2 ASC NULLS FIRST ROWS BETWEEN "
                + "2 PRECEDING AND CURRENT ROW)] -> [k#1 INT NOT NULL, j#2 INT, v#3 INT, w#5 BIGINT]",
                PlanText.of(window).lines().findFirst().orElseThrow());

        PlanNode.Values values = new PlanNode.Values(List.of(f.column("x INT")), List.of(List.of(lit(1)),
                List.of(new ScalarExpr.Literal(DataType.INT, null))));
        PlanNode.TableFunction numbers = new PlanNode.TableFunction("numbers",
                Map.of("number", "10", "const_value", "1"), List.of(), List.of(f.column("number BIGINT NOT NULL")));
        PlanNode union = new PlanNode.SetOperation(PlanNode.SetKind.UNION, true, values, numbers,
                List.of(f.column("x BIGINT")));
        assertEquals("""
                SetOperation UNION ALL -> [x#8 BIGINT]
                  Values rows=[(1), (NULL)] -> [x#6 INT]
                  TableFunction numbers() properties={'const_value'='1', 'number'='10'} -> [number#7 BIGINT NOT NULL]
                """, PlanText.of(union));

        PlanNode.Generate explode = new PlanNode.Generate(t, "explode_numbers", List.of(ref(t, "v")), true,
                List.of(f.column("e INT")));
        assertEquals("Generate OUTER explode_numbers(v#3) AS [e#9] -> [k#1 INT NOT NULL, j#2 INT, v#3 INT, e#9 INT]",
                PlanText.of(explode).lines().findFirst().orElseThrow());
    }

    @Test
    void scanOfSomePartitionsOfAnMv() {
        PlanColumn c = new PlanColumn(1, "c", DataType.INT, true);
        PlanNode scan = new PlanNode.Scan(new PlanNode.TableSource(9, "db", "mv", true), List.of(c),
                List.of("c"), List.of("p1", "p2"), true);
        assertEquals("Scan db.mv (materialized view) columns=[c#1:=c] temporary partitions=[p1, p2] -> [c#1 INT]\n",
                PlanText.of(scan));
        assertEquals("'a\\nb\\\\'", ExprText.literal(new ScalarExpr.Literal(DataType.STRING, "a\nb\\")));
        assertEquals("1.50", ExprText.literal(new ScalarExpr.Literal(DataType.decimal(3, 2), new java.math.BigDecimal("1.50"))));
        assertEquals("7", ExprText.literal(new ScalarExpr.Literal(DataType.BIGINT, BigInteger.valueOf(7))));
    }
}
