package io.cairndb.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Transaction hooks: afterEnd runs once the transaction has ended, whichever way, after the afterCommit
 * hooks (a lock released there lets the next holder see the published change); restartSnapshot lets a
 * later statement see commits made since an early read.
 */
class TxnTest {
    private DuckEngine engine;
    private Connection a;
    private Connection b;

    @BeforeEach
    void open() throws Exception {
        engine = DuckEngine.open(null);
        a = engine.connect();
        b = engine.connect();
        Sql.execute(a, "CREATE TABLE t (k INT)");
        a.commit();
    }

    @AfterEach
    void close() throws Exception {
        a.close();
        b.close();
        engine.close();
    }

    @Test
    void afterEndRunsAfterTheCommitHooksAndOnRollback() {
        List<String> events = new ArrayList<>();
        Txn committed = new Txn(a);
        Sql.execute(a, "INSERT INTO t VALUES (1)");
        committed.afterEnd(() -> events.add("end"));
        committed.afterCommit(() -> events.add("published"));
        committed.commit();
        assertEquals(List.of("published", "end"), events);

        events.clear();
        Txn rolledBack = new Txn(a);
        Sql.execute(a, "INSERT INTO t VALUES (2)");
        rolledBack.afterCommit(() -> events.add("published"));
        rolledBack.afterEnd(() -> events.add("end"));
        rolledBack.rollbackQuietly();
        assertEquals(List.of("end"), events);

        events.clear();
        Txn nothingRan = new Txn(a);
        nothingRan.afterEnd(() -> events.add("end"));
        nothingRan.commit();
        assertEquals(List.of("end"), events);
        assertEquals(1L, ((Number) Sql.scalar(a, "SELECT count(*) FROM t")).longValue());
    }

    /**
     * A failed COMMIT ends DuckDB's transaction while the driver still believes one is open; the next
     * transaction must still be one (it used to run its statements in autocommit).
     */
    @Test
    void aFailedCommitLeavesTheConnectionTransactional() throws Exception {
        Sql.execute(a, "CREATE TABLE keyed (k INT PRIMARY KEY)");
        a.commit();
        Txn first = new Txn(a);
        Txn second = new Txn(b);
        Sql.execute(a, "INSERT INTO keyed VALUES (1)");
        Sql.execute(b, "INSERT INTO keyed VALUES (1)");
        first.commit();
        List<String> events = new ArrayList<>();
        second.afterEnd(() -> events.add("end"));
        CairnException conflict = assertThrows(CairnException.class, second::commit);
        // A retryable error in the client's terms, not the engine's wording.
        assertEquals(ErrorCode.WRITE_CONFLICT.code(), conflict.errorCode());
        assertEquals("40001", conflict.sqlState());
        assertFalse(conflict.getMessage().contains("TransactionContext"), conflict.getMessage());
        assertEquals(List.of("end"), events);

        Txn next = new Txn(b);
        Sql.execute(b, "INSERT INTO keyed VALUES (2)");
        next.rollback();
        assertEquals(1L, ((Number) Sql.scalar(a, "SELECT count(*) FROM keyed")).longValue(), "the rolled back row stays out");
        a.commit();
    }

    @Test
    void restartSnapshotSeesCommitsMadeSinceTheFirstRead() throws Exception {
        Txn reader = new Txn(b);
        assertEquals(0L, ((Number) Sql.scalar(b, "SELECT count(*) FROM t")).longValue());
        Sql.execute(a, "INSERT INTO t VALUES (7)");
        a.commit();
        assertEquals(0L, ((Number) Sql.scalar(b, "SELECT count(*) FROM t")).longValue(), "the first read fixed the snapshot");
        reader.restartSnapshot();
        assertFalse(DuckEngine.transactionBegun(b));
        assertEquals(1L, ((Number) Sql.scalar(b, "SELECT count(*) FROM t")).longValue());
        assertTrue(DuckEngine.transactionBegun(b));
        reader.commit();
    }
}
