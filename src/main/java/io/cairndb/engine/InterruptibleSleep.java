package io.cairndb.engine;

import org.duckdb.DuckDBFunctions;

import java.lang.ref.Cleaner;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Doris's {@code sleep(n)}: a Java function of DuckDB that sleeps n seconds and answers TRUE, which a KILL
 * or a time limit stops. DuckDB looks at a connection's interrupt only between chunks of rows, never
 * while a function runs, so the function sleeps in short slices and, once the connection it runs for
 * has been interrupted since the call began, fails its query. Each connection is numbered when it opens
 * (a DuckDB variable, which the printed call passes to the function), so an interrupt stops only the
 * sleeps of its own connection.
 */
public final class InterruptibleSleep {
    private static final String FUNCTION = "cairn_sleep";
    private static final String VARIABLE = "cairn_connection";
    /** The error of a sleep that was interrupted, which {@link EngineErrors} recognizes in DuckDB's. */
    static final String INTERRUPTED = "sleep() was interrupted by KILL or a time limit";
    /** How often a sleep looks for an interrupt, in milliseconds. */
    private static final long SLICE_MILLIS = 10;
    private static final AtomicLong NEXT_CONNECTION = new AtomicLong(1);
    /** Interrupts so far, by connection number; a connection's entry goes once the connection is collected. */
    private static final Map<Long, AtomicLong> INTERRUPTS = new ConcurrentHashMap<>();
    private static final Map<Connection, Long> NUMBERS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final Cleaner CLEANER = Cleaner.create();

    private InterruptibleSleep() {
    }

    /** The DuckDB spelling of {@code sleep(seconds)}: BOOLEAN, NULL for a NULL argument, volatile (one sleep per row). */
    public static String call(String seconds) {
        return FUNCTION + "(CAST(" + seconds + " AS INTEGER), getvariable('" + VARIABLE + "'))";
    }

    /** Registers the function once per database; every connection sees it. */
    static void register(Connection connection) throws SQLException {
        DuckDBFunctions.scalarFunction().withName(FUNCTION)
                .withParameter(Integer.class).withParameter(Long.class).withReturnType(Boolean.class)
                .withVolatile()
                .withFunction((Integer seconds, Long number) -> seconds == null ? null : sleep(seconds, number))
                .register(connection);
    }

    /** Numbers a new connection (before its first transaction), so that its sleeps can be interrupted. */
    static void number(Connection c) throws SQLException {
        long number = NEXT_CONNECTION.getAndIncrement();
        try (Statement st = c.createStatement()) {
            st.execute("SET VARIABLE " + VARIABLE + " = CAST(" + number + " AS BIGINT)");
        }
        INTERRUPTS.put(number, new AtomicLong());
        NUMBERS.put(c, number);
        CLEANER.register(c, () -> INTERRUPTS.remove(number));
    }

    /** The query running on {@code c} is interrupted: its sleeps end, failing it. */
    static void interrupt(Connection c) {
        Long number = NUMBERS.get(c);
        AtomicLong count = number == null ? null : INTERRUPTS.get(number);
        if (count != null) {
            count.incrementAndGet();
        }
    }

    private static Boolean sleep(int seconds, Long connection) {
        AtomicLong interrupts = connection == null ? null : INTERRUPTS.get(connection);
        long seen = interrupts == null ? 0 : interrupts.get();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Math.max(seconds, 0));
        for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
            if (interrupts != null && interrupts.get() != seen) {
                throw new IllegalStateException(INTERRUPTED);
            }
            try {
                Thread.sleep(Math.max(1, Math.min(SLICE_MILLIS, TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(INTERRUPTED, e);
            }
        }
        return Boolean.TRUE;
    }
}
