package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Data sizes (SHOW DATA, SHOW PARTITIONS' DataSize, SHOW TABLE STATUS and information_schema.tables
 * DATA_LENGTH) measure the table's storage: they grow with its rows, agree with one another, and
 * fall when DuckDB compresses the rows at a checkpoint.
 */
class DataSizesTest {
    private static final int DATA_SIZE = 14;
    private static final Pattern SIZE = Pattern.compile("(\\d+\\.\\d{3}) (B|KB|MB|GB|TB)?");

    @Test
    void sizesGrowWithTheRowsAndAgreeAcrossTheShows() {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE small (k BIGINT, v BIGINT, name VARCHAR(20)) DUPLICATE KEY(k) "
                    + "PARTITION BY RANGE(k) (PARTITION p1 VALUES LESS THAN (500000), PARTITION p2 VALUES LESS THAN (MAXVALUE)) "
                    + "DISTRIBUTED BY HASH(k) BUCKETS 2");
            exec(s, "CREATE TABLE big LIKE small");
            exec(s, "INSERT INTO small SELECT number, number * 3, concat('n', number) FROM numbers('number' = '10000')");
            exec(s, "INSERT INTO big SELECT number, number * 3, concat('n', number) FROM numbers('number' = '1000000')");

            long small = dataLength(s, "small");
            long big = dataLength(s, "big");
            assertTrue(small > 10_000 * 8, "small: " + small);
            assertTrue(big > 50 * small, "big " + big + " vs small " + small);
            // Not more than the rows take uncompressed: 2 columns of 8 bytes, a string of up to 7 chars and its
            // offset, and a bit per value saying whether it is NULL.
            assertTrue(big <= 1_000_000L * (8 + 8 + 4 + 7) + 3 * 1_000_000L / 8 + 64 * 1024, "big: " + big);

            // SHOW DATA: each table, its tablets (2 partitions x 2 buckets), then Total, Quota, Left.
            List<String> data = SessionSql.rows(s, "SHOW DATA");
            assertEquals(5, data.size(), data.toString());
            assertEquals("big|" + SizesFormat.of(big) + "|4", data.get(0));
            assertEquals("small|" + SizesFormat.of(small) + "|4", data.get(1));
            assertEquals("Total|" + SizesFormat.of(big + small) + "|8", data.get(2));
            assertEquals("Quota|1024.000 TB|1073741824", data.get(3));
            assertTrue(data.get(4).startsWith("Left|1024.000 TB|1073741816"), data.get(4));
            assertEquals("small|" + SizesFormat.of(small) + "|4",
                    SessionSql.rows(s, "SHOW DATA ORDER BY Size").get(0));

            // SHOW DATA FROM a table: its indexes with their rows.
            List<String> one = SessionSql.rows(s, "SHOW DATA FROM d.big");
            assertEquals(List.of("big|big|" + SizesFormat.of(big) + "|4|1000000", "|Total|" + SizesFormat.of(big) + "|4|"), one);
            assertEquals(one, SessionSql.rows(s, "SHOW DATA FROM big"));

            // SHOW PARTITIONS: the table's bytes shared by the partitions' rows.
            double[] partitionBytes = partitionSizes(s, "big");
            assertEquals(2, partitionBytes.length);
            assertTrue(Math.abs(partitionBytes[0] - partitionBytes[1]) < 0.01 * big, java.util.Arrays.toString(partitionBytes));
            assertTrue(Math.abs(partitionBytes[0] + partitionBytes[1] - big) < 0.01 * big, java.util.Arrays.toString(partitionBytes));

            // SHOW TABLE STATUS: Data_length and Avg_row_length.
            List<String> status = SessionSql.rows(s, "SHOW TABLE STATUS LIKE 'big'");
            String[] cols = status.get(0).split("\\|", -1);
            assertEquals("1000000", cols[4]);
            assertEquals(Long.toString(big / 1_000_000), cols[5]);
            assertEquals(Long.toString(big), cols[6]);

        }
    }

    @Test
    void aCheckpointStoresTheRowsCompressedAndTheSizeFalls(@TempDir Path dir) {
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "CREATE TABLE d.t (k BIGINT, v BIGINT, name VARCHAR(20)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(s, "INSERT INTO d.t SELECT number, number % 10, concat('n', number % 100) FROM numbers('number' = '100000')");
            long before = dataLength(s, "t");
            db.engine().checkpoint();
            exec(s, "INSERT INTO d.t VALUES (1, 1, 'x')");
            long after = dataLength(s, "t");
            assertTrue(after < before / 4, "after checkpoint " + after + " vs before " + before);
            assertTrue(after > 10_000, "after checkpoint " + after);
        }
    }

    @Test
    void aViewHasNoSizeAndAnEmptyTableNone() {
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "USE d");
            exec(s, "CREATE TABLE e (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 3");
            exec(s, "CREATE VIEW v AS SELECT * FROM e");
            assertEquals(List.of("e|0|0|0", "v|null|null|null"), SessionSql.rows(s,
                    "SELECT TABLE_NAME, TABLE_ROWS, DATA_LENGTH, INDEX_LENGTH FROM information_schema.tables "
                            + "WHERE TABLE_SCHEMA = 'd' ORDER BY TABLE_NAME"));
            assertEquals(List.of("e|0.000 |3", "Total|0.000 |3", "Quota|1024.000 TB|1073741824", "Left|1024.000 TB|1073741821"),
                    SessionSql.rows(s, "SHOW DATA"));
        }
    }

    private static long dataLength(SqlSession s, String table) {
        return Long.parseLong(SessionSql.rows(s, "SELECT DATA_LENGTH FROM information_schema.tables WHERE TABLE_SCHEMA = 'd' "
                + "AND TABLE_NAME = '" + table + "'").get(0));
    }

    private static double[] partitionSizes(SqlSession s, String table) {
        List<String> rows = SessionSql.rows(s, "SHOW PARTITIONS FROM d." + table);
        double[] out = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Matcher m = SIZE.matcher(rows.get(i).split("\\|", -1)[DATA_SIZE]);
            assertTrue(m.matches(), rows.get(i));
            String unit = m.group(2) == null ? "" : m.group(2);
            out[i] = Double.parseDouble(m.group(1)) * switch (unit) {
                case "KB" -> 1024.0;
                case "MB" -> 1024.0 * 1024;
                case "GB" -> 1024.0 * 1024 * 1024;
                default -> 1.0;
            };
        }
        return out;
    }

    /** Doris's size text, written out independently of the product's formatter. */
    private static final class SizesFormat {
        static String of(long bytes) {
            if (bytes >= 1L << 30) {
                return String.format(java.util.Locale.ROOT, "%.3f GB", bytes / (double) (1L << 30));
            }
            if (bytes >= 1L << 20) {
                return String.format(java.util.Locale.ROOT, "%.3f MB", bytes / (double) (1L << 20));
            }
            if (bytes >= 1L << 10) {
                return String.format(java.util.Locale.ROOT, "%.3f KB", bytes / (double) (1L << 10));
            }
            return bytes == 0 ? "0.000 " : String.format(java.util.Locale.ROOT, "%.3f B", (double) bytes);
        }
    }
}
