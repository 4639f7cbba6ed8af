package io.cairndb.changelog;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.engine.Sql;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The hidden row columns of a tracked table ({@link ChangelogTables#ROW_TSO},
 * {@link ChangelogTables#ROW_SINCE}) name, on every row, what the changelog says of its key: the
 * TSO of its latest change and that change's SINCE. Random writes on tables of each key shape,
 * checked after every statement, (changelogs need NOT NULL keys), through tracking switched on late, a rebuilding schema change and
 * the upgrade of a data directory whose tables lack the columns.
 */
class ChangelogRowColumnsTest {
    private static final String TRACKED = "PROPERTIES (\"binlog.enable\" = \"true\", \"binlog.need_historical_value\" = \"true\")";

    @Test
    void rowColumnsFollowTheLatestChangeOfTheirKey() throws IOException, SQLException {
        Path dir = Files.createTempDirectory("cairn-rowcols");
        try {
            try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
                exec(s, "CREATE DATABASE d");
                exec(s, "USE d");
                exec(s, "CREATE TABLE single (a INT NOT NULL, v INT, s VARCHAR(8)) UNIQUE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1 " + TRACKED);
                exec(s, "CREATE TABLE pair (a INT NOT NULL, b INT NOT NULL, v INT, s VARCHAR(8)) UNIQUE KEY(a, b) "
                        + "PARTITION BY RANGE(a) (PARTITION p0 VALUES LESS THAN (\"2\"), PARTITION p1 VALUES LESS THAN (\"9\")) "
                        + "DISTRIBUTED BY HASH(a) BUCKETS 1 " + TRACKED);
                exec(s, "CREATE TABLE late (a INT NOT NULL, b INT NOT NULL, v INT, s VARCHAR(8)) UNIQUE KEY(a, b) "
                        + "DISTRIBUTED BY HASH(a) BUCKETS 1 PROPERTIES (\"binlog.enable\" = \"true\")");
                Random rnd = new Random(7);
                for (int i = 0; i < 60; i++) {
                    for (String t : List.of("single", "pair", "late")) {
                        exec(s, statement(rnd, t));
                        if (!t.equals("late") || i > 20) {
                            check(db, t);
                        }
                    }
                    if (i == 20) {
                        // Tracking starts with the history kept so far.
                        exec(s, "ALTER TABLE late SET (\"binlog.need_historical_value\" = \"true\")");
                        check(db, "late");
                    }
                    if (i == 30) {
                        // A column placed before others rebuilds the table.
                        exec(s, "ALTER TABLE pair ADD COLUMN x INT DEFAULT \"5\" AFTER b");
                        check(db, "pair");
                    }
                }
                assertEquals(List.of("a", "b", "x", "v", "s"), rows(s, "SELECT column_name FROM information_schema.columns "
                        + "WHERE table_schema = 'd' AND table_name = 'pair' ORDER BY ordinal_position"));
                assertEquals(5, rows(s, "SELECT * FROM pair LIMIT 1").get(0).split("\\|", -1).length);
                try (Connection c = db.connect()) {
                    // An older data directory: tracked tables without the row columns.
                    for (String column : List.of(ChangelogTables.ROW_TSO, ChangelogTables.ROW_SINCE)) {
                        Sql.execute(c, "ALTER TABLE d.single DROP COLUMN " + column);
                    }
                    c.commit();
                }
            }
            try (Database db = Database.open(dir); SqlSession s = db.open(2, "root", null, "test")) {
                exec(s, "USE d");
                check(db, "single");
                exec(s, "UPDATE single SET v = v + 1");
                check(db, "single");
            }
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted((x, y) -> y.compareTo(x)).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String statement(Random rnd, String t) {
        boolean pair = !t.equals("single");
        int kind = rnd.nextInt(20);
        if (kind < 9) {
            List<String> rows = new ArrayList<>();
            for (int i = rnd.nextInt(6); i >= 0; i--) {
                rows.add("(" + rnd.nextInt(4) + (pair ? ", " + rnd.nextInt(5) : "") + ", " + rnd.nextInt(3) + ", 's" + rnd.nextInt(2) + "')");
            }
            return "INSERT INTO " + t + " (a" + (pair ? ", b" : "") + ", v, s) VALUES " + String.join(", ", rows);
        }
        if (kind < 13) {
            return "UPDATE " + t + " SET v = v + 1 WHERE a = " + rnd.nextInt(4);
        }
        if (kind < 18) {
            return "DELETE FROM " + t + " WHERE a = " + rnd.nextInt(4) + " AND v " + (rnd.nextBoolean() ? "= " : "> ") + rnd.nextInt(3);
        }
        if (kind < 19) {
            return "TRUNCATE TABLE " + t;
        }
        return "INSERT OVERWRITE TABLE " + t + " (a" + (pair ? ", b" : "") + ", v, s) SELECT a" + (pair ? ", b" : "")
                + ", v + 10, s FROM " + t + " WHERE a < 2";
    }

    /** Every row of {@code table} carries its key's latest change in the changelog; a row of a key without one, zeros. */
    private static void check(Database db, String table) {
        List<String> keys = table.equals("single") ? List.of("a") : List.of("a", "b");
        String on = String.join(" AND ", keys.stream().map(k -> "l." + k + " IS NOT DISTINCT FROM r." + k).toList());
        try (Connection c = db.connect()) {
            long id = ((Number) Sql.scalar(c, "SELECT CAST(json_extract(body, '$.id') AS BIGINT) FROM cairn_sys.catalog_objects "
                    + "WHERE kind = 'TABLE' AND db = 'd' AND name = ?", table)).longValue();
            String latest = "SELECT " + String.join(", ", keys) + ", max(__tso) AS tso, arg_max(coalesce(__since, 0), __tso) AS since FROM "
                    + ChangelogTables.name(id) + " GROUP BY ALL";
            List<List<Object>> wrong = Sql.rows(c, "SELECT r.*, l.tso, l.since FROM d." + table + " AS r LEFT JOIN (" + latest + ") AS l ON "
                    + on + " WHERE r." + ChangelogTables.ROW_TSO + " <> coalesce(l.tso, 0) OR r." + ChangelogTables.ROW_SINCE
                    + " <> coalesce(l.since, 0) OR r." + ChangelogTables.ROW_TSO + " IS NULL");
            assertTrue(wrong.isEmpty(), table + ": rows whose row columns differ from the changelog: " + wrong);
            long tracked = ((Number) Sql.scalar(c, "SELECT count(*) FROM d." + table + " WHERE " + ChangelogTables.ROW_TSO + " > 0"))
                    .longValue();
            long stored = ((Number) Sql.scalar(c, "SELECT count(*) FROM d." + table)).longValue();
            assertFalse(stored > 0 && tracked == 0 && !table.equals("late"), table + ": no row names a change");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
