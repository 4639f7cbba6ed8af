package io.cairndb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SIGTERM's hook ends the process whatever happens: 0 after an orderly stop, 1 if stopping failed or hung. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OrderlyShutdownTest {
    private final BlockingQueue<Integer> halts = new LinkedBlockingQueue<>();

    @Test
    void orderlyStopEndsWithZero() throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        new OrderlyShutdown(stopped::countDown, Duration.ofSeconds(10), halts::add).run();
        assertEquals(0, stopped.getCount());
        assertEquals(0, halts.take());
    }

    @Test
    void failedStopEndsWithOne() throws InterruptedException {
        new OrderlyShutdown(() -> {
            throw new OutOfMemoryError("Java heap space");
        }, Duration.ofSeconds(10), halts::add).run();
        assertEquals(1, halts.take());
    }

    @Test
    void hungStopIsHaltedAtTheDeadline() throws InterruptedException {
        CountDownLatch wedged = new CountDownLatch(1);
        Thread hook = new Thread(new OrderlyShutdown(() -> {
            try {
                wedged.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, Duration.ofMillis(300), halts::add));
        long start = System.nanoTime();
        hook.start();
        assertEquals(1, halts.poll(10, TimeUnit.SECONDS));
        assertTrue(System.nanoTime() - start >= Duration.ofMillis(300).toNanos());
        assertNull(halts.poll(100, TimeUnit.MILLISECONDS), "the hook is still stopping");
        wedged.countDown();
        hook.join();
    }
}
