package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The background job of dynamic partitioning: changes of the window that ALTER does not apply at
 * once (dynamic partitioning was on already) are applied by the next pass, on its interval or when
 * a pass is run directly.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DynamicPartitionSchedulerTest {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");

    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        // History from 3 days ago, so that a later start has partitions (and rows) to drop.
        exec(session, "CREATE TABLE t (dt DATE, v INT) DUPLICATE KEY(dt) PARTITION BY RANGE(dt) () DISTRIBUTED BY HASH(dt) BUCKETS 1"
                + " PROPERTIES ('dynamic_partition.time_unit' = 'DAY', 'dynamic_partition.start' = '-3',"
                + " 'dynamic_partition.end' = '1', 'dynamic_partition.create_history_partition' = 'true',"
                + " 'dynamic_partition.time_zone' = 'UTC')");
        exec(session, "INSERT INTO t VALUES ('" + today().minusDays(3) + "', 1), ('" + today() + "', 2)");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    private static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    private static List<String> names(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            out.add("p" + DAY.format(today().plusDays(i)));
        }
        return out;
    }

    private List<String> partitions() {
        return rows(session, "SHOW PARTITIONS FROM t").stream().map(r -> r.split("\\|")[1]).toList();
    }

    @Test
    void passOnItsIntervalDropsBehindStartAndCreatesAhead() throws InterruptedException {
        assertEquals(names(-3, 1), partitions());
        exec(session, "ALTER TABLE t SET ('dynamic_partition.start' = '-1', 'dynamic_partition.end' = '3')");
        // Dynamic partitioning was on already: nothing changes until the job runs (every 600 s by default).
        assertEquals(names(-3, 1), partitions());
        exec(session, "ADMIN SET FRONTEND CONFIG ('dynamic_partition_check_interval_seconds' = '1')");
        long deadline = System.currentTimeMillis() + 20_000;
        while (!partitions().equals(names(-1, 3)) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(names(-1, 3), partitions());
        assertEquals(List.of("2"), rows(session, "SELECT v FROM t"));
        List<String> status = rows(session, "SHOW DYNAMIC PARTITION TABLES");
        assertEquals(1, status.size());
        String[] cells = status.get(0).split("\\|");
        assertNotEquals("N/A", cells[11], "LastSchedulerTime");
        assertEquals("NORMAL", cells[12]);
    }

    @Test
    void passRunDirectlyAppliesTheWindowAndSkipsDisabledTables() {
        exec(session, "ALTER TABLE t SET ('dynamic_partition.end' = '2')");
        // The timer pauses; only the passes run here change the table.
        exec(session, "ADMIN SET FRONTEND CONFIG ('dynamic_partition_enable' = 'false')");
        assertEquals(names(-3, 1), partitions());
        assertEquals(1, db.runDynamicPartitionPass());
        assertEquals(names(-3, 2), partitions());
        assertEquals(0, db.runDynamicPartitionPass(), "a second pass finds nothing to do");
        exec(session, "ALTER TABLE t SET ('dynamic_partition.enable' = 'false', 'dynamic_partition.end' = '3')");
        assertEquals(0, db.runDynamicPartitionPass(), "a disabled table is left alone");
        assertEquals(names(-3, 2), partitions());
    }
}
