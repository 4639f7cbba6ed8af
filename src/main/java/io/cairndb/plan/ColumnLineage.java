package io.cairndb.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The lineage of one output column: the base columns it is (possibly through date_trunc), or, when
 * it is computed from base columns in any other way, the first expression that is not a plain
 * column or date_trunc ({@code invalidExpression}, dialect text). Both empty/null for constants.
 */
public record ColumnLineage(List<ColumnOrigin> origins, String invalidExpression) {
    public static final ColumnLineage NONE = new ColumnLineage(List.of(), null);

    public ColumnLineage {
        origins = List.copyOf(origins);
    }

    public static ColumnLineage invalid(String expression) {
        return new ColumnLineage(List.of(), expression);
    }

    public boolean tracked() {
        return !origins.isEmpty();
    }

    /** The lineage of a UNION column: it tracks partitions only when every branch does. */
    public static ColumnLineage union(ColumnLineage l, ColumnLineage r) {
        if (l.invalidExpression() != null) {
            return l;
        }
        if (r.invalidExpression() != null) {
            return r;
        }
        if (l.tracked() && r.tracked()) {
            List<ColumnOrigin> all = new ArrayList<>(l.origins());
            r.origins().stream().filter(o -> !all.contains(o)).forEach(all::add);
            return new ColumnLineage(all, null);
        }
        return NONE;
    }
}
