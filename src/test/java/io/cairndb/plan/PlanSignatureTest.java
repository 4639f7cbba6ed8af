package io.cairndb.plan;

import io.cairndb.catalog.DataType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.cairndb.plan.PlanFixtures.aggregate;
import static io.cairndb.plan.PlanFixtures.col;
import static io.cairndb.plan.PlanFixtures.eq;
import static io.cairndb.plan.PlanFixtures.filter;
import static io.cairndb.plan.PlanFixtures.join;
import static io.cairndb.plan.PlanFixtures.lit;
import static io.cairndb.plan.PlanFixtures.op;
import static io.cairndb.plan.PlanFixtures.ref;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanSignatureTest {

    /** What the tests vary in {@code SELECT o.k, agg(l.v) FROM db.orders o JOIN db.<table> l ... GROUP BY o.k}. */
    private record Variant(String table, String valueType, PlanNode.JoinKind kind, String aggregate, long literal,
                           List<List<Integer>> groupingSets, long tableId) {
        static final Variant BASE = new Variant("lines", "INT", PlanNode.JoinKind.INNER, "sum", 10, List.of(), 7);
    }

    private static PlanNode plan(int firstId, Variant v) {
        PlanFixtures f = new PlanFixtures(firstId);
        PlanNode.Scan orders = f.scan("db.orders", "k INT NOT NULL", "id INT NOT NULL");
        PlanNode.Scan scan = f.scan("db." + v.table(), "oid INT NOT NULL", "v " + v.valueType());
        PlanNode.Scan lines = new PlanNode.Scan(new PlanNode.TableSource(v.tableId(), "db", v.table(), false),
                scan.outputs(), scan.columns(), List.of(), false);
        PlanNode joined = join(v.kind(), orders, lines, eq(ref(orders, "id"), ref(lines, "oid")));
        PlanNode filtered = filter(joined, op(Operator.GT, ref(lines, "v"), lit(v.literal())));
        return new PlanNode.Aggregate(filtered, List.of(col(orders, "k")), v.groupingSets(),
                List.of(aggregate(f.column("total BIGINT"), v.aggregate(), ref(lines, "v"))));
    }

    private static String signature(Variant v) {
        return PlanSignature.of(plan(1, v));
    }

    @Test
    void sameSqlBoundUnderOtherIdsHasTheSameSignature() {
        String base = signature(Variant.BASE);
        assertTrue(base.matches("[0-9a-f]{64}"), base);
        assertEquals(base, PlanSignature.of(plan(100, Variant.BASE)));
        assertEquals(PlanSignature.canonicalForm(plan(1, Variant.BASE)), PlanSignature.canonicalForm(plan(57, Variant.BASE)));
        // A table keeps its name across a restart; its id is not part of the signature.
        Variant otherId = new Variant("lines", "INT", PlanNode.JoinKind.INNER, "sum", 10, List.of(), 8);
        assertEquals(base, signature(otherId));
    }

    @Test
    void anythingMeaningfulChangesTheSignature() {
        String base = signature(Variant.BASE);
        Variant b = Variant.BASE;
        List<Variant> changed = List.of(
                new Variant("items", b.valueType(), b.kind(), b.aggregate(), b.literal(), b.groupingSets(), b.tableId()),
                new Variant(b.table(), "BIGINT", b.kind(), b.aggregate(), b.literal(), b.groupingSets(), b.tableId()),
                new Variant(b.table(), b.valueType(), PlanNode.JoinKind.LEFT, b.aggregate(), b.literal(),
                        b.groupingSets(), b.tableId()),
                new Variant(b.table(), b.valueType(), b.kind(), "max", b.literal(), b.groupingSets(), b.tableId()),
                new Variant(b.table(), b.valueType(), b.kind(), b.aggregate(), 11, b.groupingSets(), b.tableId()),
                new Variant(b.table(), b.valueType(), b.kind(), b.aggregate(), b.literal(),
                        List.of(List.of(0), List.of()), b.tableId()));
        for (Variant v : changed) {
            assertNotEquals(base, signature(v), v.toString());
        }
    }

    @Test
    void literalTypesAndDistinctIdsCount() {
        PlanFixtures f = new PlanFixtures();
        PlanNode.Scan t = f.scan("db.t", "a INT", "b INT");
        PlanNode intLiteral = filter(t, op(Operator.GT, ref(t, "a"), lit(1)));
        PlanNode bigintLiteral = filter(t, op(Operator.GT, ref(t, "a"),
                new ScalarExpr.Literal(DataType.BIGINT, java.math.BigInteger.ONE)));
        assertNotEquals(PlanSignature.of(intLiteral), PlanSignature.of(bigintLiteral));
        // Comparing a column with itself is another plan than comparing two columns.
        PlanNode sameColumn = filter(t, eq(ref(t, "a"), new ScalarExpr.ColumnRef(
                new PlanColumn(col(t, "a").id(), "b", DataType.INT, true))));
        assertNotEquals(PlanSignature.of(filter(t, eq(ref(t, "a"), ref(t, "b")))), PlanSignature.of(sameColumn));
    }

    @Test
    void canonicalFormRenumbersIdsByFirstAppearance() {
        assertEquals("""
                Aggregate keys=[k#1] aggregates=[total#2:=sum(v#3)] -> [k#1 INT NOT NULL, total#2 BIGINT]
                  Filter (v#3 > 10::INT)::BOOLEAN
                    Join INNER (id#4 = oid#5)::BOOLEAN -> [k#1 INT NOT NULL, id#4 INT NOT NULL, oid#5 INT NOT NULL, v#3 INT]
                      Scan db.orders columns=[k#1:=k, id#4:=id] -> [k#1 INT NOT NULL, id#4 INT NOT NULL]
                      Scan db.lines columns=[oid#5:=oid, v#3:=v] -> [oid#5 INT NOT NULL, v#3 INT]
                """, PlanSignature.canonicalForm(plan(40, Variant.BASE)));
    }
}
