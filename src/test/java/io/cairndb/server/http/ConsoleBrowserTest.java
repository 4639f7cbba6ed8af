package io.cairndb.server.http;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The web console in headless Chromium: the page renders with JavaScript and shows an MV the test
 * created, its refresh history and its dependency drawn as a picture; a click on Kill (driven through
 * ChromeDriver's WebDriver protocol) ends a running query.
 */
class ConsoleBrowserTest {
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    private static final List<String> HEADLESS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Database db;
    private HttpServer http;
    private SqlSession root;

    @BeforeEach
    void start() throws Exception {
        db = Database.open(dir.resolve("data"));
        http = new HttpServer(db);
        http.start("127.0.0.1", 0);
        root = db.open(1, "root", null, "test");
        exec(root, "CREATE DATABASE c");
        exec(root, "CREATE TABLE c.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        exec(root, "INSERT INTO c.t VALUES (1, 10), (2, 20)");
        exec(root, "CREATE MATERIALIZED VIEW c.by_k BUILD DEFERRED REFRESH COMPLETE ON MANUAL DISTRIBUTED BY RANDOM BUCKETS 1 "
                + "AS SELECT k, sum(v) AS s FROM c.t GROUP BY k");
        exec(root, "REFRESH MATERIALIZED VIEW c.by_k COMPLETE WITH SYNC MODE");
    }

    @AfterEach
    void stop() {
        root.close();
        http.close();
        db.close();
    }

    private String console() {
        return "http://127.0.0.1:" + http.port() + "/console";
    }

    @Test
    void thePageShowsTheMvItsHistoryAndItsDependency() throws Exception {
        List<String> command = new ArrayList<>(List.of(CHROMIUM));
        command.addAll(HEADLESS);
        command.addAll(List.of("--user-data-dir=" + dir.resolve("profile-dump"), "--virtual-time-budget=10000", "--dump-dom",
                console()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertTrue(dom.contains("data-loaded=\"true\""), dom);
        assertTrue(dom.contains("<td>by_k</td>"), "the MV is listed: " + dom);
        assertTrue(dom.contains("<td>SUCCESS</td>"), "its refresh is in the history: " + dom);
        assertTrue(dom.contains("class=\"edge\" data-from=\"c.by_k\" data-to=\"c.t\""), "its dependency is drawn: " + dom);
        assertTrue(dom.contains("<td>0 s</td>"), "it is in sync: " + dom);
    }

    @Test
    @org.junit.jupiter.api.Timeout(300)
    void killFromThePageEndsARunningQuery() throws Exception {
        SqlSession busy = db.open(77, "root", null, "test");
        CompletableFuture<String> running = CompletableFuture.supplyAsync(() -> {
            try {
                exec(busy, "SELECT count(*) FROM numbers(\"number\" = \"200000\") a, numbers(\"number\" = \"200000\") b "
                        + "WHERE (a.number * b.number) % 7 = 3");
                return "finished";
            } catch (CairnException e) {
                return e.getMessage();
            }
        });
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process driver = new ProcessBuilder(CHROMEDRIVER, "--port=" + port).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String base = "http://127.0.0.1:" + port;
            awaitDriver(base);
            List<String> args = new ArrayList<>(HEADLESS);
            args.add("--user-data-dir=" + dir.resolve("profile-driver"));
            JsonNode created = call("POST", base + "/session", Map.of("capabilities", Map.of("alwaysMatch", Map.of(
                    "browserName", "chrome", "goog:chromeOptions", Map.of("binary", CHROMIUM, "args", args)))));
            String session = base + "/session/" + created.get("value").get("sessionId").asText();
            try {
                call("POST", session + "/url", Map.of("url", console()));
                String button = awaitElement(session, "#kill-77");
                call("POST", session + "/element/" + button + "/click", Map.of());
                String outcome = running.get(60, TimeUnit.SECONDS);
                assertTrue(outcome.contains("interrupted") || outcome.contains("killed"), outcome);
            } finally {
                call("DELETE", session, null);
            }
        } finally {
            driver.destroy();
            driver.waitFor(10, TimeUnit.SECONDS);
            if (!running.isDone()) {
                // The page did not end it: end it here, so that the test fails instead of waiting for it.
                exec(root, "KILL 77");
            }
            running.get(60, TimeUnit.SECONDS);
            busy.close();
        }
    }

    private static void awaitDriver(String base) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (call("GET", base + "/status", null).get("value").get("ready").asBoolean()) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        fail("chromedriver did not start");
    }

    /** The WebDriver id of the element {@code css} selects, once the page has rendered it. */
    private static String awaitElement(String session, String css) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode found = call("POST", session + "/elements", Map.of("using", "css selector", "value", css)).get("value");
            if (found.isArray() && !found.isEmpty()) {
                return found.get(0).elements().next().asText();
            }
            Thread.sleep(200);
        }
        fail("the page never showed " + css);
        return null;
    }

    private static JsonNode call(String method, String url, Object body) throws Exception {
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json").method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json = JSON.readTree(r.body());
        if (r.statusCode() != 200) {
            fail(method + " " + url + ": " + r.statusCode() + " " + r.body());
        }
        return json;
    }
}
