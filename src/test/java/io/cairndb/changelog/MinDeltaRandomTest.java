package io.cairndb.changelog;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Differential test of MIN_DELTA: random upserts, updates, deletes (and the odd TRUNCATE) on a
 * small key space, one statement a minute, then MIN_DELTA over random windows (and partitions)
 * against the net change per key computed here from the DETAIL changes of the same window.
 */
class MinDeltaRandomTest {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final LocalDateTime BASE = LocalDateTime.of(2024, 1, 1, 0, 0);
    private static final int STATEMENTS = 30;

    @Test
    void minDeltaIsTheNetChangeOfEachKey() throws IOException {
        Path dir = Files.createTempDirectory("cairn-mindelta");
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "SET time_zone = 'UTC'");
            for (int seed = 0; seed < 10; seed++) {
                run(s, seed);
            }
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted((x, y) -> y.compareTo(x)).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** One workload on its own table, a day after the previous one (commit times only go forward). */
    private static void run(SqlSession s, int seed) {
        Random rnd = new Random(seed);
        LocalDateTime base = BASE.plusDays(seed);
        String t = "t" + seed;
        exec(s, "SET cairn_debug_commit_time = '" + base.minusMinutes(1).format(TIME) + "'");
        exec(s, "CREATE TABLE " + t + " (a INT NOT NULL, b INT NOT NULL, v INT, s VARCHAR(8)) UNIQUE KEY(a, b) "
                + "PARTITION BY RANGE(a) (PARTITION p0 VALUES LESS THAN (\"2\"), PARTITION p1 VALUES LESS THAN (\"9\")) "
                + "DISTRIBUTED BY HASH(a) BUCKETS 1 PROPERTIES (\"changelog.enable\" = \"true\", "
                + "\"changelog.need_historical_value\" = \"true\", \"changelog.ttl_seconds\" = \"315360000\")");
        for (int i = 0; i < STATEMENTS; i++) {
            exec(s, "SET cairn_debug_commit_time = '" + base.plusMinutes(i).format(TIME) + "'");
            exec(s, statement(rnd, t, seed % 3 == 0));
        }
        String columns = "SELECT a, b, v, s, __DORIS_CHANGELOG_OP__, __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__ FROM " + t;
        for (int q = 0; q < 20; q++) {
            int from = rnd.nextInt(STATEMENTS + 1);
            int to = from + rnd.nextInt(STATEMENTS + 2 - from);
            List<String> params = new ArrayList<>();
            if (rnd.nextInt(6) > 0) {
                params.add("\"startTimestamp\" = \"" + base.plusMinutes(from).format(TIME) + "\"");
            }
            if (rnd.nextInt(3) > 0) {
                params.add("\"endTimestamp\" = \"" + base.plusMinutes(to).format(TIME) + "\"");
            }
            String partition = rnd.nextInt(4) == 0 ? " PARTITION (p" + rnd.nextInt(2) + ")" : "";
            List<String> detailParams = new ArrayList<>(params);
            detailParams.add("\"incrementType\" = \"DETAIL\"");
            String detail = columns + "@incr(" + String.join(", ", detailParams) + ")" + partition
                    + " ORDER BY __DORIS_CHANGELOG_TSO__, __DORIS_CHANGELOG_LSN__";
            String minDelta = columns + "@incr(" + String.join(", ", params) + ")" + partition;
            List<String> expected = netChange(rows(s, detail));
            List<String> actual = rows(s, minDelta);
            expected.sort(null);
            actual.sort(null);
            assertEquals(String.join("\n", expected), String.join("\n", actual), "seed " + seed + ": " + minDelta);
        }
    }

    /** Upserts (a key may repeat in one), updates, deletes and, when {@code truncates}, the odd TRUNCATE. */
    private static String statement(Random rnd, String t, boolean truncates) {
        int kind = rnd.nextInt(20);
        if (kind < 9) {
            List<String> rows = new ArrayList<>();
            for (int i = rnd.nextInt(6); i >= 0; i--) {
                rows.add("(" + rnd.nextInt(4) + ", " + rnd.nextInt(5) + ", " + rnd.nextInt(3) + ", 's" + rnd.nextInt(2) + "')");
            }
            return "INSERT INTO " + t + " VALUES " + String.join(", ", rows);
        }
        if (kind < 13) {
            return "UPDATE " + t + " SET v = v + 1 WHERE a = " + rnd.nextInt(4) + (rnd.nextBoolean() ? " AND b < 3" : "");
        }
        if (kind < 19 || !truncates) {
            return "DELETE FROM " + t + " WHERE a = " + rnd.nextInt(4) + " AND b " + (rnd.nextBoolean() ? "= " : "> ") + rnd.nextInt(5);
        }
        return "TRUNCATE TABLE " + t + " PARTITION (p" + rnd.nextInt(2) + ")";
    }

    /** The window consolidation: a key's first change tells its state at the start, its last one at the end. */
    private static List<String> netChange(List<String> detail) {
        Map<String, List<String[]>> byKey = new LinkedHashMap<>();
        for (String row : detail) {
            String[] cells = row.split("\\|", -1);
            byKey.computeIfAbsent(cells[0] + "|" + cells[1], k -> new ArrayList<>()).add(cells);
        }
        List<String> out = new ArrayList<>();
        for (List<String[]> changes : byKey.values()) {
            String[] first = changes.get(0);
            String[] last = changes.get(changes.size() - 1);
            boolean existedAtStart = first[4].equals("1") || first[4].equals("2");
            boolean existsAtEnd = last[4].equals("0") || last[4].equals("3");
            if (existedAtStart) {
                out.add(with(first, existsAtEnd ? "2" : "1"));
            }
            if (existsAtEnd) {
                out.add(with(last, existedAtStart ? "3" : "0"));
            }
        }
        return out;
    }

    private static String with(String[] cells, String op) {
        String[] copy = cells.clone();
        copy[4] = op;
        return String.join("|", copy);
    }


}
