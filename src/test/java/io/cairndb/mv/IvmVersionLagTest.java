package io.cairndb.mv;

import static io.cairndb.sqltest.SessionSql.differences;
import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;

/**
 * A refresh reads the base partition versions before its snapshot begins, so it can read a commit
 * whose new versions are not yet published (the writer publishes right after its commit). Here that
 * moment is held still by publishing a table's previous entry again after a write, and the real one
 * after the refresh: an incremental MV must end in sync with correct rows, neither stale forever (a
 * refresh that finds nothing to apply records the versions it read) nor missing the change (a
 * refresh that rebuilds partitions rebuilds each one a consumed change feeds).
 */
class IvmVersionLagTest {
    private static final String DAILY = "SELECT dt, count(*) AS n, sum(v) AS s FROM pf GROUP BY dt";
    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE pf (dt DATE NOT NULL, id INT NOT NULL, v INT) UNIQUE KEY(dt, id) "
                + "PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-04') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                + "PROPERTIES ('binlog.enable' = 'true', 'binlog.need_historical_value' = 'true')");
        exec(session, "INSERT INTO pf VALUES ('2024-01-01', 1, 10), ('2024-01-02', 2, 20), ('2024-01-03', 3, 30)");
        exec(session, "CREATE MATERIALIZED VIEW daily BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL PARTITION BY (dt) AS " + DAILY);
        exec(session, "REFRESH MATERIALIZED VIEW daily AUTO WITH SYNC MODE");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void aRefreshThatReadAnUnpublishedCommitDoesNotLeaveTheMvStale() throws Exception {
        // A published change makes the refresh read the streams, which hold the unpublished one too.
        exec(session, "INSERT INTO pf VALUES ('2024-01-01', 5, 100)");
        TableMeta published = writeUnpublished("INSERT INTO pf VALUES ('2024-01-02', 4, 5)");
        exec(session, "REFRESH MATERIALIZED VIEW daily INCREMENTAL WITH SYNC MODE");
        publish(published);
        exec(session, "REFRESH MATERIALIZED VIEW daily AUTO WITH SYNC MODE");
        assertEquals(List.of("0", "0"), differences(session, "daily", DAILY));
        assertEquals(List.of("1"), rows(session, "SELECT SyncWithBaseTables FROM mv_infos('database' = 'd') WHERE Name = 'daily'"));
    }

    @Test
    void aPartitionRefreshRebuildsThePartitionsOfEveryChangeItConsumes() throws Exception {
        exec(session, "INSERT INTO pf VALUES ('2024-01-01', 5, 100)");
        TableMeta published = writeUnpublished("INSERT INTO pf VALUES ('2024-01-03', 6, 1000)");
        // Only 2024-01-01 looks stale; the stream holds the change of 2024-01-03 too, and moves past it.
        exec(session, "REFRESH MATERIALIZED VIEW daily PARTITIONS WITH SYNC MODE");
        publish(published);
        exec(session, "REFRESH MATERIALIZED VIEW daily AUTO WITH SYNC MODE");
        assertEquals(List.of("0", "0"), differences(session, "daily", DAILY));
        assertEquals(List.of("2024-01-01|2|110", "2024-01-02|1|20", "2024-01-03|2|1030"), rows(session,
                "SELECT * FROM daily ORDER BY dt"));
        assertEquals(List.of("1"), rows(session, "SELECT SyncWithBaseTables FROM mv_infos('database' = 'd') WHERE Name = 'daily'"));
    }

    /**
     * Runs {@code write} and then publishes pf's entry as it was before it: the write is committed and
     * its versions not yet seen. Returns the entry to publish later.
     */
    private TableMeta writeUnpublished(String write) throws Exception {
        TableMeta before = table();
        exec(session, write);
        TableMeta after = table();
        publish(before);
        return after;
    }

    private TableMeta table() throws Exception {
        try (Connection c = db.connect()) {
            return db.context(new Txn(c), "d").catalog().table("d", "pf");
        }
    }

    private void publish(TableMeta t) throws Exception {
        try (Connection c = db.connect()) {
            StatementContext ctx = db.context(new Txn(c), "d");
            ctx.catalog().publishTable(t);
        }
    }
}
