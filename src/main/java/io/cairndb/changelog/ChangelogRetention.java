package io.cairndb.changelog;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.TableLocks;
import io.cairndb.engine.Txn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;

/**
 * Enforces {@code ttl_seconds}: removes changes older than the retention period and moves the
 * table's retained-from TSO forward, under the table's writer lock.
 */
public final class ChangelogRetention {
    private static final Logger LOG = LoggerFactory.getLogger(ChangelogRetention.class);

    private ChangelogRetention() {
    }

    /** One pass over every changelog table; returns how many change rows were removed. */
    public static long cleanUp(Connection c, Catalog catalog, TableLocks locks, Tso tso, ChangelogBounds bounds, long nowMillis) {
        long removed = 0;
        for (DatabaseMeta db : catalog.databases()) {
            for (TableMeta t : catalog.tables(db.name())) {
                ChangelogConfig config = ChangelogConfig.of(t);
                if (!config.enabled()) {
                    continue;
                }
                long cutoff = Tso.atMillis(nowMillis - config.ttlSeconds() * 1000);
                // A Txn: a failed commit leaves the connection transactional for the next table.
                Txn txn = new Txn(c);
                try (TableLocks.Held lock = locks.lock(t.database(), t.name())) {
                    if (catalog.tableById(t.database(), t.id()) == null) {
                        txn.rollbackQuietly();
                        continue;
                    }
                    removed += Sql.execute(c, "DELETE FROM " + ChangelogTables.name(t) + " WHERE " + ChangelogTables.TSO
                            + " < " + cutoff);
                    ChangelogTables.forgetBefore(c, t.id(), cutoff);
                    bounds.retained(t.id(), cutoff);
                    Sql.execute(c, "UPDATE " + ChangelogTables.STATE + " SET retained_from = greatest(retained_from, " + cutoff
                            + ") WHERE table_id = " + t.id());
                    txn.commit();
                } catch (RuntimeException e) {
                    LOG.warn("changelog cleanup of {}.{} failed: {}", t.database(), t.name(), e.getMessage());
                    txn.rollbackQuietly();
                }
            }
        }
        Txn txn = new Txn(c);
        try {
            tso.persist(c);
            txn.commit();
        } catch (RuntimeException e) {
            LOG.warn("cannot persist the TSO high-water mark: {}", e.getMessage());
            txn.rollbackQuietly();
        }
        return removed;
    }
}
