package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.cairndb.server.mysql.RawClient.assertOk;
import static io.cairndb.server.mysql.RawClient.error;
import static org.junit.jupiter.api.Assertions.*;

/** {@link MysqlServer#close(Duration)}: what happens to each kind of connection. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MysqlServerShutdownTest {
    private static final RawClient.Error SHUTDOWN = new RawClient.Error(1053, "08S01", "Server shutdown in progress");

    private final FakeSessionFactory factory = new FakeSessionFactory();
    private final MysqlServer server = new MysqlServer(factory);
    private int port;

    @BeforeEach
    void start() {
        server.start("127.0.0.1", 0);
        port = server.port();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void idleConnectionsCloseAtOnceWhileTheRunningCommandFinishesAndReplies() throws Exception {
        try (RawClient idle = RawClient.login(port, 0, null); RawClient busy = RawClient.login(port, 0, null);
             RawClient greeted = new RawClient(port)) {
            greeted.readGreeting();
            busy.command(Protocol.COM_QUERY, "SLEEP 4000");
            awaitRunning("SLEEP 4000");
            CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> server.close(Duration.ofSeconds(30)));
            assertTrue(idle.isClosedByServer());
            assertTrue(greeted.isClosedByServer());
            assertThrows(IOException.class, () -> new Socket("127.0.0.1", port).close());
            assertFalse(closing.isDone());
            assertOk(busy.read());
            assertTrue(busy.isClosedByServer());
            closing.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void commandsQueuedBehindTheRunningOneAreRefused() throws Exception {
        try (RawClient busy = RawClient.login(port, 0, null)) {
            busy.command(Protocol.COM_QUERY, "SLEEP 2000");
            busy.command(Protocol.COM_PING, "");
            awaitRunning("SLEEP 2000");
            Thread.sleep(200); // the ping arrives while the sleep runs
            CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> server.close(Duration.ofSeconds(30)));
            assertOk(busy.read());
            assertEquals(SHUTDOWN, error(busy.read()));
            assertTrue(busy.isClosedByServer());
            closing.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void whenTheGraceRunsOutTheRunningStatementIsInterruptedAndReportsTheShutdown() throws Exception {
        try (RawClient busy = RawClient.login(port, 0, null)) {
            busy.command(Protocol.COM_QUERY, "SLEEP 60000");
            awaitRunning("SLEEP 60000");
            long started = System.nanoTime();
            server.close(Duration.ofMillis(300));
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10));
            assertEquals(SHUTDOWN, error(busy.read()));
            assertTrue(busy.isClosedByServer());
        }
    }

    /** A reply the client does not read holds its connection's thread, until the shutdown ends the connection. */
    @Test
    void aClientThatStopsReadingDoesNotHoldUpTheShutdown() throws Exception {
        try (RawClient stuck = RawClient.login(port, 0, null)) {
            stuck.command(Protocol.COM_QUERY, "SELECT ROWS 1000000"); // some 25 MB, far more than the socket holds
            awaitRunning("SELECT ROWS 1000000");
            Thread.sleep(300);
            long started = System.nanoTime();
            server.close(Duration.ofMillis(300));
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10));
            assertTrue(stuck.drainUntilClosed() < 25_000_000);
        }
    }

    private void awaitRunning(String statement) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!factory.statements.contains(statement)) {
            assertTrue(System.nanoTime() < deadline, () -> statement + " never ran");
            Thread.sleep(10);
        }
    }
}
