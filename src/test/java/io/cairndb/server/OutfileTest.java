package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.catalog.FeConfig;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** SELECT .. INTO OUTFILE writes local files as Doris does, inside user_files_secure_path only. */
class OutfileTest {
    @TempDir
    Path dataDir;
    private Path files;
    private Database db;
    private SqlSession s;

    @BeforeEach
    void open() throws Exception {
        files = Files.createDirectories(dataDir.resolve("user_files"));
        FeConfig config = new FeConfig();
        config.setAtStartup("user_files_secure_path", files.toString());
        config.setAtStartup("enable_outfile_to_local", "true");
        db = Database.open(dataDir.resolve("db"), config);
        s = db.open(1, "root", null, "test");
        exec(s, "CREATE DATABASE d");
        exec(s, "USE d");
        exec(s, "CREATE TABLE t (k INT NOT NULL, v VARCHAR(10), b BOOLEAN, n INT, ts DATETIME, p DECIMAL(8, 2)) DUPLICATE KEY(k) "
                + "DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(s, "INSERT INTO t VALUES (1, 'a', true, NULL, '2024-01-02 03:04:05', 1.50), (2, NULL, false, 7, NULL, -2.00), "
                + "(3, 'c,d', NULL, 9, '2024-12-31 23:59:59', 0.05)");
    }

    @AfterEach
    void close() {
        s.close();
        db.close();
    }

    @Test
    void csvIsTheValuesSeparatedByTabsWithNullAsBackslashN() throws Exception {
        List<String> answer = rows(s, "SELECT * FROM t ORDER BY k INTO OUTFILE \"file://" + files + "/out/result_\"");
        assertEquals(1, answer.size());
        String[] cells = answer.get(0).split("\\|");
        assertEquals("1", cells[0], "one file");
        assertEquals("3", cells[1], "three rows");
        assertTrue(cells[3].startsWith("file://" + files.toRealPath() + "/out/result_"), cells[3]);
        Path file = Path.of(cells[3].substring("file://".length()) + "0.csv");
        String text = Files.readString(file);
        assertEquals(Files.size(file), Long.parseLong(cells[2]), "FileSize");
        assertEquals("1\ta\t1\t\\N\t2024-01-02 03:04:05\t1.50\n"
                + "2\t\\N\t0\t7\t\\N\t-2.00\n"
                + "3\tc,d\t\\N\t9\t2024-12-31 23:59:59\t0.05\n", text);
    }

    @Test
    void namesTypesSeparatorsAndTheSuccessFile() throws Exception {
        List<String> answer = rows(s, "SELECT k, v AS label FROM t WHERE k < 3 ORDER BY k INTO OUTFILE \"file://" + files + "/named/x_\" "
                + "FORMAT AS csv_with_names_and_types PROPERTIES (\"column_separator\" = \"||\", \"line_delimiter\" = \"\\r\\n\", "
                + "\"success_file_name\" = \"SUCCESS\")");
        String url = answer.get(0).split("\\|")[3];
        assertEquals("k||label\r\nINT||VARCHAR(10)\r\n1||a\r\n2||\\N\r\n",
                Files.readString(Path.of(url.substring("file://".length()) + "0.csv")));
        assertTrue(Files.exists(files.resolve("named/SUCCESS")));
    }

    @Test
    void filesAreSplitAtMaxFileSizeEachWithItsHeader() throws Exception {
        exec(s, "CREATE TABLE big (k BIGINT NOT NULL, v VARCHAR(40)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(s, "INSERT INTO big SELECT number, concat('value number ', number) FROM numbers(\"number\" = \"400000\")");
        String[] cells = rows(s, "SELECT k, v FROM big INTO OUTFILE \"file://" + files + "/split/b_\" FORMAT AS csv_with_names "
                + "PROPERTIES (\"max_file_size\" = \"5MB\")").get(0).split("\\|");
        int fileCount = Integer.parseInt(cells[0]);
        assertTrue(fileCount >= 2, "more than one file: " + fileCount);
        assertEquals("400000", cells[1]);
        long rowsRead = 0;
        long bytes = 0;
        for (int i = 0; i < fileCount; i++) {
            Path f = Path.of(cells[3].substring("file://".length()) + i + ".csv");
            assertTrue(Files.size(f) <= 5 * 1024 * 1024, f + " is at most 5MB");
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            assertEquals("k\tv", lines.get(0), "each file begins with the names");
            rowsRead += lines.size() - 1;
            bytes += Files.size(f);
        }
        assertEquals(400_000, rowsRead);
        assertEquals(bytes, Long.parseLong(cells[2]));
    }

    @Test
    void parquetReadsBackWithLocal() throws Exception {
        String[] cells = rows(s, "SELECT k, v, p FROM t INTO OUTFILE \"file://" + files + "/pq/r_\" FORMAT AS parquet").get(0).split("\\|");
        assertEquals("1", cells[0]);
        assertEquals("3", cells[1]);
        String name = Path.of(cells[3].substring("file://".length())).getFileName() + "0.parquet";
        assertEquals(List.of("3|6|-0.45"), rows(s, "SELECT count(*), sum(k), sum(p) FROM local(\"file_path\" = \"pq/" + name
                + "\", \"format\" = \"parquet\")"));
    }

    @Test
    void badRequestsAreRefusedAndWriteNothing() throws Exception {
        assertRefused("SELECT * FROM t INTO OUTFILE \"file:///tmp/elsewhere_\"", "file path is not allowed");
        assertRefused("SELECT * FROM t INTO OUTFILE \"file://" + files + "/../up_\"", "can not contain '..' in path");
        assertRefused("SELECT * FROM t INTO OUTFILE \"s3://bucket/x_\"", "INTO OUTFILE s3 storage is not supported");
        assertRefused("SELECT * FROM t INTO OUTFILE \"file://" + files + "/o_\" FORMAT AS orc", "FORMAT AS orc is not supported");
        assertRefused("SELECT * FROM t INTO OUTFILE \"file://" + files + "/o_\" PROPERTIES (\"colum_separator\" = \",\")",
                "Unknown properties: {colum_separator=,}");
        assertRefused("SELECT * FROM t INTO OUTFILE \"file://" + files + "/o_\" PROPERTIES (\"max_file_size\" = \"1MB\")",
                "max_file_size should be between 5MB and 2GB");
        try (Stream<Path> left = Files.list(files)) {
            assertEquals(List.of(), left.toList(), "nothing was written");
        }
    }

    private void assertRefused(String sql, String message) {
        CairnException e = assertThrows(CairnException.class, () -> rows(s, sql), sql);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
