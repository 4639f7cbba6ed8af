package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.engine.TableLocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A statement that waits for a table's lock reads the table only once it has the lock: DROP TABLE used
 * to read it first, so a rename committed while it waited made it drop the renamed table's data.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DdlLockTest {
    @Test
    void dropTableWaitingBehindARenameDropsNothingOfTheRenamedTable() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession renamer = db.open(1, "root", null, "test");
            exec(renamer, "CREATE DATABASE d");
            exec(renamer, "USE d");
            exec(renamer, "CREATE TABLE t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(renamer, "INSERT INTO t VALUES (1), (2)");
            SqlSession dropper = db.open(2, "root", "d", "test");
            CompletableFuture<String> drop;
            // This thread holds t's lock, as a writer in flight would; the rename below, on this same
            // thread, takes it again (it is reentrant) and commits while DROP TABLE waits for it.
            try (TableLocks.Held inFlight = db.locks().lock("d", "t")) {
                drop = CompletableFuture.supplyAsync(() -> {
                    try {
                        exec(dropper, "DROP TABLE t");
                        return "dropped";
                    } catch (RuntimeException e) {
                        return e.getMessage();
                    }
                });
                Thread.sleep(300);
                assertFalse(drop.isDone(), "DROP TABLE waits for the lock");
                exec(renamer, "ALTER TABLE t RENAME u");
            }
            String outcome = drop.get(30, TimeUnit.SECONDS);
            assertTrue(outcome.contains("Unknown table 't'"), outcome);
            assertEquals(java.util.List.of("2"), rows(renamer, "SELECT count(*) FROM u"));
            renamer.close();
            dropper.close();
        }
    }
}
