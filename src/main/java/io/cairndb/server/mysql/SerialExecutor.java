package io.cairndb.server.mysql;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs one connection's tasks in submission order on another executor (the connection's event
 * loop), one at a time, a failing task not holding up those after it; once that executor refuses
 * work (the connection has ended) the tasks are dropped.
 */
final class SerialExecutor implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(SerialExecutor.class);

    private final Executor pool;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private boolean draining;

    SerialExecutor(Executor pool) {
        this.pool = pool;
    }

    @Override
    public synchronized void execute(Runnable task) {
        tasks.add(task);
        if (!draining) {
            draining = true;
            try {
                pool.execute(this::drain);
            } catch (RejectedExecutionException e) {
                // The server is shutting down: nothing will run these any more.
                draining = false;
                tasks.clear();
            }
        }
    }

    private void drain() {
        while (true) {
            Runnable task;
            synchronized (this) {
                task = tasks.poll();
                if (task == null) {
                    draining = false;
                    return;
                }
            }
            try {
                task.run();
            } catch (Throwable e) {
                // One failed task, even one out of memory, must not stall the connection's queue:
                // its later tasks include closing the connection and freeing its session.
                LOG.error("Connection task failed", e);
            }
        }
    }
}
