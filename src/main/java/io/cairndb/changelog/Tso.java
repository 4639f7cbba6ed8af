package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.engine.Sql;

import java.sql.Connection;
import java.util.List;

/**
 * Commit timestamps: a hybrid of physical milliseconds (high bits) and a logical counter (low
 * 18 bits), strictly increasing. Every TSO a commit uses is stored with its changes, so after a
 * restart the allocator resumes above the greatest stored one even if the clock went back.
 */
public final class Tso {
    static final int LOGICAL_BITS = 18;
    static final String HIGH_WATER = Catalog.SYSTEM_SCHEMA + ".tso_high_water";

    private long last;

    /** Loads the high-water mark from the changelog and stream tables in {@code cairn_sys}. */
    public synchronized void load(Connection c, List<String> tablesWithTso) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + HIGH_WATER + " (tso BIGINT NOT NULL)");
        long max = 0;
        Object hw = Sql.scalar(c, "SELECT max(tso) FROM " + HIGH_WATER);
        if (hw != null) {
            max = ((Number) hw).longValue();
        }
        for (String table : tablesWithTso) {
            Object v = Sql.scalar(c, "SELECT max(__tso) FROM " + table);
            if (v != null) {
                max = Math.max(max, ((Number) v).longValue());
            }
        }
        last = Math.max(last, max);
    }

    /** The next TSO at wall-clock time {@code physicalMillis} (or later, to stay increasing). */
    public synchronized long next(long physicalMillis) {
        last = Math.max(physicalMillis << LOGICAL_BITS, last + 1);
        return last;
    }

    /** The greatest TSO issued so far. */
    public synchronized long current() {
        return last;
    }

    /** Records the high-water mark (at shutdown and by housekeeping), for tables that have been emptied. */
    public void persist(Connection c) {
        long v = current();
        Sql.execute(c, "DELETE FROM " + HIGH_WATER);
        Sql.execute(c, "INSERT INTO " + HIGH_WATER + " VALUES (" + v + ")");
    }

    public static long physicalMillis(long tso) {
        return tso >>> LOGICAL_BITS;
    }

    /** The smallest TSO whose physical time is at or after {@code millis}. */
    public static long atMillis(long millis) {
        return millis << LOGICAL_BITS;
    }
}
