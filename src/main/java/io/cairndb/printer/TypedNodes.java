package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;

/**
 * The Doris types the binder gave the syntax nodes {@link ExprPrinter} prints, where DuckDB's own
 * typing would differ. Column references, variables, parameters and session functions are bound
 * before printing, so nothing else is asked.
 */
interface TypedNodes {

    /**
     * The type an integer {@code +}, {@code -} or {@code *} must be computed in to widen as Doris does,
     * or null to leave it to DuckDB.
     */
    DataType arithmeticType(Expr.Binary b);

    /**
     * The type a function's result must be cast to, to be typed as Doris types it (the SUM of
     * integers is BIGINT), or null to leave it to DuckDB.
     */
    DataType resultType(Expr.FunctionCall f);
}
