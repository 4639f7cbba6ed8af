package io.cairndb;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * The shutdown hook: stops the server in order, then ends the process with status 0 (1 if stopping
 * failed) rather than the JVM's 143 for SIGTERM. A watchdog ends it with status 1 if the orderly stop
 * has not finished by the deadline: a thread wedged by, say, an OutOfMemoryError would otherwise keep
 * the process alive forever.
 */
final class OrderlyShutdown implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(OrderlyShutdown.class);

    private final Runnable stop;
    private final Duration deadline;
    private final IntConsumer halt;
    private final CountDownLatch stopped = new CountDownLatch(1);

    /** {@code halt} ends the process with a status: {@code Runtime.getRuntime()::halt}, as hooks may not call exit. */
    OrderlyShutdown(Runnable stop, Duration deadline, IntConsumer halt) {
        this.stop = stop;
        this.deadline = deadline;
        this.halt = halt;
    }

    @Override
    public void run() {
        Thread watchdog = new Thread(this::haltAtDeadline, "shutdown-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        LOG.info("CairnDB stopping");
        int status = 0;
        try {
            stop.run();
            LOG.info("CairnDB stopped");
        } catch (RuntimeException | Error e) {
            LOG.error("CairnDB did not stop cleanly", e);
            status = 1;
        }
        stopped.countDown();
        halt.accept(status);
    }

    private void haltAtDeadline() {
        try {
            if (stopped.await(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            // Nothing interrupts the watchdog but the JVM going down: ending the process is still its job.
            Thread.currentThread().interrupt();
        }
        LOG.error("CairnDB did not stop within {} ms; halting", deadline.toMillis());
        halt.accept(1);
    }
}
