package io.cairndb.server.http;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Stream Load through the HTTP port, as curl and HTTP clients send it: basic authentication with the
 * MySQL protocol's accounts, Expect: 100-continue, Doris's headers and its JSON answer, exactly-once
 * by label, and the loading user's privileges.
 */
class StreamLoadTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Database db;
    private HttpServer http;
    private SqlSession root;

    @BeforeEach
    void start() {
        db = Database.open(dir.resolve("data"));
        http = new HttpServer(db);
        http.start("127.0.0.1", 0);
        root = db.open(1, "root", null, "test");
        exec(root, "CREATE DATABASE d");
        exec(root, "CREATE TABLE d.t (k INT, name VARCHAR(10), v DOUBLE) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(root, "CREATE TABLE d.u (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
    }

    @AfterEach
    void stop() {
        root.close();
        http.close();
        db.close();
    }

    private JsonNode load(String user, String password, String table, String body, Map<String, String> headers) throws Exception {
        HttpResponse<String> r = put(user, password, table, body, headers);
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> put(String user, String password, String table, String body, Map<String, String> headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + "/api/d/" + table + "/_stream_load"))
                .expectContinue(true)
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .PUT(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void csvLoadsOnceByLabel() throws Exception {
        JsonNode r = load("root", "", "t", "1\ta\t1.5\n2\tb\t2.5\n3\tc\t3.5\n", Map.of("label", "first"));
        assertEquals("Success", r.get("Status").asText(), r.toString());
        assertEquals("first", r.get("Label").asText());
        assertEquals(3, r.get("NumberTotalRows").asLong());
        assertEquals(3, r.get("NumberLoadedRows").asLong());
        assertEquals(0, r.get("NumberFilteredRows").asLong());
        assertTrue(r.get("TxnId").asLong() > 0, r.toString());
        assertEquals(24, r.get("LoadBytes").asLong());
        assertEquals(List.of("1|a|1.5", "2|b|2.5", "3|c|3.5"), rows(root, "SELECT * FROM d.t ORDER BY k"));
        exec(root, "USE d");
        String[] job = rows(root, "SHOW LOAD WHERE Label = 'first'").get(0).split("\\|");
        assertEquals(List.of("first", "FINISHED", "STREAM_LOAD", r.get("TxnId").asText()),
                List.of(job[1], job[2], job[4], job[15]));
        assertEquals("BACKEND_STREAMING", rows(root, "SHOW TRANSACTION WHERE LABEL = 'first'").get(0).split("\\|")[4]);

        JsonNode again = load("root", "", "t", "4\td\t4.5\n", Map.of("label", "first"));
        assertEquals("Label Already Exists", again.get("Status").asText(), again.toString());
        assertEquals("FINISHED", again.get("ExistingJobStatus").asText());
        assertEquals(List.of("3"), rows(root, "SELECT count(*) FROM d.t"));
    }

    @Test
    void columnsExpressionsWhereAndSeparator() throws Exception {
        JsonNode r = load("root", "", "t", "x,10,1\ny,20,2\nz,30,3\n", Map.of("column_separator", ",",
                "columns", "name, k, tmp, v = tmp * 100", "where", "k > 10"));
        assertEquals("Success", r.get("Status").asText(), r.toString());
        assertEquals(3, r.get("NumberTotalRows").asLong());
        assertEquals(2, r.get("NumberLoadedRows").asLong());
        assertEquals(1, r.get("NumberUnselectedRows").asLong());
        assertEquals(List.of("20|y|200", "30|z|300"), rows(root, "SELECT * FROM d.t ORDER BY k"));
    }

    @Test
    void strictModeDecidesWhatABadValueDoes() throws Exception {
        JsonNode lenient = load("root", "", "t", "x\ta\t1\n", Map.of());
        assertEquals("Success", lenient.get("Status").asText(), lenient.toString());
        assertEquals(List.of("null|a|1"), rows(root, "SELECT * FROM d.t"));
        JsonNode strict = load("root", "", "t", "y\tb\t2\n", Map.of("strict_mode", "true"));
        assertEquals("Fail", strict.get("Status").asText(), strict.toString());
        assertEquals(List.of("1"), rows(root, "SELECT count(*) FROM d.t"));
    }

    /**
     * Rows that cannot be loaded (NULL for a NOT NULL column) are filtered out up to max_filter_ratio
     * (0 by default: the load fails), counted, and listed at the answer's ErrorURL for a user who logs in.
     */
    @Test
    void filteredRowsAreCountedAndServedAtTheErrorUrl() throws Exception {
        String body = "1\t10\n\\N\t20\n3\t30\nx\t40\n";
        JsonNode failed = load("root", "", "u", body, Map.of("label", "too_many"));
        assertEquals("Fail", failed.get("Status").asText(), failed.toString());
        assertEquals("[DATA_QUALITY_ERROR]too many filtered rows", failed.get("Message").asText());
        assertEquals(4, failed.get("NumberTotalRows").asLong());
        assertEquals(2, failed.get("NumberFilteredRows").asLong());
        assertEquals(List.of("0"), rows(root, "SELECT count(*) FROM d.u"));
        assertTrue(errorLog(failed).contains("Reason: column_name[k], null value for not null column. src line [NULL,20];"),
                errorLog(failed));

        JsonNode loaded = load("root", "", "u", body, Map.of("max_filter_ratio", "0.5"));
        assertEquals("Success", loaded.get("Status").asText(), loaded.toString());
        assertEquals(List.of(4L, 2L, 2L, 0L), List.of(loaded.get("NumberTotalRows").asLong(), loaded.get("NumberLoadedRows").asLong(),
                loaded.get("NumberFilteredRows").asLong(), loaded.get("NumberUnselectedRows").asLong()));
        assertEquals(List.of("1|10", "3|30"), rows(root, "SELECT * FROM d.u ORDER BY k"));
        List<String> lines = errorLog(loaded).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("Reason: column_name[k], null value for not null column. src line [NULL,")),
                lines.toString());

        HttpResponse<String> anonymous = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(loaded.get("ErrorURL").asText())).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode());
        JsonNode clean = load("root", "", "u", "5\t50\n", Map.of());
        assertTrue(clean.get("ErrorURL") == null, clean.toString());
        JsonNode ratio = load("root", "", "u", "5\t50\n", Map.of("max_filter_ratio", "2"));
        assertEquals("max_filter_ratio must be between 0 and 1, not 2", ratio.get("Message").asText());
        JsonNode strict = load("root", "", "u", "5\t50\n", Map.of("max_filter_ratio", "0.1", "strict_mode", "true"));
        assertTrue(strict.get("Message").asText().startsWith("max_filter_ratio above 0 needs strict_mode false"), strict.toString());
    }

    private String errorLog(JsonNode answer) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(answer.get("ErrorURL").asText()))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8)))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    @Test
    void jsonAndUniqueKeys() throws Exception {
        JsonNode r = load("root", "", "u", "[{\"k\": 1, \"v\": 10}, {\"k\": 2, \"v\": 20}]",
                Map.of("format", "json", "strip_outer_array", "true"));
        assertEquals("Success", r.get("Status").asText(), r.toString());
        JsonNode upsert = load("root", "", "u", "{\"k\": 1, \"v\": 11}\n{\"k\": 3, \"v\": 30}\n",
                Map.of("format", "json", "read_json_by_line", "true"));
        assertEquals("Success", upsert.get("Status").asText(), upsert.toString());
        assertEquals(List.of("1|11", "2|20", "3|30"), rows(root, "SELECT * FROM d.u ORDER BY k"));
    }

    /**
     * partial_columns: true updates only the named columns of existing rows (a new key takes the
     * defaults); partial_update_new_key_behavior ERROR refuses a new key and changes nothing; the
     * session's own variables are as before the load.
     */
    @Test
    void partialColumnsUpdateOnlyTheNamedColumns() throws Exception {
        exec(root, "CREATE TABLE d.w (k INT NOT NULL, a INT, b VARCHAR(10) DEFAULT 'none') UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(root, "INSERT INTO d.w VALUES (1, 10, 'x'), (2, 20, 'y')");
        JsonNode r = load("root", "", "w", "1,11\n3,33\n", Map.of("partial_columns", "true", "columns", "k, a",
                "column_separator", ","));
        assertEquals("Success", r.get("Status").asText(), r.toString());
        assertEquals(List.of("1|11|x", "2|20|y", "3|33|none"), rows(root, "SELECT * FROM d.w ORDER BY k"));
        JsonNode strict = load("root", "", "w", "2,22\n4,44\n", Map.of("partial_columns", "true", "columns", "k, a",
                "column_separator", ",", "partial_update_new_key_behavior", "ERROR"));
        assertEquals("Fail", strict.get("Status").asText(), strict.toString());
        assertTrue(strict.get("Message").asText().contains("Row with key=[4] is not in table."), strict.toString());
        JsonNode whole = load("root", "", "w", "2,22\n", Map.of("columns", "k, a", "column_separator", ","));
        assertEquals("Success", whole.get("Status").asText(), whole.toString());
        assertEquals(List.of("1|11|x", "2|22|none", "3|33|none"), rows(root, "SELECT * FROM d.w ORDER BY k"));
        assertEquals(List.of("false|APPEND"), rows(root, "SELECT @@enable_unique_key_partial_update, @@partial_update_new_key_behavior"));
    }

    /** jsonpaths (with json_root) pick fields by path, in order; trim_double_quotes strips a CSV field's quotes. */
    @Test
    void jsonPathsAndQuotedFields() throws Exception {
        JsonNode r = load("root", "", "u", "{\"data\": {\"id\": 1, \"val\": {\"n\": 10}}}\n{\"data\": {\"id\": 2, \"val\": {\"n\": 20}}}\n",
                Map.of("format", "json", "read_json_by_line", "true", "json_root", "$.data", "jsonpaths", "[\"$.id\", \"$.val.n\"]"));
        assertEquals("Success", r.get("Status").asText(), r.toString());
        JsonNode named = load("root", "", "u", "[{\"x\": 3, \"y\": 30}]", Map.of("format", "json", "strip_outer_array", "true",
                "jsonpaths", "[\"$.y\", \"$.x\"]", "columns", "v, k"));
        assertEquals("Success", named.get("Status").asText(), named.toString());
        assertEquals(List.of("1|10", "2|20", "3|30"), rows(root, "SELECT * FROM d.u ORDER BY k"));
        JsonNode quoted = load("root", "", "t", "\"7\",\"a,b\",\"1.5\"\n", Map.of("column_separator", ",", "trim_double_quotes", "true"));
        assertEquals("Success", quoted.get("Status").asText(), quoted.toString());
        assertEquals(List.of("7|a,b|1.5"), rows(root, "SELECT * FROM d.t"));
        JsonNode badPaths = load("root", "", "u", "{}", Map.of("format", "json", "jsonpaths", "id"));
        assertTrue(badPaths.get("Message").asText().startsWith("jsonpaths must be a JSON array of paths"), badPaths.toString());
        JsonNode rootOnly = load("root", "", "u", "{}", Map.of("format", "json", "json_root", "$.data"));
        assertEquals("json_root needs jsonpaths: name the fields to load under the root", rootOnly.get("Message").asText());
    }

    /** group_commit sync_mode / async_mode: the load commits at once under a group_commit_ label, which it may not be given. */
    @Test
    void groupCommitLoadsUnderItsOwnLabel() throws Exception {
        JsonNode r = load("root", "", "t", "1\ta\t1\n", Map.of("group_commit", "async_mode"));
        assertEquals("Success", r.get("Status").asText(), r.toString());
        assertTrue(r.get("Label").asText().startsWith("group_commit_"), r.toString());
        assertEquals(List.of("1"), rows(root, "SELECT count(*) FROM d.t"));
        JsonNode labelled = load("root", "", "t", "2\tb\t2\n", Map.of("group_commit", "sync_mode", "label", "l1"));
        assertEquals("label and group_commit can't be set at same time", labelled.get("Message").asText());
        JsonNode unknown = load("root", "", "t", "2\tb\t2\n", Map.of("group_commit", "later"));
        assertEquals("group_commit must be off_mode, sync_mode or async_mode, not later", unknown.get("Message").asText());
        assertEquals(List.of("1"), rows(root, "SELECT count(*) FROM d.t"));
    }

    @Test
    void refusalsChangeNothing() throws Exception {
        exec(root, "CREATE USER loader IDENTIFIED BY 'pw'");
        HttpResponse<String> wrong = put("loader", "nope", "t", "1\ta\t1\n", Map.of());
        assertEquals(401, wrong.statusCode());
        assertTrue(wrong.body().contains("Access denied for user 'loader'"), wrong.body());

        JsonNode denied = load("loader", "pw", "t", "1\ta\t1\n", Map.of());
        assertEquals("Fail", denied.get("Status").asText());
        assertEquals("LOAD command denied to user 'loader'@'127.0.0.1' for table 'd.t'", denied.get("Message").asText());

        exec(root, "GRANT LOAD_PRIV ON d.t TO loader");
        assertEquals("Success", load("loader", "pw", "t", "1\ta\t1\n", Map.of()).get("Status").asText());

        JsonNode columns = load("root", "", "t", "1\ta\n", Map.of());
        assertEquals("Fail", columns.get("Status").asText());
        assertTrue(columns.get("Message").asText().startsWith("The data has 2 column(s) but table t has 3"), columns.toString());
        // A comma file without column_separator: the answer says the default is a tab and what to set.
        JsonNode comma = load("root", "", "t", "1,a,1\n", Map.of());
        assertEquals("The data has 1 column(s) but table t has 3; the default column_separator is \\t (tab): set the "
                + "column_separator header (-H \"column_separator:,\" for a comma file), or name the data's columns with the "
                + "columns header", comma.get("Message").asText());
        JsonNode unsupported = load("root", "", "t", "1\ta\t1\n", Map.of("merge_type", "DELETE"));
        assertEquals("Stream Load header merge_type is not supported", unsupported.get("Message").asText());
        JsonNode missing = load("root", "", "nope", "1\n", Map.of());
        assertEquals("Fail", missing.get("Status").asText());
        // A failed load is an aborted transaction: SHOW LOAD lists it CANCELLED with its reason.
        exec(root, "USE d");
        String[] cancelled = rows(root, "SHOW LOAD WHERE State = 'CANCELLED' AND TransactionId = '"
                + missing.get("TxnId").asText() + "'").get(0).split("\\|");
        assertEquals(List.of("STREAM_LOAD", "Table [nope] does not exist in database [d]."), List.of(cancelled[4], cancelled[7]));
        assertEquals(List.of("1"), rows(root, "SELECT count(*) FROM d.t"));
        try (var staged = Files.list(db.stagingDirectory())) {
            assertEquals(0, staged.count(), "staged bodies are deleted");
        }
    }

    @Test
    void curlLoadsAsDorisDocumentsIt() throws Exception {
        Path csv = dir.resolve("data.csv");
        Files.writeString(csv, "7,g,7.5\n8,h,8.5\n");
        List<String> command = new ArrayList<>(List.of("curl", "-s", "--location-trusted", "-u", "root:", "-T", csv.toString(),
                "-H", "label:from_curl", "-H", "column_separator:,", "http://127.0.0.1:" + http.port() + "/api/d/t/_stream_load"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        JsonNode r = JSON.readTree(out);
        assertEquals("Success", r.get("Status").asText(), out);
        assertEquals(2, r.get("NumberLoadedRows").asLong());
        assertEquals(List.of("7|g|7.5", "8|h|8.5"), rows(root, "SELECT * FROM d.t ORDER BY k"));
    }
}
