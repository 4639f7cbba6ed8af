package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.ScalarExpr;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.DATE;
import static io.cairndb.catalog.DataType.INT;
import static io.cairndb.catalog.DataType.SMALLINT;
import static io.cairndb.catalog.DataType.TINYINT;
import static io.cairndb.printer.TypeRule.VARCHAR;
import static io.cairndb.printer.TypeRule.parses;
import static io.cairndb.printer.TypeRule.returns;

/**
 * Date and time functions. Arguments are read as DATETIME first (TRY_CAST, so a DATE, a DATETIME
 * and a date string all work, and a bad string gives NULL as in Doris). The current time is
 * DuckDB's local time in its TimeZone setting, which the session keeps equal to Doris's time_zone.
 */
final class DateFunctions {
    /** Units that move a date by whole days; adding them to a DATE keeps a DATE. */
    private static final Set<String> DATE_UNITS = Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY");
    private static final Set<String> UNITS = ExprPrinter.INTERVAL_UNITS;
    private static final String DEFAULT_FORMAT = "%Y-%m-%d %H:%i:%s";

    private DateFunctions() {
    }

    /**
     * A function of a date given as its first argument (a DATE, a DATETIME, or a string parsed as
     * one, which gives NULL when it does not parse).
     */
    private static TypeRule ofDate(DataType type) {
        return returns(type).nullableWhen(parses(0));
    }

    static void register(FunctionRegistry m) {
        m.scalar("now current_timestamp localtime localtimestamp sysdate", 0, 1,
                returns(DateFunctions::nowType).neverNullable(), DateFunctions::now);
        m.scalar("curdate current_date", 0, 0, returns(DATE).neverNullable(), c -> "CAST(localtimestamp AS DATE)");
        // Doris gives a TIME, which the catalog has no type for: typed as its text.
        m.scalar("curtime current_time", 0, 0, returns(VARCHAR).neverNullable(),
                c -> "CAST(date_trunc('second', localtimestamp) AS TIME)");
        m.scalar("to_date date", 1, 1, ofDate(DATE), c -> "TRY_CAST(" + c.arg(0) + " AS DATE)");
        m.scalar("timestamp", 1, 1, returns(a -> datetimeOf(a.get(0).type())).nullableWhen(parses(0)), c -> datetime(c, 0));
        // MySQL's day numbers count from year 0, which has 366 days (DuckDB's to_days makes an INTERVAL).
        m.scalar("to_days", 1, 1, ofDate(INT), c -> "(TRY_CAST(" + c.arg(0) + " AS DATE) - DATE '0001-01-01' + 366)");
        m.scalar("from_days", 1, 1, returns(DATE),
                c -> "CAST(DATE '0001-01-01' + CAST(" + c.arg(0) + " - 366 AS INTEGER) AS DATE)");
        for (String field : new String[] {"year", "quarter", "month", "day", "dayofmonth", "dayofyear", "hour",
                "minute", "second", "weekofyear", "dayname", "monthname"}) {
            // weekofyear is the ISO week in MySQL and DuckDB alike.
            DataType type = fieldType(field);
            // DuckDB's date parts are BIGINT: cast to Doris's type, which an MV column of the field has too.
            m.scalar(field, 1, 1, ofDate(type), type.equals(VARCHAR) ? c -> field + "(" + datetime(c, 0) + ")"
                    : c -> "CAST(" + field + "(" + datetime(c, 0) + ") AS " + DuckTypes.toDuckDb(type) + ")");
        }
        // MySQL numbers weekdays 1 = Sunday (dayofweek) and 0 = Monday (weekday).
        m.scalar("dayofweek", 1, 1, ofDate(TINYINT), c -> "CAST(dayofweek(" + datetime(c, 0) + ") + 1 AS TINYINT)");
        m.scalar("weekday", 1, 1, ofDate(TINYINT), c -> "CAST(isodow(" + datetime(c, 0) + ") - 1 AS TINYINT)");
        // WEEK(d) in MySQL's default mode 0: weeks start on Sunday, days before the first Sunday are week 0.
        m.scalar("week", 1, 1, ofDate(TINYINT), c -> "CAST(strftime(" + datetime(c, 0) + ", '%U') AS TINYINT)");
        m.scalar("date_trunc", 2, 2, returns(DateFunctions::truncatedType).nullableWhen(DateFunctions::truncatedNullable),
                DateFunctions::dateTrunc);
        m.scalar("date_format", 2, 2, ofDate(VARCHAR), c -> MysqlFormats.format(datetime(c, 0), format(c, 1)));
        m.scalar("str_to_date", 2, 2, returns(DateFunctions::parsedType).alwaysNullable(), DateFunctions::strToDate);
        m.scalar("from_unixtime", 1, 2, returns(VARCHAR).alwaysNullable(),
                c -> MysqlFormats.format("CAST(to_timestamp(" + c.arg(0) + ") AS TIMESTAMP)",
                        c.arity() == 2 ? format(c, 1) : DEFAULT_FORMAT));
        // Doris: NULL only with an argument (one that does not parse, or out of range).
        m.scalar("unix_timestamp", 0, 2, returns(INT).nullableWhen(a -> !a.isEmpty()), DateFunctions::unixTimestamp);
        m.scalar("date_add adddate days_add", 2, 2, added("DAY"), c -> add(c, "DAY", false));
        m.scalar("date_sub subdate days_sub", 2, 2, added("DAY"), c -> add(c, "DAY", true));
        TypeRule diffRule = returns(BIGINT).nullableWhen(parses(0, 1));
        for (String unit : new String[] {"year", "quarter", "month", "week", "hour", "minute", "second"}) {
            String upper = unit.toUpperCase(Locale.ROOT);
            m.scalar(unit + "s_add", 2, 2, added(upper), c -> add(c, upper, false));
            m.scalar(unit + "s_sub", 2, 2, added(upper), c -> add(c, upper, true));
            // Doris's xxx_diff(a, b) counts whole units from b to a.
            m.scalar(unit + "s_diff", 2, 2, diffRule, c -> diff(upper, datetime(c, 1), datetime(c, 0)));
        }
        m.scalar("days_diff", 2, 2, diffRule, c -> diff("DAY", datetime(c, 1), datetime(c, 0)));
        m.scalar("datediff", 2, 2, returns(INT).nullableWhen(parses(0, 1)),
                c -> "(TRY_CAST(" + c.arg(0) + " AS DATE) - TRY_CAST(" + c.arg(1) + " AS DATE))");
        m.scalar("timestampdiff", 3, 3, returns(BIGINT).nullableWhen(parses(1, 2)),
                c -> diff(unit(c, 0), datetime(c, 1), datetime(c, 2)));
        m.scalar("last_day", 1, 1, ofDate(DATE), c -> "last_day(TRY_CAST(" + c.arg(0) + " AS DATE))");
        // MAKEDATE(year, day_of_year): NULL unless the day is positive.
        m.scalar("makedate", 2, 2, returns(DATE).alwaysNullable(), c -> "CASE WHEN " + c.arg(1)
                + " > 0 THEN CAST(make_date(CAST(" + c.arg(0) + " AS BIGINT), 1, 1) + CAST(" + c.arg(1)
                + " - 1 AS INTEGER) AS DATE) END");
    }

    private static DataType fieldType(String field) {
        return switch (field) {
            case "year", "dayofyear" -> SMALLINT;
            case "dayname", "monthname" -> VARCHAR;
            default -> TINYINT;
        };
    }

    /** now([precision]): a DATETIME with that many fractional digits. */
    private static DataType nowType(List<ArgumentType> args) {
        return args.isEmpty() || !(args.get(0).constant() instanceof BigInteger p) ? DataType.DATETIME
                : DataType.datetime(Math.max(0, Math.min(6, p.intValue())));
    }

    /** A DATETIME keeps its fractional digits; anything else becomes a DATETIME of whole seconds. */
    private static DataType datetimeOf(DataType t) {
        return t.kind() == TypeKind.DATETIME ? t : DataType.DATETIME;
    }

    /**
     * x plus or minus a number of units (the call's own unit, or an INTERVAL's, which the argument
     * carries as its constant): a DATE stays a DATE for whole days, weeks, months, quarters and
     * years; anything else is a DATETIME.
     */
    private static TypeRule added(String defaultUnit) {
        return returns(args -> {
            Object interval = args.get(1).constant();
            String unit = interval instanceof String u && UNITS.contains(u.toUpperCase(Locale.ROOT))
                    ? u.toUpperCase(Locale.ROOT) : defaultUnit;
            DataType x = args.get(0).type();
            return x.kind() == TypeKind.DATE && DATE_UNITS.contains(unit) ? DATE : datetimeOf(x);
        }).nullableWhen(parses(0));
    }

    /** The value date_trunc truncates: the argument that is not the unit. */
    private static ArgumentType truncated(List<ArgumentType> args) {
        Object second = args.get(1).constant();
        boolean unitLast = second instanceof String u && UNITS.contains(u.toUpperCase(Locale.ROOT));
        return args.get(unitLast ? 0 : 1);
    }

    private static DataType truncatedType(List<ArgumentType> args) {
        DataType t = truncated(args).type();
        return t.kind() == TypeKind.DATE ? DATE : datetimeOf(t);
    }

    private static boolean truncatedNullable(List<ArgumentType> args) {
        ArgumentType x = truncated(args);
        return x.nullable() || !x.type().kind().isTemporal();
    }

    /** str_to_date: a DATE unless its (constant) format has a time; fractional seconds with %f. */
    private static DataType parsedType(List<ArgumentType> args) {
        if (!(args.get(1).constant() instanceof String format)) {
            return DataType.DATETIME;
        }
        if (!MysqlFormats.hasTime(format)) {
            return DATE;
        }
        return format.contains("%f") ? DataType.datetime(6) : DataType.DATETIME;
    }

    /**
     * {@code x ± n unit}. Whole-day units go through the cairn_date_add macro so that a DATE stays
     * a DATE; smaller units always give a DATETIME.
     */
    static String plus(String x, String n, String unit, boolean subtract) {
        String interval = ExprPrinter.interval(subtract ? "- " + n : n, unit);
        return DATE_UNITS.contains(unit)
                ? "cairn_date_add(" + x + ", " + interval + ")"
                : "(TRY_CAST(" + x + " AS TIMESTAMP) + " + interval + ")";
    }

    private static String datetime(Call c, int i) {
        return "TRY_CAST(" + c.arg(i) + " AS TIMESTAMP)";
    }

    /** date_add(x, INTERVAL n unit) or date_add(x, n) with the function's own unit. */
    private static String add(Call c, String defaultUnit, boolean subtract) {
        if (c.raw(1) instanceof ScalarExpr.Interval interval) {
            return plus(c.arg(0), c.printer().print(interval.value()), interval.unit(), subtract);
        }
        return plus(c.arg(0), c.arg(1), defaultUnit, subtract);
    }

    /**
     * Whole units elapsed from a to b, as TIMESTAMPDIFF counts them (not boundaries crossed). Months,
     * quarters and years compare the day and time within the month as MySQL does: Jan 31 to Feb 29
     * is no whole month (DuckDB's date_sub would count the month's end as complete).
     */
    private static String diff(String unit, String a, String b) {
        return switch (unit) {
            case "MONTH" -> "cairn_month_diff(" + a + ", " + b + ")";
            case "QUARTER" -> "(cairn_month_diff(" + a + ", " + b + ") // 3)";
            case "YEAR" -> "(cairn_month_diff(" + a + ", " + b + ") // 12)";
            default -> "date_sub(" + SqlText.string(unit.toLowerCase(Locale.ROOT)) + ", " + a + ", " + b + ")";
        };
    }

    private static String unit(Call c, int i) {
        String unit = c.keyword(i);
        if (unit == null || !UNITS.contains(unit)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown time unit in " + c.name() + ": " + unit);
        }
        return unit;
    }

    /** now([precision]): the current local DATETIME, to whole seconds unless a precision is given. */
    private static String now(Call c) {
        int precision = 0;
        if (c.arity() == 1) {
            java.math.BigInteger p = ExprPrinter.integer(c.raw(0));
            if (p == null || p.intValue() < 0 || p.intValue() > 6) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, c.name() + " takes a precision from 0 to 6");
            }
            precision = p.intValue();
        }
        if (precision == 0) {
            return "date_trunc('second', localtimestamp)";
        }
        return precision <= 3 ? "date_trunc('millisecond', localtimestamp)" : "localtimestamp";
    }

    /**
     * Doris writes date_trunc(x, 'unit'); newer versions also accept date_trunc('unit', x). A DATE
     * truncates to a DATE, anything else to a DATETIME.
     */
    private static String dateTrunc(Call c) {
        String second = c.keyword(1);
        boolean unitLast = second != null && UNITS.contains(second);
        int unitAt = unitLast ? 1 : 0;
        String unit = unit(c, unitAt);
        ScalarExpr value = c.raw(1 - unitAt);
        boolean constant = ExprPrinter.text(value) != null || value instanceof ScalarExpr.Literal l && l.value() == null;
        String x = constant ? datetime(c, 1 - unitAt)
                : c.arg(1 - unitAt);
        return "cairn_date_trunc(" + SqlText.string(unit.toLowerCase(Locale.ROOT)) + ", " + x + ")";
    }

    /** A date parsed with a MySQL format: NULL when it does not match; a DATE unless the format has a time. */
    private static String strToDate(Call c) {
        String mysql = format(c, 1);
        String parsed = "try_strptime(" + text(c, 0) + ", " + SqlText.string(MysqlFormats.toStrptime(mysql)) + ")";
        return MysqlFormats.hasTime(mysql) ? parsed : "CAST(" + parsed + " AS DATE)";
    }

    /** Seconds since the epoch of a local DATETIME (or of now), as BIGINT. */
    private static String unixTimestamp(Call c) {
        String instant = switch (c.arity()) {
            case 0 -> "current_timestamp";
            case 1 -> "CAST(" + datetime(c, 0) + " AS TIMESTAMPTZ)";
            default -> "CAST(try_strptime(" + text(c, 0) + ", "
                    + SqlText.string(MysqlFormats.toStrptime(format(c, 1))) + ") AS TIMESTAMPTZ)";
        };
        return "CAST(floor(epoch(" + instant + ")) AS BIGINT)";
    }

    /**
     * An argument parsed with a format, as text: Doris reads a DATE or DATETIME given to str_to_date or
     * unix_timestamp(x, format) as its string form, and the parser takes only strings.
     */
    private static String text(Call c, int i) {
        return "CAST(" + c.arg(i) + " AS VARCHAR)";
    }

    private static String format(Call c, int i) {
        String format = c.constant(i);
        if (format == null) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, c.name() + " needs a constant format string");
        }
        return format;
    }
}
