package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/** Datetime text that users write ({@code yyyy-MM-dd[ HH:mm:ss[.f]]}), read in the session time zone. */
public final class TimeText {
    private TimeText() {
    }

    public static Instant parse(String text, ZoneId zone) {
        String s = text.trim();
        try {
            LocalDateTime t = s.length() <= 10 ? LocalDate.parse(s).atStartOfDay() : LocalDateTime.parse(s.replace(' ', 'T'));
            return t.atZone(zone).toInstant();
        } catch (DateTimeParseException e) {
            throw new CairnException(ErrorCode.WRONG_VALUE, "Invalid datetime value: '" + text
                    + "', expected the format yyyy-MM-dd HH:mm:ss");
        }
    }

    /** Epoch milliseconds as {@code yyyy-MM-dd HH:mm:ss} in {@code zone}. */
    public static String format(long epochMillis, ZoneId zone) {
        return ValueFormat.datetime(LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), zone), 0);
    }
}
