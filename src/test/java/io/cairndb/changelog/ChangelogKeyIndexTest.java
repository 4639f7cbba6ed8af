package io.cairndb.changelog;

import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.sql.Connection;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A tracked changelog (before images, one key column) has an index on its key, however its tracking began. */
class ChangelogKeyIndexTest {
    private static long indexes(Database db, String table) throws Exception {
        try (Connection c = db.connect()) {
            long id = db.context(new Txn(c), "d").catalog().table("d", table).id();
            return ((Number) io.cairndb.engine.Sql.scalar(c, "SELECT count(*) FROM duckdb_indexes() WHERE index_name = 'changelog_"
                    + id + "_key'")).longValue();
        }
    }

    @Test
    void createdTrackedAndTrackedByAlterAreIndexed() throws Exception {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE born (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES "
                    + "('binlog.enable' = 'true', 'binlog.need_historical_value' = 'true')");
            exec(s, "CREATE TABLE later (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES "
                    + "('binlog.enable' = 'true')");
            assertEquals(1, indexes(db, "born"));
            assertEquals(0, indexes(db, "later"), "untracked: nothing looks its keys up");
            exec(s, "ALTER TABLE later SET ('binlog.need_historical_value' = 'true')");
            assertEquals(1, indexes(db, "later"));
        }
    }
}
