package io.cairndb.mv;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The task history has no primary key (every refresh writes a record, and the ids are unique by
 * construction); an older directory's keyed table keeps its records and loses the key at startup.
 */
class TaskHistoryUpgradeTest {
    @Test
    void olderKeyedHistoryKeepsItsTasksAndLosesTheKey(@TempDir Path dir) throws Exception {
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "INSERT INTO t VALUES (1, 1)");
            exec(s, "CREATE MATERIALIZED VIEW m BUILD DEFERRED REFRESH COMPLETE ON MANUAL AS SELECT k, sum(v) AS s FROM t GROUP BY k");
            exec(s, "REFRESH MATERIALIZED VIEW m COMPLETE WITH SYNC MODE");
        }
        assertEquals(0, primaryKeys(dir));
        // The older layout: the same rows under a primary key on task_id.
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath());
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE cairn_sys.keyed AS SELECT * FROM cairn_sys.mv_tasks LIMIT 0");
            st.execute("ALTER TABLE cairn_sys.keyed ADD PRIMARY KEY (task_id)");
            st.execute("INSERT INTO cairn_sys.keyed SELECT * FROM cairn_sys.mv_tasks");
            st.execute("DROP TABLE cairn_sys.mv_tasks");
            st.execute("ALTER TABLE cairn_sys.keyed RENAME TO mv_tasks");
        }
        assertEquals(1, primaryKeys(dir));
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", "d", "test")) {
            exec(s, "INSERT INTO t VALUES (2, 2)");
            exec(s, "REFRESH MATERIALIZED VIEW m COMPLETE WITH SYNC MODE");
            assertEquals(List.of("SUCCESS|COMPLETE", "SUCCESS|COMPLETE"),
                    rows(s, "SELECT Status, RefreshMode FROM tasks('type' = 'mv') WHERE MvName = 'm' ORDER BY TaskId"));
        }
        assertEquals(0, primaryKeys(dir));
    }

    private static int primaryKeys(Path dir) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("cairn.duckdb").toAbsolutePath());
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM duckdb_constraints() WHERE schema_name = 'cairn_sys' "
                     + "AND table_name = 'mv_tasks' AND constraint_type = 'PRIMARY KEY'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
