package io.cairndb.printer;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * SQL macros the printed SQL calls where the Doris result type follows the argument type and no
 * single built-in expression does: DuckDB picks the overload by argument type when binding and
 * inlines it, so they cost nothing at run time. They are temporary, so each connection that runs
 * printed SQL must install them once.
 */
public final class DuckMacros {
    /** The statements that create the macros; safe to run again. */
    public static final List<String> DEFINITIONS = List.of(
            // a DIV b: integer division truncating toward zero for every numeric type; NULL when b is 0.
            "CREATE OR REPLACE TEMP MACRO cairn_div"
                    + "(a BIGINT, b BIGINT) AS a // b,"
                    + "(a HUGEINT, b HUGEINT) AS a // b,"
                    + "(a DOUBLE, b DOUBLE) AS CAST(trunc(a / NULLIF(b, 0)) AS BIGINT)",
            // x + a whole number of days, weeks, months, quarters or years: a DATE stays a DATE and a
            // string is read as a DATETIME, as in Doris.
            "CREATE OR REPLACE TEMP MACRO cairn_date_add"
                    + "(x DATE, i INTERVAL) AS CAST(x + i AS DATE),"
                    + "(x TIMESTAMP, i INTERVAL) AS x + i,"
                    + "(x VARCHAR, i INTERVAL) AS TRY_CAST(x AS TIMESTAMP) + i",
            // Whole months from TIMESTAMP a to TIMESTAMP b as MySQL's TIMESTAMPDIFF counts them: the
            // calendar months between them, less one when b's day and time in its month is before a's
            // (more one when counting backwards).
            "CREATE OR REPLACE TEMP MACRO cairn_month_diff(a, b) AS"
                    + " ((year(b) - year(a)) * 12 + month(b) - month(a))"
                    + " - CASE WHEN (year(b) - year(a)) * 12 + month(b) - month(a) > 0"
                    + " AND b - date_trunc('month', b) < a - date_trunc('month', a) THEN 1"
                    + " WHEN (year(b) - year(a)) * 12 + month(b) - month(a) < 0"
                    + " AND b - date_trunc('month', b) > a - date_trunc('month', a) THEN -1 ELSE 0 END");

    private DuckMacros() {
    }

    public static void install(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : DEFINITIONS) {
                statement.execute(sql);
            }
        }
    }
}
