package io.cairndb.changelog;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A survey of streams spares the look-up of bulk-removal markers when the in-memory bounds say there
 * are none; a write that raised its bound after they were read, and committed before the survey's
 * snapshot began, is found by reading the bounds again once the survey ran.
 */
class SurveyBoundsRaceTest {
    /** Bounds that see no marker when first asked, and the marker from then on: the writer came in between. */
    private static final class RisingBounds extends ChangelogBounds {
        private int asked;

        @Override
        public boolean mayHaveMarkerAfter(long tableId, long tso) {
            return asked++ > 0;
        }

        @Override
        public boolean mayStartAfter(long tableId, long tso) {
            return false;
        }
    }

    /** Bounds that never see anything: what a reader without the second look would rely on. */
    private static final class BlindBounds extends ChangelogBounds {
        @Override
        public boolean mayHaveMarkerAfter(long tableId, long tso) {
            return false;
        }

        @Override
        public boolean mayStartAfter(long tableId, long tso) {
            return false;
        }
    }

    @Test
    void aBoundRaisedWhileTheSurveyBeganIsLookedUpInTheSameSnapshot() throws Exception {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES ('binlog.enable' = 'true')");
            exec(s, "CREATE TABLE sink (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "CREATE STREAM st ON TABLE t");
            exec(s, "INSERT INTO t VALUES (1, 1), (2, 2)");
            exec(s, "INSERT INTO sink SELECT k, v FROM st");
            exec(s, "TRUNCATE TABLE t");
            try (Connection c = db.connect()) {
                StatementContext ctx = db.context(new Txn(c), "d");
                StreamMeta stream = ctx.catalog().stream("d", "st");
                TableMeta table = ctx.catalog().table("d", "t");
                List<Map<Long, Long>> unknown = Arrays.asList((Map<Long, Long>) null);
                assertFalse(StreamOffsets.pending(c, List.of(stream), List.of(table), unknown, new BlindBounds()).get(0).bulkRemoval());
                c.rollback();
                assertTrue(StreamOffsets.pending(c, List.of(stream), List.of(table), unknown, new RisingBounds()).get(0).bulkRemoval());
                c.rollback();
            }
        }
    }
}
