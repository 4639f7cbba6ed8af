package io.cairndb.server.http;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** GET /metrics: Prometheus's text format with Doris's FE names, the MV figures and stream backlogs. */
class MetricsTest {
    private static final Pattern SAMPLE = Pattern.compile("([a-z_]+(?:\\{[^}]*})?) (-?[0-9.E]+)");

    @TempDir
    Path dir;

    @Test
    void countsStatementsLoadsMvsAndStreams() throws Exception {
        try (Database db = Database.open(dir); HttpServer http = new HttpServer(db); SqlSession s = db.open(1, "root", null, "test")) {
            http.start("127.0.0.1", 0);
            exec(s, "CREATE DATABASE m");
            exec(s, "USE m");
            exec(s, "CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 PROPERTIES (\"changelog.enable\" = \"true\")");
            exec(s, "CREATE STREAM st ON TABLE t");
            exec(s, "INSERT INTO t VALUES (1, 1), (2, 2)");
            exec(s, "CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 "
                    + "AS SELECT k, sum(v) AS s FROM t GROUP BY k");
            assertTrue(SessionSql.awaitTasks(s, 60_000));
            assertThrows(CairnException.class, () -> exec(s, "SELECT * FROM nope"));

            Map<String, Double> m = scrape(http);
            assertTrue(m.get("doris_fe_query_total") >= 7, m.toString());
            assertTrue(m.get("doris_fe_query_err") >= 1, m.toString());
            assertTrue(m.containsKey("doris_fe_query_latency_ms{quantile=\"0.99\"}"), m.toString());
            assertEquals(1.0, m.get("doris_fe_connection_total"));
            assertTrue(m.get("doris_fe_txn_success") >= 1, m.toString());
            assertEquals(1.0, m.get("doris_fe_async_materialized_view_task_total{state=\"SUCCESS\"}"), m.toString());
            assertEquals(0.0, m.get("doris_fe_async_materialized_view_freshness_lag_seconds{database=\"m\",mv=\"mv\"}"), m.toString());
            assertEquals(2.0, m.get("cairndb_table_stream_backlog_rows{database=\"m\",stream=\"st\"}"), m.toString());
            assertEquals(0.0, m.get("doris_fe_async_materialized_view_task_skip_num"), m.toString());
            assertTrue(m.get("jvm_heap_size_bytes{type=\"used\"}") > 0, m.toString());

            // A change the MV has not seen makes it lag.
            exec(s, "INSERT INTO t VALUES (3, 3)");
            Map<String, Double> later = scrape(http);
            assertTrue(later.get("doris_fe_async_materialized_view_freshness_lag_seconds{database=\"m\",mv=\"mv\"}") > 0, later.toString());
            assertEquals(3.0, later.get("cairndb_table_stream_backlog_rows{database=\"m\",stream=\"st\"}"));
        }
    }

    @Test
    void statusAndFrontendsReportThisProcess() {
        try (Database db = Database.open(dir); HttpServer http = new HttpServer(db); SqlSession s = db.open(1, "root", null, "test")) {
            http.start("127.0.0.1", 0);
            db.announce(new Database.Endpoints("127.0.0.1", 9999, http.port()));
            String[] fe = SessionSql.rows(s, "SHOW FRONTENDS").get(0).split("\\|");
            assertEquals(List.of("127.0.0.1", String.valueOf(http.port()), "9999"), List.of(fe[1], fe[3], fe[4]));
            long before = Long.parseLong(SessionSql.rows(s, "SHOW STATUS LIKE 'Questions'").get(0).split("\\|")[1]);
            exec(s, "SELECT 1");
            long after = Long.parseLong(SessionSql.rows(s, "SHOW STATUS LIKE 'Questions'").get(0).split("\\|")[1]);
            assertEquals(before + 2, after);
        }
    }

    private static Map<String, Double> scrape(HttpServer http) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + http.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
        Map<String, Double> out = new HashMap<>();
        for (String line : r.body().split("\n")) {
            if (line.startsWith("#")) {
                assertTrue(line.startsWith("# HELP ") || line.startsWith("# TYPE "), line);
                continue;
            }
            Matcher sample = SAMPLE.matcher(line);
            assertTrue(sample.matches(), "not a sample line: " + line);
            out.put(sample.group(1), Double.parseDouble(sample.group(2)));
        }
        return out;
    }
}
