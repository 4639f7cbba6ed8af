package io.cairndb.ivm;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The state IVM keeps for one aggregate call of a group, in hidden columns of the MV (pg_ivm's
 * counting algorithm): COUNT(x) its count; SUM and AVG the sum and the count of non-NULL values;
 * MIN and MAX the extreme value and the count of non-NULL values. COUNT(*) is the group's row count,
 * which every group keeps. Each state is computed from weighted rows (+1 / -1), merged into the
 * stored state by addition, and finalized into the aggregate's value. A MIN/MAX whose retracted value
 * reaches the stored extreme cannot be merged: the group is recomputed. The other aggregates
 * (BOOL_OR, NDV, ARRAY_AGG, the bitmap, HLL and percentile unions) cannot take a retraction back
 * and are kept as their value alone: every group a change touches is recomputed from the base.
 * Calls over the same argument share their state ({@code share}: the first such call's position):
 * SUM(x), AVG(x) and COUNT(x) keep one sum and one count; the count of an argument that is never
 * NULL is the group's row count. A state that an output shows as it is (a bare {@code MIN(x)}, a
 * {@code SUM(x)} of the same type) is kept in that visible column instead of a hidden copy:
 * {@code shown} maps a state column's hidden name to the visible column that holds it.
 */
record AggregateState(int index, String function, boolean countStar, DataType argType, boolean argNullable, int share,
                      DataType valueType, List<Integer> bits, java.util.Map<String, String> shown) {
    static final String GROUP_COUNT = "__DORIS_IVM_COUNT__";
    /** Which grouping set a row of GROUPING SETS / ROLLUP / CUBE belongs to: a bit per key, set when the key is not grouped. */
    static final String GROUPING = "__DORIS_IVM_GROUPING__";
    /** The aggregates kept by their value alone, recomputed for every group a change touches. */
    static final List<String> RECOMPUTED = List.of("bool_or", "approx_count_distinct", "ndv", "array_agg", "collect_list",
            "bitmap_union", "bitmap_union_count", "bitmap_agg", "hll_union", "percentile_union");

    /** MIN or MAX: a retraction of the extreme needs its group recomputed. */
    boolean extreme() {
        return function.equals("min") || function.equals("max");
    }

    private boolean recomputed() {
        return RECOMPUTED.contains(function);
    }

    /** GROUPING() and GROUPING_ID(): computed from the row's grouping set, with no state of their own. */
    private boolean grouping() {
        return function.equals("grouping") || function.equals("grouping_id");
    }

    /** A hidden state column. */
    record Column(String name, DataType type) {
    }

    private String count() {
        return countStar || !argNullable ? GROUP_COUNT : shown.getOrDefault(hiddenCount(), hiddenCount());
    }

    private String value() {
        return shown.getOrDefault(hiddenValue(), hiddenValue());
    }

    /** The hidden name of the non-NULL count (when not the group's row count). */
    String hiddenCount() {
        return "__DORIS_IVM_NN_" + share + "__";
    }

    /** The hidden name of the value (sum, extreme or the value itself); null for COUNT and GROUPING. */
    String hiddenValue() {
        if (grouping() || !hasValue()) {
            return null;
        }
        return switch (function) {
            case "sum", "avg" -> "__DORIS_IVM_SUM_" + share + "__";
            case "min", "max" -> "__DORIS_IVM_" + function.toUpperCase(java.util.Locale.ROOT) + "_" + share + "__";
            default -> "__DORIS_IVM_AGG_" + index + "_VALUE__";
        };
    }

    /** The type the value is kept in. */
    DataType valueStateType() {
        return recomputed() ? valueType : extreme() ? argType : sumType();
    }

    /** Whether the non-NULL count is a column of its own (not the group's row count). */
    private boolean ownCount() {
        return !count().equals(GROUP_COUNT);
    }

    private boolean hasValue() {
        return !function.equals("count");
    }

    /** Whether the aggregate's value is computed by the aggregate itself (for its {@link #partial} of base rows). */
    boolean needsAggregate() {
        return recomputed();
    }

    /** The type sums are kept in: DECIMAL(38, s) for decimals, LARGEINT for integers, else DOUBLE. */
    private DataType sumType() {
        if (argType.kind() == TypeKind.DECIMAL) {
            return DataType.decimal(DuckTypes.MAX_DECIMAL_PRECISION, argType.scale());
        }
        return switch (argType.kind()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, LARGEINT -> DataType.LARGEINT;
            default -> DataType.DOUBLE;
        };
    }

    /** The state's hidden columns (those no visible column holds). */
    List<Column> columns() {
        List<Column> out = new ArrayList<>();
        if (grouping()) {
            return out;
        }
        if (!recomputed() && ownCount() && !shown.containsKey(hiddenCount())) {
            out.add(new Column(count(), DataType.BIGINT));
        }
        if (hasValue() && !shown.containsKey(hiddenValue())) {
            out.add(new Column(value(), valueStateType()));
        }
        return out;
    }

    /**
     * SELECT items computing the state of a set of rows: {@code x} the argument, {@code w} the weight
     * (a delta's: retracted rows count negatively; MIN/MAX keep their inserted and retracted extremes apart).
     */
    List<String> partial(String x, String aggregate, String w) {
        List<String> out = new ArrayList<>();
        if (grouping()) {
            return out;
        }
        if (recomputed()) {
            // Of the base's rows (weight 1) the value itself; a delta's value is never used.
            out.add(aggregate + " AS " + Sql.ident(value()));
            return out;
        }
        if (countStar) {
            return out;
        }
        if (ownCount()) {
            out.add("coalesce(sum(CASE WHEN " + x + " IS NOT NULL THEN " + w + " ELSE 0 END), 0) AS " + Sql.ident(count()));
        }
        if (extreme()) {
            out.add(function + "(" + x + ") FILTER (WHERE " + w + " > 0) AS " + Sql.ident(value()));
            out.add(function + "(" + x + ") FILTER (WHERE " + w + " < 0) AS " + Sql.ident(retracted()));
        } else if (hasValue()) {
            out.add("sum(CAST(" + x + " AS " + DuckTypes.toDuckDb(sumType()) + ") * " + w + ") AS " + Sql.ident(value()));
        }
        return out;
    }

    private String retracted() {
        String value = hiddenValue();
        return value.substring(0, value.length() - 2) + "_RETRACTED__";
    }

    /**
     * SELECT items of the state after merging delta {@code d} into stored state {@code m} (either
     * may be missing: a new group, an untouched one), named as the state columns; {@code count} is the
     * merged group count.
     */
    List<String> merged(String m, String d, String groupCount) {
        List<String> out = new ArrayList<>();
        if (grouping()) {
            return out;
        }
        if (recomputed()) {
            out.add(m + "." + Sql.ident(value()) + " AS " + Sql.ident(value()));
            return out;
        }
        String nonNull = !ownCount() ? groupCount : "(coalesce(" + m + "." + Sql.ident(count()) + ", 0) + coalesce(" + d + "."
                + Sql.ident(count()) + ", 0))";
        if (ownCount()) {
            out.add(nonNull + " AS " + Sql.ident(count()));
        }
        if (!hasValue()) {
            return out;
        }
        String old = m + "." + Sql.ident(value());
        String delta = d + "." + Sql.ident(value());
        String type = DuckTypes.toDuckDb(valueStateType());
        String merged;
        if (extreme()) {
            String better = function.equals("min") ? "<" : ">";
            merged = "CASE WHEN " + old + " IS NULL THEN " + delta + " WHEN " + delta + " IS NULL THEN " + old + " WHEN " + delta
                    + " " + better + " " + old + " THEN " + delta + " ELSE " + old + " END";
        } else {
            merged = "coalesce(" + old + ", 0) + coalesce(" + delta + ", 0)";
        }
        out.add("CASE WHEN " + nonNull + " = 0 THEN NULL ELSE CAST(" + merged + " AS " + type + ") END AS " + Sql.ident(value()));
        return out;
    }

    /** A condition over {@code m} and {@code d} under which the group must be recomputed, or null when it never must. */
    String recompute(String m, String d) {
        if (recomputed()) {
            return "TRUE";
        }
        if (!extreme()) {
            return null;
        }
        // A retraction in a group with no stored extreme took back a value inserted by the same delta:
        // the delta's own extreme may be gone with it.
        String reaches = function.equals("min") ? "<=" : ">=";
        String retracted = d + "." + Sql.ident(retracted());
        String stored = m + "." + Sql.ident(value());
        return "(" + retracted + " IS NOT NULL AND (" + stored + " IS NULL OR " + retracted + " " + reaches + " " + stored + "))";
    }

    /** The aggregate's value from the state columns (of the current row), as Doris computes it. */
    String finalValue() {
        if (grouping()) {
            // bits: the position of each argument's key in the grouping-set mask, most significant first.
            List<String> parts = new ArrayList<>();
            for (int j = 0; j < bits.size(); j++) {
                parts.add("(((" + Sql.ident(GROUPING) + " >> " + bits.get(j) + ") & 1) << " + (bits.size() - 1 - j) + ")");
            }
            return "CAST(" + String.join(" + ", parts) + " AS BIGINT)";
        }
        String count = Sql.ident(count());
        return switch (function) {
            case "count" -> count;
            case "avg" -> average(count);
            default -> Sql.ident(value());
        };
    }

    /**
     * AVG: a DECIMAL average as the query computes it (the sum scaled to an integer, divided by the
     * count with truncation, scaled back); otherwise the sum divided by the count in DOUBLE.
     */
    private String average(String count) {
        String sum = Sql.ident(value());
        if (valueType.kind() != TypeKind.DECIMAL) {
            return "CASE WHEN " + count + " = 0 THEN NULL ELSE CAST(" + sum + " AS DOUBLE) / " + count + " END";
        }
        int scale = valueType.scale();
        String unscaled = "CAST(" + sum + " * CAST(" + BigInteger.TEN.pow(scale) + " AS DECIMAL(38, 0)) AS HUGEINT)";
        String unit = "CAST('" + new BigDecimal(BigInteger.ONE, scale).toPlainString() + "' AS DECIMAL(38, " + scale + "))";
        return "CASE WHEN " + count + " = 0 THEN NULL ELSE CAST(" + unscaled + " // " + count + " AS DECIMAL(38, 0)) * " + unit + " END";
    }

    /** The state columns a delta's partial state has besides the stored ones (the retracted extreme). */
    List<String> deltaOnly() {
        return extreme() ? List.of(retracted()) : List.of();
    }
}
