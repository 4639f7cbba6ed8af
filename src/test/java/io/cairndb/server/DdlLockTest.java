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
    /** KILL QUERY reaches a statement that waits for a table's lock: it fails at once and changes nothing. */
    @Test
    void killEndsAStatementWaitingForALock() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession admin = db.open(1, "root", null, "test");
            exec(admin, "CREATE DATABASE d");
            exec(admin, "CREATE TABLE d.t (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            SqlSession waiter = db.open(2, "root", "d", "test");
            try (TableLocks.Held inFlight = db.locks().lock("d", "t")) {
                CompletableFuture<String> insert = CompletableFuture.supplyAsync(() -> {
                    try {
                        exec(waiter, "INSERT INTO t VALUES (1)");
                        return "inserted";
                    } catch (RuntimeException e) {
                        return e.getMessage();
                    }
                });
                Thread.sleep(300);
                assertFalse(insert.isDone(), "the INSERT waits for the lock");
                exec(admin, "KILL QUERY 2");
                assertEquals("Query execution was interrupted", insert.get(10, TimeUnit.SECONDS));
            }
            assertEquals(java.util.List.of("0"), rows(admin, "SELECT count(*) FROM d.t"));
            exec(waiter, "INSERT INTO t VALUES (2)");
            assertEquals(java.util.List.of("1"), rows(admin, "SELECT count(*) FROM d.t"));
            admin.close();
            waiter.close();
        }
    }

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
            CompletableFuture<String> rename;
            // A writer in flight holds t's lock; the rename queues first, DROP TABLE behind it. When the
            // writer is done, the rename commits while DROP TABLE still waits.
            try (TableLocks.Held inFlight = db.locks().lock("d", "t")) {
                rename = CompletableFuture.supplyAsync(() -> {
                    exec(renamer, "ALTER TABLE t RENAME u");
                    return "renamed";
                });
                Thread.sleep(300);
                drop = CompletableFuture.supplyAsync(() -> {
                    try {
                        exec(dropper, "DROP TABLE t");
                        return "dropped";
                    } catch (RuntimeException e) {
                        return e.getMessage();
                    }
                });
                Thread.sleep(300);
                assertFalse(rename.isDone(), "the rename waits for the lock");
                assertFalse(drop.isDone(), "DROP TABLE waits for the lock");
            }
            assertEquals("renamed", rename.get(30, TimeUnit.SECONDS));
            String outcome = drop.get(30, TimeUnit.SECONDS);
            assertTrue(outcome.contains("Unknown table 't'"), outcome);
            assertEquals(java.util.List.of("2"), rows(renamer, "SELECT count(*) FROM u"));
            renamer.close();
            dropper.close();
        }
    }
}
