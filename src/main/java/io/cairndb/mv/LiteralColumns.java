package io.cairndb.mv;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;

/**
 * Literal select items of an async MV definition, which Doris names and types its own way: an
 * unaliased literal is the column {@code __literal_<position>} (not its text, such as {@code NULL}
 * or {@code 1}), and a bare NULL is a TINYINT column.
 */
final class LiteralColumns {
    private final QueryBody.QuerySpec spec;

    LiteralColumns(Query query) {
        this.spec = query.body() instanceof QueryBody.QuerySpec s ? s : null;
    }

    /** The name of output column {@code i}: Doris's for an unaliased literal, else {@code derived}. */
    String name(int i, String derived) {
        QueryBody.SingleColumn item = item(i);
        return item != null && item.alias() == null && isLiteral(item.expr()) ? "__literal_" + i : derived;
    }

    /** The type of output column {@code i}: TINYINT for a bare NULL, else {@code derived}. */
    DataType type(int i, DataType derived) {
        QueryBody.SingleColumn item = item(i);
        return item != null && item.expr() instanceof Expr.NullLiteral ? DataType.TINYINT : derived;
    }

    private QueryBody.SingleColumn item(int i) {
        if (spec == null || i >= spec.select().size()) {
            return null;
        }
        return spec.select().get(i) instanceof QueryBody.SingleColumn c ? c : null;
    }

    private static boolean isLiteral(Expr e) {
        return e instanceof Expr.NullLiteral || e instanceof Expr.BooleanLiteral || e instanceof Expr.IntegerLiteral
                || e instanceof Expr.DecimalLiteral || e instanceof Expr.DoubleLiteral || e instanceof Expr.StringLiteral
                || e instanceof Expr.TypedLiteral;
    }
}
