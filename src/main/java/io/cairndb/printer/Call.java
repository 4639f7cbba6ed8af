package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * One function call under translation: its bound arguments, printed on demand (a translation may
 * read an argument as a constant instead, e.g. a unit keyword), plus the aggregate parts around them.
 */
final class Call {
    private final String name;
    private final List<ScalarExpr> args;
    private final boolean distinct;
    private final List<PlanNode.SortKey> orderBy;
    private final PlanNode.WindowCall window;
    private final DataType resultType;
    private final ExprPrinter printer;
    private final String[] printed;

    /**
     * {@code orderBy} is an aggregate's own ORDER BY, {@code window} the window of an analytic call
     * (null otherwise), {@code resultType} the Doris type the call must compute where DuckDB's typing
     * differs (null otherwise).
     */
    Call(String name, List<ScalarExpr> args, boolean distinct, List<PlanNode.SortKey> orderBy, PlanNode.WindowCall window,
         DataType resultType, ExprPrinter printer) {
        this.name = name;
        this.args = args;
        this.distinct = distinct;
        this.orderBy = orderBy;
        this.window = window;
        this.resultType = resultType;
        this.printer = printer;
        this.printed = new String[args.size()];
    }

    String name() {
        return name;
    }

    /** The same call under another function's name: a translation that is another function's over the same arguments. */
    Call renamed(String function) {
        return new Call(function, args, distinct, orderBy, window, resultType, printer);
    }

    int arity() {
        return printed.length;
    }

    ScalarExpr raw(int i) {
        return args.get(i);
    }

    String arg(int i) {
        if (printed[i] == null) {
            printed[i] = printer.print(args.get(i));
        }
        return printed[i];
    }

    /** All arguments, comma-separated. */
    String args() {
        return String.join(", ", argList());
    }

    List<String> argList() {
        return IntStream.range(0, arity()).mapToObj(this::arg).toList();
    }

    boolean distinct() {
        return distinct;
    }

    /** Whether the call has an ORDER BY of its own or a window. */
    boolean orderedOrWindowed() {
        return !orderBy.isEmpty() || window != null;
    }

    ExprPrinter printer() {
        return printer;
    }

    /** The Doris type the call computes where DuckDB would type it otherwise (SUM of integers, AVG of decimals), or null. */
    DataType resultType() {
        return resultType;
    }

    /** The value of a constant string argument, or null when the argument is not known before execution. */
    String constant(int i) {
        return ExprPrinter.text(raw(i));
    }

    /** A keyword-like argument (e.g. a unit), bound as a constant string: upper-case. */
    String keyword(int i) {
        String word = constant(i);
        return word == null ? null : word.toUpperCase(Locale.ROOT);
    }

    /**
     * {@code fn(DISTINCT? args ORDER BY ..) FILTER (..) OVER (..)}: an aggregate call keeping the
     * call's DISTINCT, ORDER BY and window. {@code filter} is a condition or null.
     */
    String aggregate(String fn, String argsSql, String filter) {
        StringBuilder sb = new StringBuilder(fn).append('(');
        if (distinct) {
            sb.append("DISTINCT ");
        }
        sb.append(argsSql);
        if (!orderBy.isEmpty()) {
            sb.append(" ORDER BY ").append(printer.orderBy(orderBy));
        }
        sb.append(')');
        if (filter != null) {
            sb.append(" FILTER (WHERE ").append(filter).append(')');
        }
        if (window != null) {
            sb.append(" OVER ").append(printer.window(window));
        }
        return sb.toString();
    }

    String aggregate(String fn, String argsSql) {
        return aggregate(fn, argsSql, null);
    }

    /** The call as written, for functions DuckDB has under the same name and meaning. */
    String passThrough() {
        return aggregate(name, args());
    }

    /** {@code fn(a, b, ...)} for a plain scalar call. */
    static String call(String fn, String... args) {
        return fn + "(" + String.join(", ", Arrays.asList(args)) + ")";
    }
}
