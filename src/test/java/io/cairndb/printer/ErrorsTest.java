package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.WindowSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the binder and the printer refuse, and how unknown functions surface. */
class ErrorsTest extends DuckTestBase {

    @Test
    void wrongArgumentCount() {
        assertCode(ErrorCode.WRONG_ARGUMENTS, fn("substring", str("a")));
        assertCode(ErrorCode.WRONG_ARGUMENTS, fn("if", bool(true), num(1)));
    }

    @Test
    void scalarFunctionWithWindow() {
        assertCode(ErrorCode.WRONG_ARGUMENTS, over(fn("concat", str("a")), new WindowSpec(List.of(), List.of(), null)));
    }

    @Test
    void formatsMustBeConstant() {
        CairnException e = assertThrows(CairnException.class, () -> translate(select(item(fn("date_format",
                date("2024-01-01"), col("s")))).from(table("t")).query()));
        assertEquals(ErrorCode.NOT_SUPPORTED.code(), e.errorCode(), e.getMessage());
    }

    @Test
    void unknownUnits() {
        assertCode(ErrorCode.WRONG_ARGUMENTS, fn("timestampdiff", str("FORTNIGHT"), str("2024-01-01"), str("2024-02-01")));
        // A bare word that is no unit is a column name, and there is no such column.
        assertCode(ErrorCode.UNKNOWN_COLUMN, fn("timestampdiff", col("FORTNIGHT"), str("2024-01-01"), str("2024-02-01")));
        assertCode(ErrorCode.NOT_SUPPORTED, fn("date_add", date("2024-01-01"), interval(num(1), "MILLENNIUM")));
    }

    @Test
    void wideDecimalCast() {
        assertCode(ErrorCode.NOT_SUPPORTED, cast(num(1), DataType.decimal(40, 0)));
    }

    @Test
    void unknownGenerator() {
        Relation view = new Relation.LateralView(table("t"), fn("explode_everything", col("arr")), false, "v",
                List.of("e"));
        CairnException e = assertThrows(CairnException.class,
                () -> translate(select(item(col("e"))).from(view).query()));
        assertEquals(ErrorCode.NOT_SUPPORTED.code(), e.errorCode());
        assertTrue(e.getMessage().contains("explode_everything"));
    }

    @Test
    void unknownFunctionsAreReportedInDorissWords() {
        CairnException e = assertThrows(CairnException.class, () -> eval(fn("no_such_fn", num(1), str("a"))));
        assertEquals(ErrorCode.WRONG_ARGUMENTS.code(), e.errorCode());
        assertEquals("Can not found function 'no_such_fn'", e.getMessage());
    }

    @Test
    void sessionFunctionsCannotBePrinted() throws Exception {
        ExprPrinter printer = new ExprPrinter(plan -> {
            throw new AssertionError("no subquery here");
        }, ExprPrinter::columnName);
        // Session functions are bound to literals of the statement's session before a plan is printed.
        assertThrows(IllegalStateException.class,
                () -> printer.print(new ScalarExpr.Call("database", List.of(), DataType.STRING, false)));
        assertThrows(IllegalStateException.class,
                () -> printer.print(new ScalarExpr.Call("connection_id", List.of(), DataType.BIGINT, false)));
        assertEquals("db", eval(fn("database")));
    }

    private static void assertCode(ErrorCode code, Expr e) {
        CairnException ex = assertThrows(CairnException.class, () -> eval(e));
        assertEquals(code.code(), ex.errorCode(), ex.getMessage());
    }
}
