package io.cairndb.server;

import io.cairndb.engine.Txn;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * What can stop a session's running statements: KILL QUERY (from another thread) and the statement's
 * time limit. It knows whether the session is executing, the transaction of the statement running
 * now, and the one pending check of time limits; all of it guarded by this object's lock.
 */
final class StatementInterrupts {
    private static final long NO_DEADLINE = Long.MIN_VALUE;

    /** Schedules the session's time-limit check in so many nanoseconds. */
    private final LongFunction<ScheduledFuture<?>> scheduleCheck;
    /** The session is inside an execute. */
    private boolean executing;
    /** A KILL reached the current execute; its statements fail. */
    private boolean requested;
    /** The transaction of the statement running now, or null. */
    private Txn runningTxn;
    /** When the running statement's time limit runs out (System.nanoTime), or NO_DEADLINE. */
    private long deadline = NO_DEADLINE;
    /** The pending check of time limits (see {@link #limit}), or null. */
    private ScheduledFuture<?> check;
    /** The interrupt of the current execute came from its time limit. */
    private boolean timedOut;

    StatementInterrupts(LongFunction<ScheduledFuture<?>> scheduleCheck) {
        this.scheduleCheck = scheduleCheck;
    }

    /** An execute begins: nothing of an earlier one's interrupt or time limit holds for it. */
    synchronized void begin() {
        executing = true;
        requested = false;
        timedOut = false;
    }

    synchronized void end() {
        executing = false;
    }

    /**
     * Sets the statement's time limit ({@code nanos} from now; 0 or less for none): once it runs out the
     * statement is interrupted, as KILL QUERY would. A statement does not schedule a check of its own:
     * the session keeps one, due no later than the running statement's deadline, which statements with
     * later deadlines leave in place and which, when it comes, moves on to the deadline of the statement
     * running then (see {@link #checkTimeLimit}).
     */
    synchronized void limit(long nanos) {
        if (nanos <= 0) {
            deadline = NO_DEADLINE;
            return;
        }
        deadline = System.nanoTime() + nanos;
        if (check == null || check.getDelay(TimeUnit.NANOSECONDS) > nanos) {
            if (check != null) {
                check.cancel(false);
            }
            check = scheduleCheck.apply(nanos);
        }
    }

    /**
     * The time-limit check is due: interrupts the running statement if its deadline has passed, or checks
     * again at that deadline; with no limited statement running it lapses (the next one sets it again).
     *
     * @return whether a statement was interrupted
     */
    synchronized boolean checkTimeLimit() {
        check = null;
        if (!executing || deadline == NO_DEADLINE) {
            return false;
        }
        long left = deadline - System.nanoTime();
        if (left > 0) {
            check = scheduleCheck.apply(left);
            return false;
        }
        deadline = NO_DEADLINE;
        timedOut = true;
        return interrupt();
    }

    /** A statement starts in {@code txn}; a KILL that came first fails it. */
    synchronized void startStatement(Txn txn) {
        if (requested) {
            throw interrupted();
        }
        runningTxn = txn;
    }

    /** From here on a KILL no longer reaches the statement; one that came in already fails it. */
    synchronized void finishStatement() {
        runningTxn = null;
        if (requested) {
            throw interrupted();
        }
    }

    /** The statement has ended, whatever became of it: its transaction and time limit are gone. */
    synchronized void statementEnded() {
        runningTxn = null;
        deadline = NO_DEADLINE;
    }

    /** Why a failed statement failed, when a KILL or its time limit stopped it; null otherwise. */
    synchronized CairnException stoppedBecause(Throwable failure) {
        if (timedOut) {
            return new CairnException(ErrorCode.QUERY_TIMEOUT, "query is timeout, killed by timeout checker", failure);
        }
        return requested ? new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted", failure) : null;
    }

    /**
     * KILL QUERY, from another thread: the statements of the running execute fail and their transactions
     * roll back. DuckDB drops an interrupt that arrives between two of its queries, so the caller repeats
     * {@link #interruptAgain} while that returns true. An idle session is untouched.
     *
     * @return whether something was running
     */
    synchronized boolean interrupt() {
        if (!executing) {
            return false;
        }
        requested = true;
        if (runningTxn != null) {
            runningTxn.interrupt();
        }
        return true;
    }

    /** Interrupts again while the killed execute still runs; false once it has ended. */
    synchronized boolean interruptAgain() {
        if (!executing || !requested) {
            return false;
        }
        if (runningTxn != null) {
            runningTxn.interrupt();
        }
        return true;
    }

    /** The session closes: its pending check is dropped. */
    synchronized void close() {
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }

    private static CairnException interrupted() {
        return new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
    }
}
