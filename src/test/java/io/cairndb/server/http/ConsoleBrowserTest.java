package io.cairndb.server.http;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * created, its refresh history and its dependency drawn as a picture. Driven through ChromeDriver's
 * WebDriver protocol: a click on Kill ends a running query, the filter hides tables whose names do not
 * match, a click on a table's name opens its partitions, and a section paints while another's
 * statement is held back by the browser.
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
        assertTrue(dom.contains("data-table=\"by_k\">by_k</button>"), "the MV is listed: " + dom);
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
        try (Browser browser = new Browser("profile-kill")) {
            browser.open(console());
            browser.click("#kill-77");
            String outcome = running.get(60, TimeUnit.SECONDS);
            assertTrue(outcome.contains("interrupted") || outcome.contains("killed"), outcome);
        } finally {
            if (!running.isDone()) {
                // The page did not end it: end it here, so that the test fails instead of waiting for it.
                exec(root, "KILL 77");
            }
            running.get(60, TimeUnit.SECONDS);
            busy.close();
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(300)
    void theFilterHidesTablesAndMvsWhoseNamesDoNotMatch() throws Exception {
        exec(root, "CREATE TABLE c.other (k INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
        try (Browser browser = new Browser("profile-filter")) {
            browser.open(console());
            String other = browser.element("#tables tr[data-name=\"c.other\"]");
            String mv = browser.element("#mvs tr[data-name=\"c.by_k\"]");
            browser.type("#filter", "OTH");
            browser.await("c.other to stay and c.t to go", () -> browser.displayed(other)
                    && !browser.displayed(browser.element("#tables tr[data-name=\"c.t\"]")));
            assertFalse(browser.displayed(mv), "the MV's name does not match either");
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(300)
    void aClickOnATableOrMvShowsItsPartitions() throws Exception {
        exec(root, "CREATE TABLE c.p (d DATE, v INT) DUPLICATE KEY(d) PARTITION BY RANGE(d) (PARTITION p1 VALUES LESS THAN "
                + "('2026-02-01'), PARTITION p2 VALUES LESS THAN ('2026-03-01')) DISTRIBUTED BY HASH(d) BUCKETS 1");
        exec(root, "INSERT INTO c.p VALUES ('2026-01-10', 1), ('2026-01-20', 2), ('2026-02-10', 3)");
        // A write to the MV's base table after its refresh: its one partition is stale.
        exec(root, "INSERT INTO c.t VALUES (3, 30)");
        try (Browser browser = new Browser("profile-partitions")) {
            browser.open(console());
            browser.click("#tables tr[data-name=\"c.p\"] button.drill");
            browser.element("#tables tr.partitions[data-name=\"c.p\"] table");
            assertEquals(Map.of("p1", "2", "p2", "1"), browser.cells("#tables tr.partitions[data-name=\"c.p\"] table",
                    "PartitionName", "RowCount"));

            browser.click("#tables tr[data-name=\"c.p\"] button.drill");
            browser.await("the partitions to close", () -> browser.count("#tables tr.partitions") == 0);

            browser.click("#mvs tr[data-name=\"c.by_k\"] button.drill");
            browser.element("#mvs tr.partitions[data-name=\"c.by_k\"] table");
            assertEquals(Map.of("by_k", "NO (stale)"), browser.cells("#mvs tr.partitions[data-name=\"c.by_k\"] table",
                    "PartitionName", "SyncWithBaseTables"));
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(300)
    void aSectionPaintsWhileAnotherSectionsStatementIsHeldBack() throws Exception {
        try (Browser browser = new Browser("profile-held")) {
            // The browser holds the refresh history's statement and the MVs' sync statement until released.
            browser.cdp("Fetch.enable", Map.of("patterns", List.of(Map.of("urlPattern", "*for=tasks*"),
                    Map.of("urlPattern", "*for=mv-sync*"))));
            browser.open(console());
            browser.element("#tables tr[data-name=\"c.t\"]");
            browser.element("#mvs tr[data-name=\"c.by_k\"]");
            assertEquals("loading", browser.script("return document.getElementById('tasks').textContent"));
            assertEquals("…", browser.script("return document.querySelector('#mvs tr[data-name=\"c.by_k\"]').cells[7].textContent"));
            assertNull(browser.script("return document.body.dataset.loaded || null"));

            browser.cdp("Fetch.disable", Map.of());
            browser.await("the held sections to paint", () -> "true".equals(browser.script("return document.body.dataset.loaded")));
            assertEquals("yes", browser.script("return document.querySelector('#mvs tr[data-name=\"c.by_k\"]').cells[7].textContent"));
            assertTrue(((String) browser.script("return document.getElementById('tasks').textContent")).contains("SUCCESS"));
        }
    }

    /** A session of headless Chromium under its own ChromeDriver, driven through the WebDriver protocol. */
    private final class Browser implements AutoCloseable {
        private final Process driver;
        private final String session;

        Browser(String profile) throws Exception {
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            driver = new ProcessBuilder(CHROMEDRIVER, "--port=" + port).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                String base = "http://127.0.0.1:" + port;
                awaitDriver(base);
                List<String> args = new ArrayList<>(HEADLESS);
                args.add("--user-data-dir=" + dir.resolve(profile));
                JsonNode created = call("POST", base + "/session", Map.of("capabilities", Map.of("alwaysMatch", Map.of(
                        "browserName", "chrome", "goog:chromeOptions", Map.of("binary", CHROMIUM, "args", args)))));
                session = base + "/session/" + created.get("value").get("sessionId").asText();
            } catch (Exception | AssertionError e) {
                stopDriver();
                throw e;
            }
        }

        void open(String url) throws Exception {
            call("POST", session + "/url", Map.of("url", url));
        }

        /** The WebDriver id of the element {@code css} selects, once the page has rendered it. */
        String element(String css) throws Exception {
            String[] found = new String[1];
            await("the page to show " + css, () -> {
                JsonNode all = call("POST", session + "/elements", Map.of("using", "css selector", "value", css)).get("value");
                if (all.isArray() && !all.isEmpty()) {
                    found[0] = all.get(0).elements().next().asText();
                }
                return found[0] != null;
            });
            return found[0];
        }

        int count(String css) throws Exception {
            return call("POST", session + "/elements", Map.of("using", "css selector", "value", css)).get("value").size();
        }

        void click(String css) throws Exception {
            call("POST", session + "/element/" + element(css) + "/click", Map.of());
        }

        void type(String css, String text) throws Exception {
            call("POST", session + "/element/" + element(css) + "/value", Map.of("text", text));
        }

        boolean displayed(String element) throws Exception {
            return call("GET", session + "/element/" + element + "/displayed", null).get("value").asBoolean();
        }

        Object script(String js) throws Exception {
            JsonNode value = call("POST", session + "/execute/sync", Map.of("script", js, "args", List.of())).get("value");
            return value.isNull() ? null : value.isTextual() ? value.asText() : value.toString();
        }

        /** A Chrome DevTools Protocol command on the page. */
        void cdp(String command, Map<String, Object> params) throws Exception {
            call("POST", session + "/goog/cdp/execute", Map.of("cmd", command, "params", params));
        }

        /** Each row of the HTML table {@code css} selects, as the text of its column {@code key} to that of {@code value}. */
        Map<String, String> cells(String css, String key, String value) throws Exception {
            JsonNode rows = JSON.readTree((String) script("return JSON.stringify([...document.querySelector('" + css.replace("'", "\\'")
                    + "').rows].map(r => [...r.cells].map(c => c.textContent)))"));
            List<String> header = new ArrayList<>();
            rows.get(0).forEach(h -> header.add(h.asText()));
            Map<String, String> out = new java.util.TreeMap<>();
            for (int i = 1; i < rows.size(); i++) {
                out.put(rows.get(i).get(header.indexOf(key)).asText(), rows.get(i).get(header.indexOf(value)).asText());
            }
            return out;
        }

        void await(String what, java.util.concurrent.Callable<Boolean> condition) throws Exception {
            long deadline = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < deadline) {
                if (condition.call()) {
                    return;
                }
                Thread.sleep(100);
            }
            fail("waited in vain for " + what);
        }

        @Override
        public void close() throws Exception {
            try {
                call("DELETE", session, null);
            } finally {
                stopDriver();
            }
        }

        private void stopDriver() throws InterruptedException {
            driver.destroy();
            driver.waitFor(10, TimeUnit.SECONDS);
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
