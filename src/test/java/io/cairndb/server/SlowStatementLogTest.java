package io.cairndb.server;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** Statements slower than qe_slow_log_ms are logged, also when the database is embedded. */
class SlowStatementLogTest {
    /** Takes some milliseconds (a join of four million pairs) and has a text of over 10,000 characters. */
    private static final String QUERY = "SELECT count(*) FROM numbers(\"number\" = \"2000\") a, numbers(\"number\" = \"2000\") b "
            + "WHERE a.number + b.number >= 0 AND '" + "x".repeat(10_000) + "' <> ''";

    private final Logger logger = (Logger) LoggerFactory.getLogger(SlowStatementLog.class);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    @BeforeEach
    void capture() {
        appender.start();
        logger.addAppender(appender);
        logger.setAdditive(false); // kept out of the build's output
    }

    @AfterEach
    void release() {
        logger.detachAppender(appender);
        logger.setAdditive(true);
    }

    @Test
    void theThresholdIsReadAtEachStatement() {
        try (Database db = Database.open(null)) {
            try (Session root = db.open(76, "root", null, "embedded")) {
                root.execute("CREATE USER alice");
                root.execute("GRANT ADMIN_PRIV ON *.*.* TO alice");
            }
            Session session = db.open(77, "alice", null, "embedded");
            session.execute("ADMIN SET FRONTEND CONFIG (\"qe_slow_log_ms\" = \"0\")");
            session.execute(QUERY);
            List<ILoggingEvent> logged = slowLogOf(QUERY);
            assertEquals(1, logged.size());
            assertEquals(Level.WARN, logged.get(0).getLevel());
            String message = logged.get(0).getFormattedMessage();
            assertTrue(Pattern.compile("^Slow statement: [1-9]\\d* ms, connection 77, user 'alice': SELECT count\\(\\*\\) "
                    + "FROM numbers.*x{100}\\.\\.\\. \\(" + QUERY.length() + " characters\\)$").matcher(message).matches(), message);
            assertTrue(message.length() < 4200, () -> "the text is cut to a few KB: " + message.length());

            session.execute("ADMIN SET FRONTEND CONFIG (\"qe_slow_log_ms\" = \"3600000\")");
            session.execute(QUERY);
            assertEquals(1, slowLogOf(QUERY).size());
            session.close();
        }
    }

    private List<ILoggingEvent> slowLogOf(String sql) {
        return appender.list.stream()
                .filter(e -> e.getFormattedMessage().startsWith("Slow statement")
                        && e.getFormattedMessage().contains(sql.substring(0, 60)))
                .toList();
    }
}
