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
            // The value CAST(x AS <integer type>) converts: Doris truncates the fraction of a DOUBLE,
            // a DECIMAL or a numeric string ('12.9' gives 12, '.5' gives 0) where DuckDB would round.
            // A string that is not a number gives NULL; other types convert as they are.
            "CREATE OR REPLACE TEMP MACRO cairn_int_part"
                    + "(x VARCHAR) AS CASE WHEN regexp_full_match(x, '\\s*[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)\\s*')"
                    + " THEN regexp_replace(regexp_extract(x, '^\\s*([+-]?[0-9]*)', 1), '^[+-]?$', '0') END,"
                    + "(x DOUBLE) AS trunc(x),"
                    + "(x DECIMAL(38, 10)) AS trunc(x),"
                    + "(x BIGINT) AS x,"
                    + "(x HUGEINT) AS x,"
                    + "(x) AS x",
            // date_trunc(x, unit): a DATE stays a DATE, a string is read as a DATETIME, as in Doris.
            "CREATE OR REPLACE TEMP MACRO cairn_date_trunc"
                    + "(u, x DATE) AS CAST(date_trunc(u, x) AS DATE),"
                    + "(u, x TIMESTAMP) AS date_trunc(u, x),"
                    + "(u, x VARCHAR) AS date_trunc(u, TRY_CAST(x AS TIMESTAMP))",
            // Whole months from TIMESTAMP a to TIMESTAMP b as MySQL's TIMESTAMPDIFF counts them: the
            // calendar months between them, less one when b's day and time in its month is before a's
            // (more one when counting backwards).
            "CREATE OR REPLACE TEMP MACRO cairn_month_diff(a, b) AS"
                    + " ((year(b) - year(a)) * 12 + month(b) - month(a))"
                    + " - CASE WHEN (year(b) - year(a)) * 12 + month(b) - month(a) > 0"
                    + " AND b - date_trunc('month', b) < a - date_trunc('month', a) THEN 1"
                    + " WHEN (year(b) - year(a)) * 12 + month(b) - month(a) < 0"
                    + " AND b - date_trunc('month', b) > a - date_trunc('month', a) THEN -1 ELSE 0 END",
            // avg(x) with Doris's result type: DOUBLE for integers; for DECIMAL(p, s) a DECIMAL(38, max(s, 4)),
            // the type of sum(x) + 0.0000, which list_reduce keeps by casting the quotient back to it
            // (rounded at that scale). Floating-point arguments stay DOUBLE the same way.
            "CREATE OR REPLACE TEMP MACRO cairn_avg"
                    + "(x BIGINT) AS avg(x),"
                    + "(x HUGEINT) AS avg(x),"
                    + "(x UBIGINT) AS avg(x),"
                    + "(x) AS list_reduce([sum(x) + 0.0000, count(x)], lambda total, n: total / n)",
            // Functions whose result grows with an argument, not with their input, are refused before
            // they build a value no client could receive (the connection's value limit, see install):
            // repeat('x', 2000000000) would otherwise take seconds and gigabytes and then fail anyway.
            "CREATE OR REPLACE TEMP MACRO cairn_repeat(s, n) AS CASE WHEN strlen(s) > 0"
                    + " AND n > getvariable('cairn_value_limit') // strlen(s) THEN " + tooLarge("repeat")
                    + " ELSE repeat(s, n) END",
            "CREATE OR REPLACE TEMP MACRO cairn_lpad(s, n, pad) AS CASE WHEN n > getvariable('cairn_value_limit') THEN "
                    + tooLarge("lpad") + " ELSE lpad(s, n, pad) END",
            "CREATE OR REPLACE TEMP MACRO cairn_rpad(s, n, pad) AS CASE WHEN n > getvariable('cairn_value_limit') THEN "
                    + tooLarge("rpad") + " ELSE rpad(s, n, pad) END");

    /** MySQL's words for a string function result over max_allowed_packet, naming the limit that applies. */
    private static String tooLarge(String function) {
        return "error('Result of " + function + "() was larger than ' || getvariable('cairn_value_limit_name')"
                + " || ' (' || getvariable('cairn_value_limit') || ')')";
    }

    private DuckMacros() {
    }

    /**
     * Installs the macros and the connection's value limit: the most bytes one value built by repeat,
     * lpad or rpad may have, and the name of the setting it comes from (for the error).
     */
    public static void install(Connection connection, long valueLimit, String limitName) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : DEFINITIONS) {
                statement.execute(sql);
            }
        }
        limitValues(connection, valueLimit, limitName);
    }

    /** Changes the connection's value limit (see install). */
    public static void limitValues(Connection connection, long valueLimit, String limitName) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET VARIABLE cairn_value_limit = " + valueLimit);
            statement.execute("SET VARIABLE cairn_value_limit_name = '" + limitName.replace("'", "''") + "'");
        }
    }
}
