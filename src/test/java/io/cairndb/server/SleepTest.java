package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** sleep(n) sleeps n seconds per row, and KILL QUERY stops it at once, in the killed session only. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SleepTest {
    private Database db;
    private SqlSession victim;
    private SqlSession bystander;
    private SqlSession killer;

    @BeforeEach
    void open() {
        db = Database.open(null);
        victim = db.open(1, "root", null, "test");
        bystander = db.open(2, "root", null, "test");
        killer = db.open(3, "root", null, "test");
    }

    @AfterEach
    void close() {
        victim.close();
        bystander.close();
        killer.close();
        db.close();
    }

    @Test
    void sleepsItsSecondsForEachRow() {
        long start = System.nanoTime();
        assertEquals(List.of("1", "1"), rows(victim, "SELECT sleep(1) FROM numbers(\"number\" = \"2\")"));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis >= 2000 && millis < 10_000, millis + " ms");
    }

    @Test
    void killQueryStopsTheSleepOfTheKilledSessionOnly() throws Exception {
        CompletableFuture<List<String>> killed = CompletableFuture.supplyAsync(() -> rows(victim, "SELECT sleep(60)"));
        CompletableFuture<List<String>> other = CompletableFuture.supplyAsync(() -> rows(bystander, "SELECT sleep(2)"));
        awaitRunning(1, "SELECT sleep(60)");
        awaitRunning(2, "SELECT sleep(2)");
        long kill = System.nanoTime();
        exec(killer, "KILL QUERY 1");
        ExecutionException e = assertThrows(ExecutionException.class, () -> killed.get(30, TimeUnit.SECONDS));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - kill) < 5_000, "stopped at once");
        CairnException cause = assertInstanceOf(CairnException.class, e.getCause());
        assertEquals(ErrorCode.QUERY_INTERRUPTED.code(), cause.errorCode());
        assertEquals("Query execution was interrupted", cause.getMessage());
        assertEquals(List.of("1"), other.get(30, TimeUnit.SECONDS), "the other session's sleep ran to its end");
        // The kill does not linger: the session's next sleep runs to its end.
        assertEquals(List.of("1"), rows(victim, "SELECT sleep(1)"));
    }

    private void awaitRunning(long id, String sql) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        // Columns: CurrentConnected, Id, .., Info, Progress.
        while (rows(killer, "SHOW FULL PROCESSLIST").stream().map(r -> r.split("\\|", -1))
                .noneMatch(r -> r[1].equals(Long.toString(id)) && r[r.length - 2].equals(sql))) {
            assertTrue(System.currentTimeMillis() < deadline, "connection " + id + " never ran " + sql);
            Thread.sleep(10);
        }
    }
}
