package io.cairndb.analyzer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.plan.SpjgForm;
import io.cairndb.plan.ValueRange;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which partitions of each partitioned table a query can need, as EXPLAIN reports it ({@code
 * partitions=k/n}, Doris's notation): those named by PARTITION (..), and of those the ones whose
 * range or list holds a value the query's predicates on the partition column allow. A partition whose
 * bounds cannot be compared with the predicate counts as needed.
 */
public final class PartitionPruning {
    private static final java.util.regex.Pattern ISO = java.util.regex.Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2}(\\.\\d+)?)?");
    private PartitionPruning() {
    }

    /** One line per partitioned table the plan scans: {@code db.t: partitions=k/n (p1, p2)}; none for other plans. */
    public static List<String> describe(StatementContext ctx, PlanNode plan) {
        Optional<SpjgForm> form = SpjgForm.of(plan);
        List<String> out = new ArrayList<>();
        if (form.isEmpty()) {
            return out;
        }
        for (PlanNode.Scan scan : form.get().tables()) {
            TableMeta t = ctx.catalog().tableById(scan.source().database(), scan.source().tableId());
            if (t == null || t.isView() || t.partitioning().kind() == PartitionScheme.Kind.UNPARTITIONED
                    || t.partitioning().columns().size() != 1) {
                continue;
            }
            ColumnMeta column = t.column(t.partitioning().columns().get(0));
            ValueRange range = retyped(rangeOf(form.get(), scan, column.name()), column);
            List<String> kept = new ArrayList<>();
            List<PartitionMeta> all = t.partitioning().partitions();
            for (PartitionMeta p : all) {
                boolean named = scan.partitions().isEmpty() || scan.partitions().stream().anyMatch(n -> n.equalsIgnoreCase(p.name()));
                if (named && mayHold(p, range, column)) {
                    kept.add(p.name());
                }
            }
            out.add(t.database() + "." + t.name() + ": partitions=" + kept.size() + "/" + all.size()
                    + (kept.size() < all.size() ? " (" + String.join(", ", kept) + ")" : ""));
        }
        return out;
    }

    private static ValueRange rangeOf(SpjgForm form, PlanNode.Scan scan, String column) {
        for (int i = 0; i < scan.columns().size(); i++) {
            if (scan.columns().get(i).equalsIgnoreCase(column)) {
                int id = scan.outputs().get(i).id();
                return form.classOf(id).map(SpjgForm.EquivalenceClass::range).orElse(ValueRange.ALL);
            }
        }
        return ValueRange.ALL;
    }

    /**
     * The range with its ISO date and datetime strings read as the temporal column's values: a query
     * compares a DATE column with '2024-02-15', which DuckDB converts, not the binder.
     */
    private static ValueRange retyped(ValueRange r, ColumnMeta column) {
        if (!column.type().kind().isTemporal() || r.isEmpty() || r.equals(ValueRange.ALL)) {
            return r;
        }
        return new ValueRange(temporal(r.lower(), column), r.lowerInclusive(), temporal(r.upper(), column), r.upperInclusive(),
                r.points() == null ? null : r.points().stream().map(p -> temporal(p, column)).toList());
    }

    private static ScalarExpr.Literal temporal(ScalarExpr.Literal l, ColumnMeta column) {
        return l != null && l.type().kind().isString() && l.value() instanceof String s && ISO.matcher(s.strip()).matches()
                ? new ScalarExpr.Literal(column.type(), s.strip()) : l;
    }

    /** Whether the partition may hold a value in {@code range}: true when that cannot be told. */
    private static boolean mayHold(PartitionMeta p, ValueRange range, ColumnMeta column) {
        if (range == null || range.equals(ValueRange.ALL)) {
            return true;
        }
        if (range.isEmpty()) {
            return false;
        }
        if (!p.listValues().isEmpty()) {
            for (List<String> values : p.listValues()) {
                Optional<Boolean> in = range.contains(literal(column, values.get(0)));
                if (in.isEmpty() || in.get()) {
                    return true;
                }
            }
            return false;
        }
        ScalarExpr.Literal lower = p.lower().isEmpty() ? null : literal(column, p.lower().get(0));
        ScalarExpr.Literal upper = p.upper().isEmpty() || p.upper().get(0).equalsIgnoreCase("MAXVALUE") ? null
                : literal(column, p.upper().get(0));
        Optional<ValueRange> both = range.intersect(new ValueRange(lower, true, upper, false, null));
        return both.isEmpty() || !both.get().isEmpty();
    }

    /** A partition bound as a literal of the column's type, as the binder types a literal compared with it. */
    private static ScalarExpr.Literal literal(ColumnMeta column, String bound) {
        TypeKind kind = column.type().kind();
        Object value = kind.isNumeric() ? (Object) new BigDecimal(bound.strip()) : bound;
        return new ScalarExpr.Literal(column.type(), value);
    }
}
