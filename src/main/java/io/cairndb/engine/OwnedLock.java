package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A fair shared/exclusive lock held by an owner (a transaction) rather than a thread: the statements
 * of one transaction run on whichever worker thread serves their connection, and the lock is let go
 * by the thread that commits. Re-entrant per owner. Waiters are granted in arrival order.
 */
final class OwnedLock {
    private static final long KILL_CHECK_MILLIS = 50;

    private record Waiter(Object owner, boolean exclusive) {
    }

    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    /** Owners holding the lock and how many times each; one owner when exclusive. */
    private final Map<Object, Integer> holders = new HashMap<>();
    private boolean exclusive;

    /**
     * Waits until {@code owner} holds the lock; gives up with "Query execution was interrupted" once
     * {@code killed} says so (KILL of a statement waiting here), checked every 50 ms.
     */
    synchronized void acquire(Object owner, boolean exclusiveMode, BooleanSupplier killed) {
        Integer held = holders.get(owner);
        if (held != null && (exclusive || !exclusiveMode)) {
            holders.put(owner, held + 1);
            return;
        }
        Waiter me = new Waiter(owner, exclusiveMode);
        queue.add(me);
        try {
            while (!grantable(me)) {
                if (killed.getAsBoolean()) {
                    throw new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
                }
                wait(KILL_CHECK_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted", e);
        } finally {
            queue.remove(me);
            notifyAll();
        }
        exclusive = exclusiveMode;
        holders.merge(owner, 1, Integer::sum);
    }

    /** The head of the queue goes first; shared waiters behind a shared head join it. */
    private boolean grantable(Waiter me) {
        if (me.exclusive()) {
            return queue.peek() == me && (holders.isEmpty() || holders.size() == 1 && holders.containsKey(me.owner()));
        }
        if (!holders.isEmpty() && exclusive) {
            return false;
        }
        for (Waiter w : queue) {
            if (w == me) {
                return true;
            }
            if (w.exclusive()) {
                return false;
            }
        }
        return false;
    }

    synchronized void release(Object owner) {
        Integer held = holders.get(owner);
        if (held == null) {
            throw new IllegalStateException("lock released by an owner that does not hold it");
        }
        if (held > 1) {
            holders.put(owner, held - 1);
            return;
        }
        holders.remove(owner);
        if (holders.isEmpty()) {
            exclusive = false;
        }
        notifyAll();
    }
}
