package io.cairndb.engine;

import io.cairndb.error.CairnException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Locks belong to their owner, not to a thread: a transaction takes a lock in one statement and lets
 * it go at COMMIT, which may run on another worker thread (a thread-owned lock then stayed held).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OwnedLockTest {
    private final OwnedLock lock = new OwnedLock();
    /** Waiters block: each needs a thread of its own. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void anotherThreadReleasesForTheOwner() throws Exception {
        Object txn = new Object();
        CompletableFuture.runAsync(() -> lock.acquire(txn, true, () -> false), threads).get();
        CompletableFuture.runAsync(() -> lock.release(txn), threads).get();
        Object next = new Object();
        CompletableFuture.runAsync(() -> lock.acquire(next, true, () -> false), threads).get(5, TimeUnit.SECONDS);
    }

    @Test
    void theOwnerTakesItAgainOthersWait() throws Exception {
        Object txn = new Object();
        lock.acquire(txn, true, () -> false);
        lock.acquire(txn, true, () -> false);
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> lock.acquire(new Object(), true, () -> false), threads);
        lock.release(txn);
        Thread.sleep(200);
        assertFalse(other.isDone(), "held once more by its owner");
        lock.release(txn);
        other.get(5, TimeUnit.SECONDS);
    }

    @Test
    void sharedHoldersTogetherAndExclusiveAlone() throws Exception {
        Object a = new Object();
        Object b = new Object();
        lock.acquire(a, false, () -> false);
        lock.acquire(b, false, () -> false);
        Object writer = new Object();
        CompletableFuture<Void> exclusive = CompletableFuture.runAsync(() -> lock.acquire(writer, true, () -> false), threads);
        Thread.sleep(200);
        assertFalse(exclusive.isDone());
        lock.release(a);
        lock.release(b);
        exclusive.get(5, TimeUnit.SECONDS);
    }

    @Test
    void waitersAreServedInArrivalOrder() throws Exception {
        Object holder = new Object();
        lock.acquire(holder, true, () -> false);
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> waiters = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int n = i;
            Object owner = new Object();
            waiters.add(CompletableFuture.runAsync(() -> {
                lock.acquire(owner, true, () -> false);
                order.add(n);
                lock.release(owner);
            }, threads));
            Thread.sleep(100);
        }
        lock.release(holder);
        for (CompletableFuture<Void> w : waiters) {
            w.get(5, TimeUnit.SECONDS);
        }
        assertEquals(List.of(0, 1, 2, 3, 4), order);
    }

    @Test
    void aKilledWaiterGivesUpAndLeavesTheQueue() throws Exception {
        Object holder = new Object();
        lock.acquire(holder, true, () -> false);
        CairnException e = assertThrows(CairnException.class, () -> lock.acquire(new Object(), true, () -> true));
        assertTrue(e.getMessage().contains("interrupted"), e.getMessage());
        lock.release(holder);
        lock.acquire(new Object(), true, () -> false);
    }
}
