package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.catalog.FeConfig;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** EXPORT TABLE writes local files as SELECT .. INTO OUTFILE does, inside user_files_secure_path, and SHOW EXPORT lists its job. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dataDir;
    private Path files;
    private Database db;
    private SqlSession s;

    @BeforeEach
    void open() throws Exception {
        files = Files.createDirectories(dataDir.resolve("user_files")).toRealPath();
        FeConfig config = new FeConfig();
        config.setAtStartup("user_files_secure_path", files.toString());
        config.setAtStartup("enable_outfile_to_local", "true");
        db = Database.open(dataDir.resolve("db"), config);
        s = db.open(1, "root", null, "test");
        exec(s, "CREATE DATABASE d");
        exec(s, "USE d");
        exec(s, "CREATE TABLE t (d DATE NOT NULL, k INT NOT NULL, v VARCHAR(10), b BOOLEAN) DUPLICATE KEY(d, k) "
                + "PARTITION BY RANGE(d) (PARTITION p1 VALUES LESS THAN ('2024-02-01'), PARTITION p2 VALUES LESS THAN ('2024-03-01')) "
                + "DISTRIBUTED BY HASH(k) BUCKETS 2");
        exec(s, "INSERT INTO t VALUES ('2024-01-05', 1, 'a', true), ('2024-01-06', 2, NULL, false), ('2024-02-07', 3, 'c,d', NULL)");
    }

    @AfterEach
    void close() {
        s.close();
        db.close();
    }

    @Test
    void everyRowIsWrittenAndTheJobFinishes() throws Exception {
        exec(s, "EXPORT TABLE t TO \"file://" + files + "/all/t_\" PROPERTIES (\"label\" = \"everything\")");
        Map<String, String> job = job("everything");
        assertEquals("FINISHED", job.get("State"));
        assertEquals("100%", job.get("Progress"));
        assertEquals("file://" + files + "/all/t_", job.get("Path"));
        assertEquals("NULL", job.get("ErrorMsg"));
        assertEquals("900", job.get("Timeout"), "the session's query_timeout");
        assertTrue(!job.get("CreateTime").equals("NULL") && !job.get("FinishTime").equals("NULL"), job.toString());
        JsonNode info = JSON.readTree(job.get("TaskInfo"));
        assertEquals("d", info.get("db").asText());
        assertEquals("t", info.get("tbl").asText());
        assertEquals("[\"*\"]", info.get("partitions").toString());
        assertEquals("csv", info.get("format").asText());
        assertEquals(4, info.get("tablet_num").asInt(), "2 partitions x 2 buckets");
        JsonNode written = JSON.readTree(job.get("OutfileInfo")).get(0).get(0);
        assertEquals("1", written.get("fileNumber").asText());
        assertEquals("3", written.get("totalRows").asText());
        String url = written.get("url").asText();
        assertTrue(url.startsWith("file://" + files + "/all/t_"), url);
        Path file = Path.of(url.substring("file://".length()) + "0.csv");
        assertEquals(Files.size(file), written.get("fileSize").asLong());
        assertEquals("2024-01-05\t1\ta\t1\n2024-01-06\t2\t\\N\t0\n2024-02-07\t3\tc,d\t\\N\n", Files.readString(file));
        assertEquals(List.of(file), list(files.resolve("all")));
    }

    @Test
    void partitionsColumnsWhereAndFileOptionsChooseWhatIsWritten() throws Exception {
        exec(s, "INSERT INTO t VALUES ('2024-01-09', 4, 'e', true)");
        exec(s, "EXPORT TABLE t PARTITION (p1) WHERE k > 1 TO \"file://" + files + "/some/\" PROPERTIES (\"label\" = \"some\", "
                + "\"columns\" = \"V, k\", \"format\" = \"csv_with_names\", \"column_separator\" = \"|\", \"line_delimiter\" = \"\\r\\n\", "
                + "\"with_bom\" = \"true\")");
        Path file = single(files.resolve("some"));
        assertEquals("\uFEFFv|k\r\n\\N|2\r\ne|4\r\n", Files.readString(file, StandardCharsets.UTF_8));
        JsonNode info = JSON.readTree(job("some").get("TaskInfo"));
        assertEquals("[\"p1\"]", info.get("partitions").toString());
        assertEquals("v,k", info.get("columns").asText(), "as the table spells them");
        assertEquals("k > 1", info.get("where expr").asText());
        assertEquals(2, info.get("tablet_num").asInt());
        // The column list is CairnDB's spelling of the "columns" property.
        exec(s, "EXPORT TABLE t (k) WHERE d >= '2024-02-01' TO \"file://" + files + "/list/\"");
        assertEquals("3\n", Files.readString(single(files.resolve("list"))));
    }

    @Test
    void parquetReadsBackWithLocal() throws Exception {
        exec(s, "EXPORT TABLE t TO \"file://" + files + "/pq/r_\" PROPERTIES (\"format\" = \"parquet\", \"compress_type\" = \"ZSTD\")");
        Path file = single(files.resolve("pq"));
        assertTrue(file.getFileName().toString().endsWith("_0.parquet"), file.toString());
        assertEquals(List.of("3|6|a|c,d"), rows(s, "SELECT count(*), sum(k), min(v), max(v) FROM local(\"file_path\" = \"pq/"
                + file.getFileName() + "\", \"format\" = \"parquet\")"));
    }

    @Test
    void aLabelNamesOneJobUntilThatJobIsCancelled() throws Exception {
        exec(s, "EXPORT TABLE t TO \"file://" + files + "/one/\" PROPERTIES (\"label\" = \"once\")");
        assertRefused("EXPORT TABLE t TO \"file://" + files + "/two/\" PROPERTIES (\"label\" = \"once\")",
                "Label [once] has already been used.");
        assertTrue(Files.notExists(files.resolve("two")), "the refused export wrote nothing");
        // An export that fails is CANCELLED with its error, and its label can be used again.
        assertRefused("EXPORT TABLE t WHERE sleep(5) TO \"file://" + files + "/slow/\" PROPERTIES (\"label\" = \"late\", "
                + "\"timeout\" = \"1\")", "query is timeout, killed by timeout checker");
        Map<String, String> failed = job("late");
        assertEquals("CANCELLED", failed.get("State"));
        assertEquals("1", failed.get("Timeout"));
        assertEquals("type:RUN_FAIL; msg:Query execution was interrupted", failed.get("ErrorMsg"));
        assertEquals("NULL", failed.get("OutfileInfo"));
        exec(s, "EXPORT TABLE t TO \"file://" + files + "/again/\" PROPERTIES (\"label\" = \"late\")");
        assertEquals(List.of("CANCELLED", "FINISHED"), rows(s, "SHOW EXPORT WHERE LABEL = 'late'").stream()
                .map(r -> r.split("\\|")[2]).toList());
        assertEquals(3, rows(s, "SHOW EXPORT").size());
        assertEquals(List.of("once", "late"), rows(s, "SHOW EXPORT WHERE STATE = 'finished'").stream()
                .map(r -> r.split("\\|")[1]).toList());
        assertEquals(List.of("late", "late", "once"), rows(s, "SHOW EXPORT FROM d WHERE LABEL LIKE '%' ORDER BY Label LIMIT 3")
                .stream().map(r -> r.split("\\|")[1]).toList());
        String id = rows(s, "SHOW EXPORT WHERE LABEL = 'once'").get(0).split("\\|")[0];
        assertEquals(List.of(id), rows(s, "SHOW EXPORT WHERE ID = " + id).stream().map(r -> r.split("\\|")[0]).toList());
        assertRefused("CANCEL EXPORT WHERE LABEL = 'once'", "All export job(s) are at final state (CANCELLED/FINISHED)");
    }

    @Test
    void cancelExportStopsARunningExport() throws Exception {
        try (SqlSession other = db.open(2, "root", "d", "test")) {
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> exec(s, "EXPORT TABLE t WHERE sleep(20) TO \"file://"
                    + files + "/cancelled/\" PROPERTIES (\"label\" = \"slow\")"));
            long deadline = System.currentTimeMillis() + 30_000;
            while (!rows(other, "SHOW EXPORT WHERE STATE = 'EXPORTING'").toString().contains("|slow|")) {
                assertTrue(System.currentTimeMillis() < deadline, "the export never ran");
                Thread.sleep(20);
            }
            long cancelled = System.nanoTime();
            exec(other, "CANCEL EXPORT FROM d WHERE LABEL LIKE 'sl%' AND STATE = 'EXPORTING'");
            ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(30, TimeUnit.SECONDS));
            assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - cancelled) < 10, "the export stopped at once");
            assertTrue(e.getCause().getMessage().contains("Export job [slow] was cancelled"), e.getCause().getMessage());
            Map<String, String> job = job("slow");
            assertEquals("CANCELLED", job.get("State"));
            assertEquals("type:USER_CANCEL; msg:user cancel", job.get("ErrorMsg"));
            assertEquals(List.of("1"), rows(s, "SELECT 1"), "the session goes on");
        }
    }

    @Test
    void badRequestsWriteNothingAndRecordNoJob() throws Exception {
        assertRefused("EXPORT TABLE t TO \"file:///tmp/elsewhere_\"", "file path is not allowed");
        assertRefused("EXPORT TABLE t TO \"file://" + files + "/../up_\"", "can not contain '..' in path");
        assertRefused("EXPORT TABLE t TO \"s3://bucket/x_\"", "EXPORT s3 storage is not supported");
        assertRefused("EXPORT TABLE t TO \"file://" + files + "/o/x_\" PROPERTIES (\"format\" = \"orc\")", "format orc is not supported");
        assertRefused("EXPORT TABLE t TO \"file://" + files + "/o/x_\" PROPERTIES (\"colum_separator\" = \",\")",
                "Invalid property key: [colum_separator]");
        assertRefused("EXPORT TABLE t PARTITION (p3) TO \"file://" + files + "/o/x_\"", "Partition [p3] does not exist in Table[t]");
        assertRefused("EXPORT TABLE t WHERE nope = 1 TO \"file://" + files + "/o/x_\"", "Unknown column 'nope'");
        try (Stream<Path> left = Files.list(files)) {
            assertEquals(List.of(), left.toList(), "nothing was written");
        }
        assertEquals(List.of(), rows(s, "SHOW EXPORT"));
    }

    /** The SHOW EXPORT row of the job with this label, by column. */
    private Map<String, String> job(String label) {
        List<StatementResult> results = s.execute("SHOW EXPORT WHERE LABEL = '" + label + "'");
        Map<String, String> out = new HashMap<>();
        try (RowResult r = (RowResult) results.get(0)) {
            assertTrue(r.next(), "a job labelled " + label);
            for (int i = 0; i < r.columns().size(); i++) {
                Object v = r.value(i);
                out.put(r.columns().get(i).name(), v == null ? "NULL" : v.toString());
            }
        }
        return out;
    }

    private static List<Path> list(Path dir) throws Exception {
        try (Stream<Path> in = Files.list(dir)) {
            return in.sorted().toList();
        }
    }

    private static Path single(Path dir) throws Exception {
        List<Path> in = list(dir);
        assertEquals(1, in.size(), in.toString());
        return in.get(0);
    }

    private void assertRefused(String sql, String message) {
        CairnException e = assertThrows(CairnException.class, () -> exec(s, sql), sql);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
