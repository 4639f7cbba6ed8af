package io.cairndb.server;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session keeps one pending check of its statements' time limits rather than a timer per
 * statement: the limit of each statement must still hold from its own start, whatever ran before.
 */
class StatementTimeLimitTest {
    /** A join of 10^12 pairs: it would not end on its own. */
    private static final String ENDLESS = "SELECT count(*) FROM numbers(\"number\" = \"1000000\") a, "
            + "numbers(\"number\" = \"1000000\") b WHERE b.number = 0 OR a.number + b.number = -1";

    @TempDir
    Path dir;
    private Database db;
    private Session session;

    @BeforeEach
    void open() {
        db = Database.open(dir);
        session = db.open(1, "root", null, "test");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    private void run(String sql) {
        for (StatementResult r : session.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    /** Seconds until the endless query times out. */
    private double secondsToTimeOut() {
        long started = System.nanoTime();
        CairnException e = assertThrows(CairnException.class, () -> run(ENDLESS));
        assertEquals("query is timeout, killed by timeout checker", e.getMessage());
        return (System.nanoTime() - started) / 1e9;
    }

    @Test
    void finishedStatementsLeaveNoTimeoutBehind() {
        for (int i = 0; i < 2000; i++) {
            run("SELECT " + (i % 10));
        }
        assertTrue(db.pendingInterrupts() <= 1, () -> db.pendingInterrupts() + " timeouts queued");
    }

    @Test
    void aShorterLimitAfterLongerOnesHolds() {
        for (int i = 0; i < 50; i++) {
            run("SELECT 1"); // query_timeout 900: their check is due in 15 minutes
        }
        run("SET query_timeout = 1");
        double seconds = secondsToTimeOut();
        assertTrue(seconds >= 0.9 && seconds < 5, () -> "timed out after " + seconds + " s");
    }

    @Test
    void aLimitHoldsFromItsStatementsStartWhateverWasCheckedBefore() throws InterruptedException {
        run("SET query_timeout = 1");
        run("SELECT 1"); // its check is due in 1 s, half-way through the next statement
        Thread.sleep(500);
        double late = secondsToTimeOut();
        assertTrue(late >= 0.9 && late < 5, () -> "timed out after " + late + " s");
        run("SELECT 1");
        Thread.sleep(1500); // the check comes while the session is idle, and lapses
        double idle = secondsToTimeOut();
        assertTrue(idle >= 0.9 && idle < 5, () -> "timed out after " + idle + " s");
    }
}
