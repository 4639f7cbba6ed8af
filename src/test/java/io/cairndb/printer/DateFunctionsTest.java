package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static io.cairndb.printer.Ast.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Expected values are the examples of the MySQL and Doris date function documentation. The test
 * database runs in UTC unless a test sets the doc's time zone. DATE values print as yyyy-MM-dd and
 * DATETIME values as yyyy-MM-dd HH:mm:ss.f, which tells the result types apart.
 */
class DateFunctionsTest extends DuckTestBase {

    @Test
    void dateFormatTranslatesMysqlSpecifiers() throws Exception {
        assertEquals("Sunday October 2009", eval(fn("date_format", str("2009-10-04 22:23:00"), str("%W %M %Y"))));
        assertEquals("22:23:00", eval(fn("date_format", str("2007-10-04 22:23:00"), str("%H:%i:%s"))));
        assertEquals("22 22 10 10:23:00 PM 22:23:00 00 6",
                eval(fn("date_format", str("1997-10-04 22:23:00"), str("%H %k %I %r %T %S %w"))));
        assertEquals("01", eval(fn("date_format", date("2006-06-01"), str("%d"))));
        assertEquals("5/1 1 01 PM Fri Jan 005 24", eval(fn("date_format", datetime("2024-01-05 13:04:05"),
                str("%e/%c %l %h %p %a %b %j %y"))));
        assertEquals("123456", eval(fn("date_format", datetime("2024-01-05 03:04:05.123456"), str("%f"))));
        assertEquals("%Y 2024-01-05 13:04:05", eval(fn("date_format", datetime("2024-01-05 13:04:05"),
                str("%%Y %Y-%m-%d %H:%i:%s"))));
        // WEEK mode 0 (%U) and the ISO week (%v): 2024-01-05 is a Friday before the first Sunday.
        assertEquals("00 01", eval(fn("date_format", date("2024-01-05"), str("%U %v"))));
        // WEEK mode 1 (%u): 2020-01-01 is a Wednesday, so its week has four days of 2020 and is week 1;
        // 2021-01-01 is a Friday, in week 0, and ISO week 53 of 2020 (%x-%v).
        assertEquals("01", eval(fn("date_format", date("2020-01-01"), str("%u"))));
        assertEquals("00 2020-53", eval(fn("date_format", date("2021-01-01"), str("%u %x-%v"))));
        assertEquals("1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 31st", String.join(" ",
                java.util.stream.Stream.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31).map(d -> {
                    try {
                        return (String) eval(fn("date_format", date(String.format("2024-01-%02d", d)), str("%D")));
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }).toList()));
        assertEquals("on 5th, week 01.", eval(fn("date_format", date("2024-01-05"), str("on %D, week %u."))));
    }

    @Test
    void strToDateParsesMysqlFormats() throws Exception {
        assertEquals("2014-12-21 12:34:56.0",
                text(fn("str_to_date", str("2014-12-21 12:34:56"), str("%Y-%m-%d %H:%i:%s"))));
        assertEquals("2013-05-01", text(fn("str_to_date", str("01,5,2013"), str("%d,%m,%Y"))));
        assertEquals("2008-08-09", text(fn("str_to_date", str("2008-08-09"), str("%Y-%m-%d"))));
        assertNull(eval(fn("str_to_date", str("abc"), str("%Y-%m-%d"))));
    }

    @Test
    void unixTimeConversions() throws Exception {
        assertEquals("2007-11-30 16:30:19", eval(fn("from_unixtime", num(1196440219))));
        assertEquals("2007-11-30", eval(fn("from_unixtime", num(1196440219), str("%Y-%m-%d"))));
        timeZone("Asia/Shanghai");
        try {
            // The Doris docs' examples run at UTC+8.
            assertEquals("2007-12-01 00:30:19", eval(fn("from_unixtime", num(1196440219))));
            assertEquals(1196389819L, eval(fn("unix_timestamp", str("2007-11-30 10:30:19"))));
            assertEquals(1196389819L, eval(fn("unix_timestamp", str("2007-11-30 10:30:19"), str("%Y-%m-%d %H:%i:%s"))));
        } finally {
            timeZone("UTC");
        }
        long now = System.currentTimeMillis() / 1000;
        assertTrue(Math.abs((Long) eval(fn("unix_timestamp")) - now) < 60);
    }

    @Test
    void currentTimeIsLocalAndWholeSeconds() throws Exception {
        for (String name : new String[] {"now", "current_timestamp", "localtime", "localtimestamp", "sysdate"}) {
            LocalDateTime now = ((Timestamp) eval(fn(name))).toLocalDateTime();
            assertEquals(0, now.getNano(), name);
            assertTrue(Duration.between(now, LocalDateTime.now(ZoneOffset.UTC)).abs().getSeconds() < 60, name);
        }
        LocalDateTime precise = ((Timestamp) eval(fn("now", num(6)))).toLocalDateTime();
        assertTrue(Duration.between(precise, LocalDateTime.now(ZoneOffset.UTC)).abs().getSeconds() < 60);
        assertEquals(LocalDate.now(ZoneOffset.UTC).toString(), text(fn("curdate")));
        assertEquals(LocalDate.now(ZoneOffset.UTC).toString(), text(fn("current_date")));
    }

    @Test
    void toDate() throws Exception {
        assertEquals("2020-02-02", text(fn("to_date", str("2020-02-02 00:00:00"))));
        assertEquals("2010-11-30", text(fn("date", str("2010-11-30 23:59:59"))));
        assertNull(eval(fn("to_date", str("not a date"))));
    }

    @Test
    void fieldExtraction() throws Exception {
        assertEquals(1987L, number(fn("year", str("1987-01-01"))));
        assertEquals(3L, number(fn("quarter", str("2022-09-22 17:00:00"))));
        assertEquals(1L, number(fn("month", str("1987-01-01"))));
        assertEquals(31L, number(fn("day", str("1987-01-31"))));
        assertEquals(31L, number(fn("dayofmonth", date("1987-01-31"))));
        assertEquals(3L, number(fn("dayofweek", str("2019-06-25"))));
        assertEquals(1L, number(fn("dayofweek", date("2019-06-23"))));
        assertEquals(1L, number(fn("weekday", str("2019-06-25"))));
        assertEquals(34L, number(fn("dayofyear", str("2007-02-03 00:00:00"))));
        assertEquals(23L, number(fn("hour", str("2018-12-31 23:59:59"))));
        assertEquals(59L, number(fn("minute", str("2018-12-31 23:59:59"))));
        assertEquals(59L, number(fn("second", str("2018-12-31 23:59:59"))));
        assertEquals(8L, number(fn("weekofyear", str("2008-02-20 00:00:00"))));
        assertEquals(7L, number(fn("week", str("2008-02-20"))));
        assertEquals("Saturday", eval(fn("dayname", str("2007-02-03 00:00:00"))));
        assertEquals("February", eval(fn("monthname", str("2008-02-03"))));
    }

    @Test
    void dayNumbersAndTimestamp() throws Exception {
        // The MySQL documentation's examples.
        assertEquals(728779L, number(fn("to_days", str("1995-05-01"))));
        assertEquals(733321L, number(fn("to_days", date("2007-10-07"))));
        assertEquals("2000-07-03", text(fn("from_days", num(730669))));
        assertEquals("2003-12-31 00:00:00.0", text(fn("timestamp", str("2003-12-31"))));
    }

    @Test
    void dateTruncTakesEitherArgumentOrder() throws Exception {
        Expr t = str("2010-12-02 19:28:30");
        assertEquals("2010-12-01 00:00:00.0", text(fn("date_trunc", t, str("month"))));
        assertEquals("2010-01-01 00:00:00.0", text(fn("date_trunc", t, str("year"))));
        assertEquals("2010-10-01 00:00:00.0", text(fn("date_trunc", t, str("quarter"))));
        assertEquals("2010-11-29 00:00:00.0", text(fn("date_trunc", t, str("week"))));
        assertEquals("2010-12-02 00:00:00.0", text(fn("date_trunc", t, str("day"))));
        assertEquals("2010-12-02 19:00:00.0", text(fn("date_trunc", t, str("hour"))));
        assertEquals("2010-12-02 19:28:00.0", text(fn("date_trunc", t, str("minute"))));
        assertEquals("2010-12-02 19:28:30.0", text(fn("date_trunc", t, str("second"))));
        assertEquals("2010-12-01 00:00:00.0", text(fn("date_trunc", str("month"), t)));
        // A DATE truncates to a DATE (the Doris documentation's example).
        assertEquals("2010-12-01", text(fn("date_trunc", date("2010-12-02"), str("MONTH"))));
        assertEquals("2010-11-29", text(fn("date_trunc", str("week"), date("2010-12-02"))));
        assertEquals("2010-12-02 19:00:00.0", text(fn("date_trunc", datetime("2010-12-02 19:28:30"), str("hour"))));
        assertNull(eval(fn("date_trunc", nul(), str("month"))));
        assertNull(eval(fn("date_trunc", str("not a date"), str("month"))));
    }

    @Test
    void dateArithmetic() throws Exception {
        Expr t = str("2010-11-30 23:59:59");
        assertEquals("2010-12-02 23:59:59.0", text(fn("date_add", t, interval(num(2), "DAY"))));
        assertEquals("2010-11-28 23:59:59.0", text(fn("date_sub", t, interval(num(2), "DAY"))));
        assertEquals("2010-12-02 23:59:59.0", text(fn("adddate", t, num(2))));
        assertEquals("2010-11-28 23:59:59.0", text(fn("subdate", t, num(2))));
        assertEquals("2010-12-02 23:59:59.0", text(fn("days_add", t, num(2))));
        assertEquals("2010-12-02", text(fn("days_add", date("2010-11-30"), num(2))));
        assertEquals("2010-11-28", text(fn("days_sub", date("2010-11-30"), num(2))));
        assertEquals("2020-02-29 02:02:02.0", text(fn("months_add", str("2020-01-31 02:02:02"), num(1))));
        assertEquals("2019-12-31 02:02:02.0", text(fn("months_sub", str("2020-01-31 02:02:02"), num(1))));
        assertEquals("2021-01-31 02:02:02.0", text(fn("years_add", str("2020-01-31 02:02:02"), num(1))));
        assertEquals("2019-01-31", text(fn("years_sub", date("2020-01-31"), num(1))));
        assertEquals("2020-02-09 02:02:02.0", text(fn("weeks_add", str("2020-02-02 02:02:02"), num(1))));
        assertEquals("2020-04-30", text(fn("quarters_add", date("2020-01-30"), num(1))));
        assertEquals("2020-02-02 03:02:02.0", text(fn("hours_add", str("2020-02-02 02:02:02"), num(1))));
        assertEquals("2020-02-02 00:01:00.0", text(fn("minutes_add", date("2020-02-02"), num(1))));
        assertEquals("2020-02-02 02:02:03.0", text(fn("seconds_add", str("2020-02-02 02:02:02"), num(1))));
        assertEquals("2020-02-02 02:01:02.0", text(fn("minutes_sub", str("2020-02-02 02:02:02"), num(1))));
        assertEquals("2024-03-01", text(fn("date_add", date("2024-02-29"), interval(num(1), "DAY"))));
        assertEquals("2024-02-29 01:00:00.0", text(fn("date_add", date("2024-02-29"), interval(num(1), "HOUR"))));
    }

    @Test
    void differences() throws Exception {
        assertEquals(1L, number(fn("datediff", str("2007-12-31 23:59:59"), str("2007-12-30"))));
        assertEquals(-31L, number(fn("datediff", str("2010-11-30 23:59:59"), str("2010-12-31"))));
        assertEquals(3L, number(fn("timestampdiff", col("MONTH"), str("2003-02-01"), str("2003-05-01"))));
        assertEquals(-1L, number(fn("timestampdiff", col("YEAR"), str("2002-05-01"), str("2001-01-01"))));
        assertEquals(128885L, number(fn("timestampdiff", col("MINUTE"), str("2003-02-01"), str("2003-05-01 12:05:55"))));
        assertEquals(2L, number(fn("months_diff", str("2020-12-25"), str("2020-10-25"))));
        assertEquals(1L, number(fn("years_diff", str("2020-12-25"), str("2019-10-25"))));
        assertEquals(0L, number(fn("days_diff", str("2020-12-25 22:00:00"), str("2020-12-24 22:00:01"))));
        // A month's end is not a whole month after a later day of the month before.
        assertEquals(0L, number(fn("timestampdiff", col("MONTH"), str("2024-01-31"), str("2024-02-29"))));
        assertEquals(-1L, number(fn("timestampdiff", col("MONTH"), str("2024-03-31"), str("2024-02-29"))));
        assertEquals(0L, number(fn("timestampdiff", col("YEAR"), str("2020-02-29"), str("2021-02-28"))));
        assertEquals(0L, number(fn("timestampdiff", col("QUARTER"), str("2024-01-31"), str("2024-04-30"))));
        assertEquals(0L, number(fn("months_diff", str("2024-02-29 10:00:00"), str("2024-01-29 11:00:00"))));
    }

    @Test
    void lastDayAndMakedate() throws Exception {
        assertEquals("2000-02-29", text(fn("last_day", str("2000-02-03"))));
        assertEquals("2011-01-31", text(fn("makedate", num(2011), num(31))));
        assertEquals("2011-02-01", text(fn("makedate", num(2011), num(32))));
        assertEquals("2011-12-31", text(fn("makedate", num(2011), num(365))));
        assertEquals("2015-01-01", text(fn("makedate", num(2014), num(366))));
        assertNull(eval(fn("makedate", num(2011), num(0))));
    }

    private static long number(Expr e) throws Exception {
        return ((Number) eval(e)).longValue();
    }
}
