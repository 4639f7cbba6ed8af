package io.cairndb.server;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** KILL QUERY interrupts another session's statement; KILL CONNECTION also ends that session. */
class KillTest {
    private static final String ENDLESS = "SELECT count(*) FROM numbers(\"number\" = \"1000000\") a, "
            + "numbers(\"number\" = \"1000000\") b WHERE a.number + b.number = -1";

    @Test
    void killQueryInterruptsTheRunningStatement() throws Exception {
        try (Database db = Database.open(null); SqlSession victim = db.open(1, "root", null, "t");
             SqlSession killer = db.open(2, "root", null, "t")) {
            CompletableFuture<List<StatementResult>> running = CompletableFuture.supplyAsync(() -> drain(victim.execute(ENDLESS)));
            waitUntilRunning(db, 1);
            killer.execute("KILL QUERY 1");
            ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(30, TimeUnit.SECONDS));
            assertInstanceOf(CairnException.class, e.getCause());
            // The session itself goes on.
            RowResult r = assertInstanceOf(RowResult.class, victim.execute("SELECT 41 + 1").get(0));
            assertTrue(r.next());
            assertEquals(42, ((Number) r.value(0)).intValue());
            r.close();

            killer.execute("KILL 1");
            CairnException gone = assertThrows(CairnException.class, () -> victim.execute("SELECT 1"));
            assertTrue(gone.getMessage().contains("killed"), gone.getMessage());
            CairnException unknown = assertThrows(CairnException.class, () -> killer.execute("KILL 999"));
            assertTrue(unknown.getMessage().contains("Unknown thread id: 999"), unknown.getMessage());
        }
    }

    private static List<StatementResult> drain(List<StatementResult> results) {
        for (StatementResult r : results) {
            if (r instanceof RowResult rows) {
                try (rows) {
                    while (rows.next()) {
                        rows.value(0);
                    }
                }
            }
        }
        return results;
    }

    private static void waitUntilRunning(Database db, long id) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline) {
            if (db.processes().stream().anyMatch(p -> p.id() == id && "Query".equals(p.command()))) {
                Thread.sleep(200);
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the statement never started");
    }
}
