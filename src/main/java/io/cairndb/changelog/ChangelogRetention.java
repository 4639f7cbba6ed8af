package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TableLocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Enforces {@code ttl_seconds}: removes changes older than the retention period and moves the
 * table's retained-from TSO forward, under the table's writer lock.
 */
public final class ChangelogRetention {
    private static final Logger LOG = LoggerFactory.getLogger(ChangelogRetention.class);

    private ChangelogRetention() {
    }

    /** One pass over every changelog table; returns how many change rows were removed. */
    public static long cleanUp(Connection c, Catalog catalog, TableLocks locks, Tso tso, long nowMillis) {
        long removed = 0;
        for (DatabaseMeta db : catalog.databases()) {
            for (TableMeta t : catalog.tables(db.name())) {
                ChangelogConfig config = ChangelogConfig.of(t);
                if (!config.enabled()) {
                    continue;
                }
                long cutoff = Tso.atMillis(nowMillis - config.ttlSeconds() * 1000);
                try (TableLocks.Held lock = locks.lock(t.database(), t.name())) {
                    removed += Sql.execute(c, "DELETE FROM " + ChangelogTables.name(t) + " WHERE " + ChangelogTables.TSO
                            + " < " + cutoff);
                    ChangelogTables.forgetBefore(c, t.id(), cutoff);
                    Sql.execute(c, "UPDATE " + ChangelogTables.STATE + " SET retained_from = greatest(retained_from, " + cutoff
                            + ") WHERE table_id = " + t.id());
                    c.commit();
                } catch (SQLException | RuntimeException e) {
                    LOG.warn("changelog cleanup of {}.{} failed: {}", t.database(), t.name(), e.getMessage());
                    rollback(c);
                }
            }
        }
        tso.persist(c);
        try {
            c.commit();
        } catch (SQLException e) {
            LOG.warn("cannot persist the TSO high-water mark: {}", e.getMessage());
            rollback(c);
        }
        return removed;
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            LOG.warn("rollback after a failed cleanup also failed: {}", e.getMessage());
        }
    }
}
