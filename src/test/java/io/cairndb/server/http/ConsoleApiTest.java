package io.cairndb.server.http;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The console's SQL call: it runs as the logged-in user, answers rows or the error as JSON, and refuses
 * a request without the console's header, so that a form another site posts runs nothing.
 */
class ConsoleApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void runsSqlAsTheUserAndOnlyForTheConsolePage() throws Exception {
        try (Database db = Database.open(null); HttpServer http = new HttpServer(db); SqlSession root = db.open(1, "root", null, "test")) {
            http.start("127.0.0.1", 0);
            exec(root, "CREATE USER viewer IDENTIFIED BY 'pw'");

            HttpResponse<String> forged = post(http, null, "CREATE DATABASE forged", false);
            assertEquals(403, forged.statusCode());
            assertEquals(List.of(), rows(root, "SHOW DATABASES LIKE 'forged'"));

            JsonNode one = JSON.readTree(post(http, null, "SELECT 1 AS x", true).body());
            assertEquals("[\"x\"]", one.get("columns").toString());
            assertEquals("[[\"1\"]]", one.get("rows").toString());

            assertEquals(401, post(http, "viewer:wrong", "SELECT 1", true).statusCode());
            JsonNode denied = JSON.readTree(post(http, "viewer:pw", "CREATE DATABASE mine", true).body());
            assertEquals("Access denied for user 'viewer'@'127.0.0.1' to database 'mine'", denied.get("error").asText());
        }
    }

    private static HttpResponse<String> post(HttpServer http, String credentials, String sql, boolean fromConsole) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + "/api/console/sql"))
                .POST(HttpRequest.BodyPublishers.ofString(sql));
        if (credentials != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        if (fromConsole) {
            b.header("X-Requested-By", "cairndb-console");
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
