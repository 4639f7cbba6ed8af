package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * One function call under translation: its arguments printed on demand (a translation may read
 * an argument as AST instead, e.g. a unit keyword), plus the aggregate parts around them.
 */
final class Call {
    private final Expr.FunctionCall ast;
    private final ExprPrinter printer;
    private final String[] printed;

    Call(Expr.FunctionCall ast, ExprPrinter printer) {
        this.ast = ast;
        this.printer = printer;
        this.printed = new String[ast.args().size()];
    }

    String name() {
        return ast.name();
    }

    int arity() {
        return printed.length;
    }

    Expr raw(int i) {
        return ast.args().get(i);
    }

    String arg(int i) {
        if (printed[i] == null) {
            printed[i] = printer.print(ast.args().get(i));
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
        return ast.distinct();
    }

    ExprPrinter printer() {
        return printer;
    }

    Expr.FunctionCall ast() {
        return ast;
    }

    /** The value of a constant string argument, or null when the argument is not known before execution. */
    String constant(int i) {
        return raw(i) instanceof Expr.StringLiteral s ? s.value() : null;
    }

    /** A keyword-like argument (e.g. a unit): an identifier's name or a constant string, upper-case. */
    String keyword(int i) {
        Expr e = raw(i);
        String word = e instanceof Expr.Identifier id && id.parts().size() == 1 ? id.name() : constant(i);
        return word == null ? null : word.toUpperCase(Locale.ROOT);
    }

    /**
     * {@code fn(DISTINCT? args ORDER BY ..) FILTER (..) OVER (..)}: an aggregate call keeping the
     * call's DISTINCT, ORDER BY and window. {@code filter} is a condition or null.
     */
    String aggregate(String fn, String argsSql, String filter) {
        StringBuilder sb = new StringBuilder(fn).append('(');
        if (ast.distinct()) {
            sb.append("DISTINCT ");
        }
        sb.append(argsSql);
        if (!ast.orderBy().isEmpty()) {
            sb.append(" ORDER BY ").append(printer.orderBy(ast.orderBy()));
        }
        sb.append(')');
        if (filter != null) {
            sb.append(" FILTER (WHERE ").append(filter).append(')');
        }
        if (ast.over() != null) {
            sb.append(" OVER ").append(printer.window(ast.over()));
        }
        return sb.toString();
    }

    String aggregate(String fn, String argsSql) {
        return aggregate(fn, argsSql, null);
    }

    /** The call as written, for functions DuckDB has under the same name and meaning. */
    String passThrough() {
        return aggregate(ast.name(), args());
    }

    /** {@code fn(a, b, ...)} for a plain scalar call. */
    static String call(String fn, String... args) {
        return fn + "(" + String.join(", ", Arrays.asList(args)) + ")";
    }
}
