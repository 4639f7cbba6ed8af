package io.cairndb.plan;

import io.cairndb.catalog.DataType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.cairndb.plan.PlanFixtures.aggregate;
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

class PlanLineageTest {
    private final PlanFixtures f = new PlanFixtures();
    private final PlanNode.Scan t = f.scan("db.t", "k INT NOT NULL", "dt DATETIME", "v INT");

    private static ColumnOrigin origin(String table, String column, String unit) {
        return new ColumnOrigin(PlanFixtures.tableId(table), "db", table, column, unit, false);
    }

    private static ColumnLineage tracked(ColumnOrigin... origins) {
        return new ColumnLineage(List.of(origins), null);
    }

    private static ScalarExpr trunc(ScalarExpr column, String unit) {
        return call("date_trunc", DataType.DATETIME, column, str(unit));
    }

    @Test
    void plainColumnsTraceThroughFiltersSortsAndLimits() {
        PlanNode plan = new PlanNode.Limit(new PlanNode.Sort(keep(filter(t, op(Operator.GT, ref(t, "v"), lit(1))),
                "v", "k"), List.of(new PlanNode.SortKey(ref(t, "k"), true, true))), 5, 0);
        QueryLineage lineage = PlanLineage.of(plan);
        assertEquals(List.of(tracked(origin("t", "v", null)), tracked(origin("t", "k", null))), lineage.columns());
        assertEquals(List.of(new QueryLineage.BaseTable(PlanFixtures.tableId("t"), "db", "t")), lineage.baseTables());
        assertEquals(List.of(), lineage.nondeterministicFunctions());
    }

    @Test
    void dateTruncRollsUpAndWeeksDoNotNestInMonths() {
        PlanColumn day = f.column("day DATETIME");
        PlanNode days = project(t, assign(day, trunc(ref(t, "dt"), "day")), assign(col(t, "k"), ref(t, "k")));
        PlanNode plan = project(days,
                assign(f.column("month DATETIME"), call("date_trunc", DataType.DATETIME, str("month"), day.ref())),
                assign(f.column("week DATETIME"), trunc(trunc(day.ref(), "month"), "week")),
                assign(f.column("d2 DATETIME"), day.ref()),
                assign(f.column("konst DATETIME"), trunc(new ScalarExpr.Literal(DataType.DATETIME, "2024-01-01"), "day")));
        assertEquals(List.of(tracked(origin("t", "dt", "month")),
                        ColumnLineage.invalid("date_trunc(date_trunc(day, 'month'), 'week')"),
                        tracked(origin("t", "dt", "day")), ColumnLineage.NONE),
                PlanLineage.of(plan).columns());
    }

    @Test
    void anyOtherExpressionOverATrackedColumnIsInvalid() {
        ScalarExpr dateAdd = call("date_add", DataType.DATETIME, ref(t, "dt"),
                new ScalarExpr.Interval(lit(2), "DAY"));
        PlanNode plan = project(t,
                assign(f.column("k1 BIGINT"), op(Operator.ADD, ref(t, "k"), lit(1))),
                assign(f.column("shifted DATETIME"), trunc(dateAdd, "month")),
                assign(f.column("one INT"), lit(1)),
                assign(f.column("cased INT"), new ScalarExpr.Case(null, List.of(new ScalarExpr.When(
                        op(Operator.IS_NULL, ref(t, "v")), lit(0))), ref(t, "v"), DataType.INT, true)));
        assertEquals(List.of(ColumnLineage.invalid("(k + 1)"), ColumnLineage.invalid("days_add(dt, 2)"),
                        ColumnLineage.NONE, ColumnLineage.invalid("CASE WHEN (v IS NULL) THEN 0 ELSE v END")),
                PlanLineage.of(plan).columns());
    }

    @Test
    void aggregatesKeepTheirKeysAndInvalidateComputedColumns() {
        PlanNode plan = groupBy(t, List.of(col(t, "k")), aggregate(f.column("s BIGINT"), "sum", ref(t, "v")),
                aggregate(f.column("n BIGINT NOT NULL"), "count"));
        assertEquals(List.of(tracked(origin("t", "k", null)), ColumnLineage.invalid("sum(v)"), ColumnLineage.NONE),
                PlanLineage.of(plan).columns());
    }

    @Test
    void windowCallsAreComputedFromTheirArgumentsAndTheirPartitionAndOrderKeys() {
        PlanNode.WindowCall numbered = new PlanNode.WindowCall("row_number", List.of(), false, List.of(ref(t, "k")),
                List.of(new PlanNode.SortKey(ref(t, "dt"), true, true)), null);
        PlanNode.WindowCall counted = new PlanNode.WindowCall("count", List.of(), false, List.of(), List.of(), null);
        PlanNode plan = new PlanNode.Window(t, List.of(new PlanNode.WindowAssignment(f.column("rn BIGINT"), numbered),
                new PlanNode.WindowAssignment(f.column("n BIGINT"), counted)));
        List<ColumnLineage> columns = PlanLineage.of(plan).columns();
        assertEquals(ColumnLineage.invalid("row_number() OVER (PARTITION BY k ORDER BY dt ASC NULLS FIRST)"), columns.get(3));
        assertEquals(ColumnLineage.NONE, columns.get(4));
    }

    @Test
    void theNullExtendedSideOfAnOuterJoinIsNullable() {
        PlanNode.Scan u = f.scan("db.u", "k INT NOT NULL", "w INT");
        PlanNode plan = join(PlanNode.JoinKind.LEFT, t, u, eq(ref(t, "k"), ref(u, "k")));
        List<ColumnLineage> columns = PlanLineage.of(plan).columns();
        assertEquals(tracked(origin("t", "k", null)), columns.get(0));
        assertEquals(tracked(origin("u", "k", null).asNullable()), columns.get(3));
        PlanNode full = join(PlanNode.JoinKind.FULL, t, u, eq(ref(t, "k"), ref(u, "k")));
        assertEquals(tracked(origin("t", "k", null).asNullable()), PlanLineage.of(full).columns().get(0));
    }

    @Test
    void innerJoinEqualitiesCarryEachOthersOrigins() {
        PlanNode.Scan u = f.scan("db.u", "k INT NOT NULL", "w INT");
        ColumnLineage both = tracked(origin("t", "k", null), origin("u", "k", null));
        PlanNode on = keep(join(PlanNode.JoinKind.INNER, t, u, eq(ref(t, "k"), ref(u, "k"))), "k", "w");
        assertEquals(List.of(both, tracked(origin("u", "w", null))), PlanLineage.of(on).columns());

        // The WHERE of a cross join equates too, conjunct by conjunct; origins in the order of the operands.
        PlanNode where = filter(join(PlanNode.JoinKind.CROSS, t, u, null), PlanFixtures.and(
                eq(ref(u, "k"), ref(t, "k")), op(Operator.GT, ref(t, "v"), lit(0))));
        assertEquals(tracked(origin("u", "k", null), origin("t", "k", null)), PlanLineage.of(where).columns().get(3));

        // Not across an outer join: the columns differ on the rows it adds.
        PlanNode outer = filter(join(PlanNode.JoinKind.LEFT, t, u, eq(ref(t, "k"), ref(u, "k"))),
                eq(ref(t, "k"), ref(u, "k")));
        assertEquals(tracked(origin("t", "k", null)), PlanLineage.of(outer).columns().get(0));
    }

    @Test
    void unionTracksAColumnOnlyWhenEveryBranchDoes() {
        PlanNode.Scan u = f.scan("db.u", "k INT NOT NULL", "w INT");
        PlanNode left = project(t, assign(col(t, "k"), ref(t, "k")), assign(col(t, "v"), ref(t, "v")));
        PlanNode right = project(u, assign(col(u, "k"), ref(u, "k")), assign(f.column("zero INT"), lit(0)));
        List<PlanColumn> outputs = List.of(f.column("k INT NOT NULL"), f.column("v INT"));
        PlanNode union = new PlanNode.SetOperation(PlanNode.SetKind.UNION, true, left, right, outputs);
        QueryLineage lineage = PlanLineage.of(union);
        assertEquals(List.of(tracked(origin("t", "k", null), origin("u", "k", null)), ColumnLineage.NONE),
                lineage.columns());
        assertEquals(List.of("t", "u"), lineage.baseTables().stream().map(QueryLineage.BaseTable::name).toList());

        PlanNode except = new PlanNode.SetOperation(PlanNode.SetKind.EXCEPT, false, left, right, outputs);
        assertEquals(List.of(tracked(origin("t", "k", null)), tracked(origin("t", "v", null))),
                PlanLineage.of(except).columns());
    }

    @Test
    void tablesAndClockReadsIncludeSubqueries() {
        PlanNode.Scan u = f.scan("db.u", "k INT NOT NULL");
        PlanNode.Scan again = f.scan("db.t", "k INT NOT NULL");
        PlanNode sub = filter(join(PlanNode.JoinKind.INNER, u, again, eq(ref(u, "k"), ref(again, "k"))),
                op(Operator.LT, call("rand", DataType.DOUBLE), new ScalarExpr.Literal(DataType.DOUBLE, 0.5)));
        ScalarExpr exists = new ScalarExpr.Subquery(ScalarExpr.SubqueryKind.EXISTS, false, null, sub,
                DataType.BOOLEAN, false);
        PlanNode plan = project(filter(t, exists),
                assign(f.column("ts BIGINT"), call("unix_timestamp", DataType.BIGINT)),
                assign(f.column("parsed BIGINT"), call("unix_timestamp", DataType.BIGINT, str("2024-01-01"))),
                assign(f.column("n DATETIME"), call("NOW", DataType.DATETIME)));
        QueryLineage lineage = PlanLineage.of(plan);
        assertEquals(List.of("t", "u"), lineage.baseTables().stream().map(QueryLineage.BaseTable::name).toList());
        assertEquals(List.of("now", "rand", "unix_timestamp"), lineage.nondeterministicFunctions());
    }
}
