package io.cairndb.plan;

import io.cairndb.catalog.DataType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static io.cairndb.plan.PlanFixtures.aggregate;
import static io.cairndb.plan.PlanFixtures.and;
import static io.cairndb.plan.PlanFixtures.assign;
import static io.cairndb.plan.PlanFixtures.call;
import static io.cairndb.plan.PlanFixtures.col;
import static io.cairndb.plan.PlanFixtures.eq;
import static io.cairndb.plan.PlanFixtures.filter;
import static io.cairndb.plan.PlanFixtures.groupBy;
import static io.cairndb.plan.PlanFixtures.join;
import static io.cairndb.plan.PlanFixtures.keep;
import static io.cairndb.plan.PlanFixtures.lit;
import static io.cairndb.plan.PlanFixtures.op;
import static io.cairndb.plan.PlanFixtures.project;
import static io.cairndb.plan.PlanFixtures.ref;
import static io.cairndb.plan.PlanFixtures.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpjgFormTest {
    private final PlanFixtures f = new PlanFixtures();
    private final PlanNode.Scan t = f.scan("db.t", "a INT NOT NULL", "b INT", "x VARCHAR", "dt DATETIME");
    private final PlanNode.Scan u = f.scan("db.u", "a INT NOT NULL", "c INT");
    private final PlanNode.Scan w = f.scan("db.w", "a INT NOT NULL", "d INT");

    private static final ExprText TEXT = new ExprText(c -> c.name() + "#" + c.id(), s -> "$", false);

    private static List<String> texts(List<ScalarExpr> exprs) {
        return exprs.stream().map(TEXT::expr).toList();
    }

    /** A class as text: its columns, then its range in interval or set notation. */
    private static String text(SpjgForm.EquivalenceClass c) {
        ValueRange r = c.range();
        String range = r.points() != null ? r.points().stream().map(ExprText::literal).toList().toString()
                : r.equals(ValueRange.ALL) ? "" : (r.lowerInclusive() ? "[" : "(")
                + (r.lower() == null ? "-inf" : ExprText.literal(r.lower())) + ", "
                + (r.upper() == null ? "+inf" : ExprText.literal(r.upper())) + (r.upperInclusive() ? "]" : ")");
        return c.columns().stream().map(TEXT::column).toList() + range;
    }

    private static List<String> classes(SpjgForm form) {
        return form.classes().stream().map(SpjgFormTest::text).toList();
    }

    private static SpjgForm spjg(PlanNode plan) {
        return SpjgForm.of(plan).orElseThrow(() -> new AssertionError("not SPJG:\n" + PlanText.of(plan)));
    }

    @Test
    void equalitiesOfJoinsAndFiltersFormClasses() {
        PlanNode joined = join(PlanNode.JoinKind.CROSS, join(PlanNode.JoinKind.INNER, t, u,
                eq(ref(u, "a"), ref(t, "a"))), w, null);
        PlanNode plan = keep(filter(joined, and(eq(ref(w, "a"), ref(u, "a")), eq(ref(t, "b"), ref(u, "c")))),
                "b", "d");
        SpjgForm form = spjg(plan);
        assertEquals(List.of("db.t", "db.u", "db.w"), form.tables().stream()
                .map(s -> s.source().database() + "." + s.source().table()).toList());
        assertEquals(List.of("[a#1, a#5, a#7]", "[b#2, c#6]"), classes(form));
        assertEquals(List.of(), form.residuals());
        assertEquals(2, form.joins().size());
        assertEquals(new SpjgForm.JoinEdge(PlanNode.JoinKind.INNER, List.of(0), List.of(1),
                List.of(eq(ref(t, "a"), ref(u, "a")))), form.joins().get(0));
        assertEquals(new SpjgForm.JoinEdge(PlanNode.JoinKind.CROSS, List.of(0, 1), List.of(2), List.of()),
                form.joins().get(1));
        assertFalse(form.aggregated());
        assertEquals(List.of("b#2", "d#8"), texts(form.outputs().stream().map(PlanNode.Assignment::expr).toList()));
        assertTrue(form.classOf(col(w, "a").id()).isPresent());
    }

    @Test
    void rangeConjunctsMergeIntoOneIntervalPerClass() {
        ScalarExpr a = ref(t, "a");
        PlanNode plan = filter(t, and(op(Operator.GT, a, lit(1)), op(Operator.LT, a, lit(10)), op(Operator.GE, a, lit(3))));
        assertEquals(List.of("[a#1][3, 10)"), classes(spjg(plan)));

        // On a class the range of any member holds for all; a literal on the left is turned round.
        PlanNode onClass = filter(join(PlanNode.JoinKind.INNER, t, u, eq(ref(t, "a"), ref(u, "a"))),
                and(op(Operator.LE, lit(3), ref(u, "a")), op(Operator.BETWEEN, a, lit(0), lit(8))));
        assertEquals(List.of("[a#1, a#5][3, 8]"), classes(spjg(onClass)));

        PlanNode in = filter(t, and(op(Operator.IN, a, lit(9), lit(1), lit(5), lit(5)), op(Operator.GT, a, lit(2)),
                op(Operator.IN, ref(t, "b"), lit(4), lit(7)), eq(ref(t, "b"), lit(4))));
        assertEquals(List.of("[a#1][5, 9]", "[b#2][4, 4]"), classes(spjg(in)));

        // Date-times compare as times, whatever their fractional zeros.
        ScalarExpr dt = ref(t, "dt");
        PlanNode instant = filter(t, and(op(Operator.GE, dt, PlanFixtures.datetime("2024-01-01 00:00:00.000")),
                op(Operator.LE, dt, PlanFixtures.datetime("2024-01-01 00:00:00"))));
        assertEquals(List.of("[dt#4]['2024-01-01 00:00:00.000', '2024-01-01 00:00:00']"), classes(spjg(instant)));

        PlanNode contradiction = filter(t, and(op(Operator.GT, a, lit(5)), op(Operator.LT, a, lit(2))));
        assertTrue(spjg(contradiction).classes().get(0).range().isEmpty());
    }

    @Test
    void otherConjunctsAreNormalizedResiduals() {
        ScalarExpr a = ref(t, "a");
        ScalarExpr b = ref(t, "b");
        ScalarExpr x = ref(t, "x");
        PlanNode plan = filter(filter(t, and(op(Operator.NE, b, a), and(op(Operator.GT, lit(10), op(Operator.ADD, a, b)),
                        op(Operator.LIKE, x, str("a%"))))),
                and(op(Operator.NE, a, b), op(Operator.GT, x, str("m")), op(Operator.LT, x, lit(5)),
                        op(Operator.OR, eq(a, lit(1)), op(Operator.OR, eq(b, lit(2)), op(Operator.IS_NULL, x))),
                        eq(b, b)));
        SpjgForm form = spjg(plan);
        assertEquals(List.of("(a#1 != b#2)", "((a#1 + b#2) < 10)", "(x#3 LIKE 'a%')", "(x#3 < 5)",
                "((a#1 = 1) OR (b#2 = 2) OR (x#3 IS NULL))", "(b#2 = b#2)"), texts(form.residuals()));
        assertEquals(List.of("[x#3]('m', +inf)"), classes(form));
    }

    @Test
    void anAggregateIsTakenApartOverScanColumns() {
        PlanColumn day = f.column("day DATETIME");
        PlanNode days = project(filter(join(PlanNode.JoinKind.INNER, t, u, eq(ref(t, "a"), ref(u, "a"))),
                op(Operator.GT, ref(u, "c"), lit(0))),
                assign(day, call("date_trunc", DataType.DATETIME, ref(t, "dt"), str("day"))),
                assign(f.column("amount BIGINT"), op(Operator.MULTIPLY, ref(t, "b"), ref(u, "c"))));
        PlanColumn total = f.column("total BIGINT");
        PlanNode.Aggregate agg = groupBy(days, List.of(day), aggregate(total, "sum", ref(days, "amount")));
        PlanNode plan = project(agg, assign(f.column("d DATETIME"), day.ref()),
                assign(f.column("t2 BIGINT"), op(Operator.MULTIPLY, total.ref(), lit(2))));
        SpjgForm form = spjg(plan);
        assertTrue(form.aggregated());
        assertEquals(List.of("date_trunc(dt#4, 'day')"), texts(form.groupingKeys()));
        assertEquals(List.of("total#11:=sum((b#2 * c#6))"), form.aggregates().stream()
                .map(x -> TEXT.column(x.column()) + ":=" + TEXT.aggregate(x.call())).toList());
        assertEquals(List.of("date_trunc(dt#4, 'day')", "(total#11 * 2)"),
                texts(form.outputs().stream().map(PlanNode.Assignment::expr).toList()));
        assertEquals(List.of("d", "t2"), form.outputs().stream().map(o -> o.column().name()).toList());
        assertEquals(List.of("[a#1, a#5]", "[c#6](0, +inf)"), classes(form));
    }

    @Test
    void outerJoinsKeepTheirConditionsInTheJoinGraph() {
        PlanNode left = join(PlanNode.JoinKind.LEFT, t, u, and(eq(ref(t, "a"), ref(u, "a")),
                op(Operator.GT, ref(u, "c"), lit(1))));
        SpjgForm form = spjg(filter(left, op(Operator.IS_NULL, ref(u, "c"))));
        assertEquals(List.of(), form.classes());
        assertEquals(List.of("(c#6 IS NULL)"), texts(form.residuals()));
        assertEquals(PlanNode.JoinKind.LEFT, form.joins().get(0).kind());
        assertEquals(List.of("(a#1 = a#5)", "(c#6 > 1)"), texts(form.joins().get(0).conjuncts()));

        // A filter on the preserved side is a filter of the result; one on the other side is not.
        PlanNode preserved = join(PlanNode.JoinKind.LEFT, filter(t, op(Operator.GT, ref(t, "b"), lit(0))), u,
                eq(ref(t, "a"), ref(u, "a")));
        assertEquals(List.of("[b#2](0, +inf)"), classes(spjg(preserved)));
        PlanNode nullSide = join(PlanNode.JoinKind.LEFT, t, filter(u, op(Operator.GT, ref(u, "c"), lit(0))),
                eq(ref(t, "a"), ref(u, "a")));
        assertEquals(Optional.empty(), SpjgForm.of(nullSide));
    }

    @Test
    void otherShapesAreNotSpjg() {
        PlanNode.SortKey byA = new PlanNode.SortKey(ref(t, "a"), true, true);
        PlanNode semiOverFilter = join(PlanNode.JoinKind.LEFT_SEMI, t, filter(u, op(Operator.GT, ref(u, "c"), lit(0))),
                eq(ref(t, "a"), ref(u, "a")));
        PlanNode subquery = filter(t, new ScalarExpr.Subquery(ScalarExpr.SubqueryKind.EXISTS, false, null, u,
                DataType.BOOLEAN, false));
        PlanNode having = filter(groupBy(t, List.of(col(t, "a"))), op(Operator.GT, ref(t, "a"), lit(1)));
        for (PlanNode plan : List.of(new PlanNode.Limit(t, 10, 0), new PlanNode.Sort(t, List.of(byA)),
                semiOverFilter, subquery, having, new PlanNode.Distinct(t))) {
            assertEquals(Optional.empty(), SpjgForm.of(plan), PlanText.of(plan));
        }
    }

    @Test
    void windowColumnsAreWholeWindowCallsAndPartitionFiltersMoveAbove() {
        PlanNode.WindowCall rank = new PlanNode.WindowCall("rank", List.of(), false, List.of(ref(t, "a")),
                List.of(new PlanNode.SortKey(ref(t, "b"), true, false)), null);
        PlanNode window = new PlanNode.Window(filter(t, op(Operator.GT, ref(t, "a"), lit(1))),
                List.of(new PlanNode.WindowAssignment(f.column("r BIGINT"), rank)));
        SpjgForm form = spjg(window);
        assertEquals(List.of("[a#1](1, +inf)"), classes(form));
        ScalarExpr r = form.outputs().get(form.outputs().size() - 1).expr();
        assertEquals(SpjgForm.WINDOW_CALL + "rank() OVER (PARTITION BY ? ORDER BY ? ASC NULLS LAST)(a#1, b#2)",
                texts(List.of(r)).get(0));
        // A filter on another column changes what the window computes: it is part of the window's call.
        PlanNode overB = new PlanNode.Window(filter(t, op(Operator.GT, ref(t, "b"), lit(1))),
                List.of(new PlanNode.WindowAssignment(f.column("r2 BIGINT"), rank)));
        ScalarExpr r2 = spjg(overB).outputs().get(spjg(overB).outputs().size() - 1).expr();
        assertEquals(SpjgForm.WINDOW_CALL + "rank() OVER (PARTITION BY ? ORDER BY ? ASC NULLS LAST) OVER ROWS WHERE 1"
                + "(a#1, b#2, (b#2 > 1))", texts(List.of(r2)).get(0));
    }

    @Test
    void groupingSetsAreKeptByKeyPosition() {
        PlanNode rollup = new PlanNode.Aggregate(t, List.of(col(t, "a"), col(t, "b")),
                List.of(List.of(0, 1), List.of(0), List.of()), List.of());
        SpjgForm form = spjg(rollup);
        assertEquals(List.of("a#1", "b#2"), texts(form.groupingKeys()));
        assertEquals(List.of(List.of(0, 1), List.of(0), List.of()), form.groupingSets());
        assertEquals(List.of(), spjg(groupBy(t, List.of(col(t, "a")))).groupingSets());
    }
}
