package io.cairndb.mv;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each finished refresh task leaves one line in the log: what was refreshed, how, and how long it took. */
class RefreshLogTest {
    private final Logger logger = (Logger) LoggerFactory.getLogger(RefreshLog.class);
    private final ListAppender<ILoggingEvent> events = new ListAppender<>();
    private Level levelBefore;
    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        levelBefore = logger.getLevel();
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        events.start();
        logger.addAppender(events);
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE t (k DATE NOT NULL, v INT) DUPLICATE KEY(k) PARTITION BY RANGE(k) ("
                + "PARTITION p1 VALUES [('2024-01-01'), ('2024-01-02')), PARTITION p2 VALUES [('2024-01-02'), ('2024-01-03')))"
                + " DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(session, "INSERT INTO t VALUES ('2024-01-01', 1), ('2024-01-02', 2)");
        exec(session, "CREATE MATERIALIZED VIEW mv BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (k)"
                + " DISTRIBUTED BY HASH(k) BUCKETS 1 AS SELECT k, sum(v) AS s FROM t GROUP BY k");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
        logger.detachAppender(events);
        logger.setAdditive(true);
        logger.setLevel(levelBefore);
    }

    @Test
    void successLogsMvTaskMethodModePartitionsAndDuration() {
        exec(session, "REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE");
        exec(session, "INSERT INTO t VALUES ('2024-01-02', 3)");
        exec(session, "REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE");
        List<String> taskIds = rows(session, "SELECT TaskId FROM tasks('type' = 'mv') ORDER BY TaskId");

        assertEquals(2, events.list.size(), events.list.toString());
        assertLine(events.list.get(0), Level.INFO, "MV refresh succeeded: mv=d.mv task=" + taskIds.get(0)
                + " trigger=MANUAL method=AUTO mode=COMPLETE partitions=2 duration_ms=");
        assertLine(events.list.get(1), Level.INFO, "MV refresh succeeded: mv=d.mv task=" + taskIds.get(1)
                + " trigger=MANUAL method=AUTO mode=PARTIAL partitions=1 duration_ms=");
    }

    @Test
    void aRefreshWithNothingToDoLogsAtDebug() {
        exec(session, "REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE");
        exec(session, "REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE");
        assertEquals(List.of("COMPLETE", "NOT_REFRESH"), rows(session, "SELECT RefreshMode FROM tasks('type' = 'mv') ORDER BY TaskId"));
        assertEquals(1, events.list.size(), "INFO logs only the refresh that did something: " + events.list);
        logger.setLevel(Level.DEBUG);
        exec(session, "REFRESH MATERIALIZED VIEW mv AUTO WITH SYNC MODE");
        assertEquals(2, events.list.size(), events.list.toString());
        assertLine(events.list.get(1), Level.DEBUG, "MV refresh succeeded: mv=d.mv task=");
        assertTrue(events.list.get(1).getFormattedMessage().contains(" mode=NOT_REFRESH duration_ms="), events.list.toString());
    }

    @Test
    void failureLogsTheError() {
        exec(session, "ALTER TABLE t DROP COLUMN v");
        CairnException e = assertThrows(CairnException.class,
                () -> exec(session, "REFRESH MATERIALIZED VIEW mv COMPLETE WITH SYNC MODE"));
        String taskId = rows(session, "SELECT TaskId FROM tasks('type' = 'mv')").get(0);
        String error = rows(session, "SELECT ErrorMsg FROM tasks('type' = 'mv')").get(0);
        assertTrue(e.getMessage().endsWith(error), e.getMessage());

        assertEquals(1, events.list.size(), events.list.toString());
        ILoggingEvent line = events.list.get(0);
        assertLine(line, Level.WARN, "MV refresh failed: mv=d.mv task=" + taskId + " trigger=MANUAL method=COMPLETE duration_ms=");
        assertTrue(line.getFormattedMessage().endsWith(" error=" + error), line.getFormattedMessage());
    }

    private static void assertLine(ILoggingEvent event, Level level, String start) {
        assertEquals(level, event.getLevel());
        assertTrue(event.getFormattedMessage().startsWith(start), event.getFormattedMessage());
        assertTrue(event.getFormattedMessage().matches(".* duration_ms=\\d+.*"), event.getFormattedMessage());
    }
}
