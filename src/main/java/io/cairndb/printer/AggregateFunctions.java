package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.stream.Collectors;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.BOOLEAN;
import static io.cairndb.catalog.DataType.DOUBLE;
import static io.cairndb.printer.Call.call;
import static io.cairndb.printer.TypeRule.arg;
import static io.cairndb.printer.TypeRule.arrayOf;
import static io.cairndb.printer.TypeRule.returns;
import static io.cairndb.printer.TypeRule.stringOf;

/** Aggregate functions; each keeps the call's DISTINCT, ORDER BY and window through {@link Call#aggregate}. */
final class AggregateFunctions {
    /** Doris's group_concat separator when none is given (MySQL's would be ','). */
    static final String DEFAULT_SEPARATOR = ", ";

    private AggregateFunctions() {
    }

    static void register(FunctionRegistry m) {
        // Over no rows (or only NULLs) every aggregate but the counts and the collections is NULL.
        TypeRule counts = returns(BIGINT).neverNullable();
        TypeRule sameType = returns(arg(0)).alwaysNullable();
        TypeRule statistic = returns(DOUBLE).alwaysNullable();
        TypeRule collected = returns(arrayOf(arg(0))).neverNullable();
        m.aggregate("count", 0, -1, counts, AggregateFunctions::count);
        m.passThroughAggregate("sum", 1, 1, returns(a -> sumType(a.get(0).type())).alwaysNullable());
        m.aggregate("avg", 1, 1, returns(a -> avgType(a.get(0).type())).alwaysNullable(), AggregateFunctions::avg);
        // avg(x) of a DECIMAL from sum(x) and count(x), which rewrite rolls up from an MV's sums and counts.
        m.scalar(FunctionRegistry.DECIMAL_AVERAGE, 2, 2, returns(a -> avgType(a.get(0).type())).alwaysNullable(),
                c -> decimalAverage(c.arg(0), c.arg(1), avgType(c.raw(0).type()).scale()));
        m.passThroughAggregate("min max", 1, 1, sameType);
        m.aggregate("multi_distinct_count", 1, 1, counts, c -> distinct(c, "count"));
        m.aggregate("multi_distinct_sum", 1, 1, returns(a -> sumType(a.get(0).type())).alwaysNullable(),
                c -> distinct(c, "sum"));
        m.renameAggregate("ndv approx_count_distinct", "approx_count_distinct", 1, 1, counts);
        m.renameAggregate("any any_value", "any_value", 1, 1, sameType);
        m.passThroughAggregate("max_by min_by", 2, 2, sameType);
        m.passThroughAggregate("bool_and bool_or", 1, 1, returns(BOOLEAN).alwaysNullable());
        m.renameAggregate("stddev std stddev_pop", "stddev_pop", 1, 1, statistic);
        m.renameAggregate("variance var_pop variance_pop", "var_pop", 1, 1, statistic);
        m.renameAggregate("variance_samp", "var_samp", 1, 1, statistic);
        m.passThroughAggregate("stddev_samp var_samp median", 1, 1, statistic);
        m.renameAggregate("covar", "covar_pop", 2, 2, statistic);
        m.passThroughAggregate("covar_pop covar_samp corr", 2, 2, statistic);
        m.renameAggregate("group_bit_and", "bit_and", 1, 1, sameType);
        m.renameAggregate("group_bit_or", "bit_or", 1, 1, sameType);
        m.renameAggregate("group_bit_xor", "bit_xor", 1, 1, sameType);
        // GROUPING(a, b) is already the bit vector GROUPING_ID gives, first argument highest.
        m.renameAggregate("grouping grouping_id", "grouping", 1, -1, counts);
        m.aggregate("percentile", 2, 2, statistic, c -> c.aggregate("quantile_cont", c.args()));
        m.aggregate("percentile_approx", 2, 3, statistic, c -> c.aggregate("approx_quantile",
                "CAST(" + c.arg(0) + " AS DOUBLE), " + c.arg(1)));
        // collect_list and collect_set skip NULLs and give [] for no rows; array_agg keeps NULLs.
        m.aggregate("array_agg", 1, 1, collected, c -> "coalesce(" + c.aggregate("list", c.arg(0)) + ", [])");
        m.aggregate("collect_list", 1, 2, collected, c -> limited(c,
                "coalesce(" + c.aggregate("list", c.arg(0), c.arg(0) + " IS NOT NULL") + ", [])"));
        m.aggregate("collect_set", 1, 2, collected, c -> limited(c,
                "coalesce(list_distinct(" + c.aggregate("list", c.arg(0)) + "), [])"));
        m.aggregate("group_concat", 1, -1, returns(stringOf()).alwaysNullable(), AggregateFunctions::groupConcat);
    }

    /**
     * The Doris type of SUM over a type: BIGINT for the integers up to BIGINT (and BOOLEAN), LARGEINT
     * for LARGEINT, DECIMAL(38, s) for a DECIMAL(p, s), DOUBLE for the rest (a string is summed as
     * a number).
     */
    static DataType sumType(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, NULL_TYPE -> BIGINT;
            case LARGEINT -> DataType.LARGEINT;
            case DECIMAL -> DataType.decimal(OperatorTypes.MAX_PRECISION, t.scale());
            default -> DOUBLE;
        };
    }

    /** The Doris type of AVG over a type: DECIMAL(38, max(s, 4)) for a DECIMAL(p, s), else DOUBLE. */
    static DataType avgType(DataType t) {
        return t.kind() == TypeKind.DECIMAL ? DataType.decimal(OperatorTypes.MAX_PRECISION, Math.max(t.scale(), 4)) : DOUBLE;
    }

    /**
     * count(*), count(x), and MySQL's count(DISTINCT a, b), which counts distinct combinations
     * without a NULL in them (a DuckDB row value with a NULL field would still count).
     */
    private static String count(Call c) {
        if (c.arity() == 0) {
            return c.aggregate("count", "*");
        }
        if (c.arity() == 1) {
            return c.aggregate("count", c.arg(0));
        }
        if (!c.distinct()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "count with several arguments needs DISTINCT");
        }
        String noneNull = c.argList().stream().map(a -> a + " IS NOT NULL").collect(Collectors.joining(" AND "));
        return c.aggregate("count", "CASE WHEN " + noneNull + " THEN (" + c.args() + ") END");
    }

    /**
     * avg(x): a DECIMAL(p, s) averages to DECIMAL(38, max(s, 4)) as in Doris (DuckDB would give a
     * DOUBLE). When the analyzer typed the argument, exactly as Doris computes it: the sum scaled to
     * an integer, divided by the count with truncation, scaled back. Otherwise through the cairn_avg
     * macro, which picks the type by the argument's but divides in DOUBLE; macros cannot take DISTINCT
     * or a window, so those then keep DuckDB's avg.
     */
    private static String avg(Call c) {
        DataType type = c.resultType();
        if (type != null && type.kind() == TypeKind.DECIMAL) {
            return decimalAverage(c.aggregate("sum", c.arg(0)), c.aggregate("count", c.arg(0)), type.scale());
        }
        if (c.distinct() || c.orderedOrWindowed()) {
            return c.aggregate("avg", c.arg(0));
        }
        return call("cairn_avg", c.arg(0));
    }

    /**
     * A DECIMAL average from a sum and a count as avg computes it (the sum scaled to an integer, divided
     * with truncation, scaled back to {@code scale} digits), so that an average rolled up from an MV's
     * sums and counts is the very value the query's avg gives.
     */
    static String decimalAverage(String sum, String count, int scale) {
        String unscaledSum = "CAST(" + sum + " * CAST(" + BigInteger.TEN.pow(scale) + " AS DECIMAL(38, 0)) AS HUGEINT)";
        String quotient = "CAST(" + unscaledSum + " // " + count + " AS DECIMAL(38, 0))";
        String unit = "CAST('" + new BigDecimal(BigInteger.ONE, scale).toPlainString() + "' AS DECIMAL(38, " + scale + "))";
        return "(" + quotient + " * " + unit + ")";
    }

    /** multi_distinct_count(x), multi_distinct_sum(x): Doris's spellings of fn(DISTINCT x). */
    private static String distinct(Call c, String fn) {
        return c.aggregate(fn, (c.distinct() ? "" : "DISTINCT ") + c.arg(0));
    }

    /** collect_list(x, max) / collect_set(x, max): at most max elements. */
    private static String limited(Call c, String list) {
        return c.arity() == 2 ? "list_slice(" + list + ", 1, " + c.arg(1) + ")" : list;
    }

    /**
     * group_concat(x [ORDER BY ..]) and group_concat(x, separator); the binder turns MySQL's
     * {@code SEPARATOR s} into the second argument.
     */
    private static String groupConcat(Call c) {
        if (c.arity() > 2) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "group_concat takes a value and a separator");
        }
        String separator = c.arity() == 2 ? c.arg(1) : SqlText.string(DEFAULT_SEPARATOR);
        return c.aggregate("string_agg", "CAST(" + c.arg(0) + " AS VARCHAR), " + separator);
    }
}
