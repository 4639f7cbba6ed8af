package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.WindowSpec;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the printer refuses, and how unknown functions surface. */
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
        assertCode(ErrorCode.NOT_SUPPORTED, fn("date_format", date("2024-01-01"), col("f")));
    }

    @Test
    void unknownUnits() {
        assertCode(ErrorCode.WRONG_ARGUMENTS, fn("timestampdiff", col("FORTNIGHT"), str("2024-01-01"), str("2024-02-01")));
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
                () -> PRINTER.print(select(item(col("e"))).from(view).query()));
        assertEquals(ErrorCode.NOT_SUPPORTED.code(), e.errorCode());
        assertTrue(e.getMessage().contains("explode_everything"));
    }

    @Test
    void unknownFunctionsPassThroughAndDuckDbNamesThem() {
        assertEquals("no_such_fn(1, 'a')", PRINTER.printExpr(fn("no_such_fn", num(1), str("a"))));
        SQLException e = assertThrows(SQLException.class, () -> eval(fn("no_such_fn", num(1))));
        assertTrue(e.getMessage().contains("no_such_fn"));
    }

    private static void assertCode(ErrorCode code, Expr e) {
        CairnException ex = assertThrows(CairnException.class, () -> PRINTER.printExpr(e));
        assertEquals(code.code(), ex.errorCode(), ex.getMessage());
    }
}
