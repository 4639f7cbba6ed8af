package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * LOCK TABLES holds a table's writer lock for the session: another session's write waits until
 * UNLOCK TABLES (or the locking session's end), and then lands; reads go on meanwhile.
 */
class LockTablesTest {
    @Test
    void anotherSessionsWriteWaitsForUnlock() throws Exception {
        try (Database db = Database.open(null); SqlSession a = db.open(1, "root", null, "test");
             SqlSession b = db.open(2, "root", null, "test")) {
            exec(a, "CREATE DATABASE l");
            exec(a, "CREATE TABLE l.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(a, "LOCK TABLES l.t READ");
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> exec(b, "INSERT INTO l.t VALUES (2, 2)"));
            Thread.sleep(300);
            assertFalse(write.isDone(), "the write went past a READ lock");
            assertEquals(List.of("0"), SessionSql.rows(a, "SELECT count(*) FROM l.t"));
            exec(a, "UNLOCK TABLES");
            write.get(30, TimeUnit.SECONDS);
            assertEquals(List.of("1"), SessionSql.rows(a, "SELECT count(*) FROM l.t"));
        }
    }

    @Test
    void theLocksEndWithTheSession() throws Exception {
        try (Database db = Database.open(null); SqlSession b = db.open(2, "root", null, "test")) {
            SqlSession a = db.open(1, "root", null, "test");
            exec(a, "CREATE DATABASE l");
            exec(a, "CREATE TABLE l.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(a, "LOCK TABLES l.t WRITE");
            exec(a, "INSERT INTO l.t VALUES (1, 1)");
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> exec(b, "INSERT INTO l.t VALUES (2, 2)"));
            Thread.sleep(300);
            assertFalse(write.isDone(), "the write went past a WRITE lock");
            a.close();
            write.get(30, TimeUnit.SECONDS);
            assertEquals(List.of("1|1", "2|2"), SessionSql.rows(b, "SELECT * FROM l.t ORDER BY k"));
        }
    }
}
