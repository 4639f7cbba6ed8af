package io.cairndb.sqltest;

import io.cairndb.catalog.FeConfig;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.TextValue;
import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs every script under {@code src/test/resources/sql/} against a fresh embedded database;
 * {@code -Dcairn.sql=part} runs only the scripts whose relative path contains that text. With
 * {@code -Dcairn.record=true} a query whose rows differ does not fail: its expected rows in the
 * script's source are replaced by what it returned, for a person to read and commit or reject.
 */
class SqlScriptTest {
    private static final boolean RECORD = Boolean.getBoolean("cairn.record");
    /** In record mode: the rows each query of the script being run returned, by its line. */
    private final Map<Integer, List<String>> recorded = new java.util.TreeMap<>();

    @TestFactory
    Stream<DynamicTest> scripts() throws IOException, URISyntaxException {
        Path root = Path.of(SqlScriptTest.class.getResource("/sql").toURI());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            String only = System.getProperty("cairn.sql", "");
            files = walk.filter(p -> p.toString().endsWith(".sql"))
                    .filter(p -> root.relativize(p).toString().contains(only)).sorted().toList();
        }
        return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), () -> run(f)));
    }

    private void run(Path file) throws IOException, InterruptedException, URISyntaxException {
        recorded.clear();
        try {
            runScript(file);
        } finally {
            if (RECORD && !recorded.isEmpty()) {
                ScriptRecorder.rewrite(file, recorded);
            }
        }
    }

    private void runScript(Path file) throws IOException, InterruptedException, URISyntaxException {
        SqlScript script = SqlScript.load(file);
        Path dataDir = Files.createTempDirectory("cairn-sqltest");
        FeConfig config = new FeConfig();
        // Scripts name local() files relative to the fixtures, as Doris's are relative to user_files_secure_path.
        config.setAtStartup("user_files_secure_path", Path.of(SqlScriptTest.class.getResource("/fixtures").toURI()).toString());
        Database db = Database.open(dataDir, config);
        Map<String, SqlSession> sessions = new HashMap<>();
        long[] nextId = {1};
        String current = "default";
        try {
            sessions.put(current, db.open(nextId[0]++, "root", null, "test"));
            for (SqlScript.Step next : script.steps()) {
                SqlScript.Step step = next instanceof SqlScript.Included included ? included.step() : next;
                String where = (next instanceof SqlScript.Included included ? included.file() : script.name()) + ":"
                        + step.line();
                if (step instanceof SqlScript.Connection c) {
                    current = c.name();
                    if (!sessions.containsKey(current)) {
                        String[] account = c.user().split("@", 2);
                        sessions.put(current, db.open(nextId[0]++, account[0], null, account.length == 2 ? account[1] : "test"));
                    }
                }
                if (step instanceof SqlScript.Restart r) {
                    sessions.values().forEach(SqlSession::close);
                    sessions.clear();
                    db.close();
                    db = Database.open(dataDir, config);
                    current = "default";
                    sessions.put(current, db.open(nextId[0]++, "root", null, "test"));
                }
                if (step instanceof SqlScript.WaitTasks w) {
                    waitForTasks(sessions.get(current), where);
                }
                if (step instanceof SqlScript.Statement s) {
                    runStatement(sessions.get(current), s, where);
                }
                if (step instanceof SqlScript.Query q) {
                    List<String> rows = runQuery(sessions.get(current), q, where, !(next instanceof SqlScript.Included));
                    if (rows != null) {
                        recorded.put(q.line(), rows);
                    }
                    if (q.bothWays()) {
                        SessionSql.exec(sessions.get(current), "SET enable_materialized_view_rewrite = false");
                        try {
                            runQuery(sessions.get(current), q, where + " (without rewrite)", false);
                        } finally {
                            SessionSql.exec(sessions.get(current), "SET enable_materialized_view_rewrite = true");
                        }
                    }
                }
                if (step instanceof SqlScript.Materializations m) {
                    runMaterializations(sessions.get(current), m, where);
                }
            }
        } finally {
            sessions.values().forEach(SqlSession::close);
            db.close();
            deleteRecursively(dataDir);
        }
    }

    /** Refreshes run on background workers: waits until none is pending or running. */
    private static void waitForTasks(SqlSession session, String where) throws InterruptedException {
        if (!SessionSql.awaitTasks(session, 60_000)) {
            fail(where + ": MV tasks still running after 60 s");
        }
    }

    private static void runStatement(SqlSession session, SqlScript.Statement s, String where) {
        try {
            for (StatementResult r : session.execute(s.sql())) {
                if (r instanceof RowResult rows) {
                    rows.close();
                }
            }
        } catch (CairnException e) {
            if (s.expectedError() == null) {
                fail(where + ": unexpected error: " + e.getMessage() + "\n  in: " + s.sql(), e);
            }
            if (!e.getMessage().contains(s.expectedError())) {
                fail(where + ": expected error containing [" + s.expectedError() + "] but got [" + e.getMessage() + "]");
            }
            return;
        }
        if (s.expectedError() != null) {
            fail(where + ": expected error [" + s.expectedError() + "] but the statement succeeded: " + s.sql());
        }
    }

    /** Runs a query and checks its rows; in record mode returns them instead when they differ (and may be recorded). */
    private static List<String> runQuery(SqlSession session, SqlScript.Query q, String where, boolean recordable) {
        List<String> actual = new ArrayList<>();
        String header = null;
        try {
            List<StatementResult> results = session.execute(q.sql());
            StatementResult last = results.get(results.size() - 1);
            if (!(last instanceof RowResult rows)) {
                fail(where + ": query returned no rows result: " + q.sql());
                return null;
            }
            try (rows) {
                List<Integer> shown = new ArrayList<>();
                for (int i = 0; i < rows.columns().size(); i++) {
                    if (q.columns().isEmpty() || q.columns().contains(rows.columns().get(i).name().replace(' ', '_'))) {
                        shown.add(i);
                    }
                }
                if (shown.size() < q.columns().size()) {
                    fail(where + ": result lacks some of the columns " + q.columns() + ": " + rows.columns());
                }
                if (q.types()) {
                    header = String.join("|", shown.stream().map(i -> rows.columns().get(i).type().toString()).toList());
                }
                while (rows.next()) {
                    List<String> cells = new ArrayList<>(shown.size());
                    for (int i : shown) {
                        String v = TextValue.of(rows.value(i), rows.columns().get(i).type());
                        cells.add(v == null ? "NULL" : v.isEmpty() ? "(empty)" : v);
                    }
                    actual.add(String.join("|", cells));
                }
            }
        } catch (CairnException e) {
            fail(where + ": query failed: " + e.getMessage() + "\n  in: " + q.sql(), e);
        }
        List<String> expected = q.expected();
        boolean typesDiffer = false;
        if (q.types()) {
            String expectedHeader = expected.isEmpty() ? "" : expected.get(0);
            typesDiffer = !expectedHeader.equals(header);
            if (!(RECORD && recordable)) {
                assertEquals(expectedHeader, header, where + ": column types differ for: " + q.sql());
            }
            expected = expected.subList(Math.min(1, expected.size()), expected.size());
        }
        if (q.rowSort()) {
            actual.sort(Comparator.naturalOrder());
            expected = new ArrayList<>(expected);
            expected.sort(Comparator.naturalOrder());
        }
        if (RECORD && recordable && (typesDiffer || !String.join("\n", expected).equals(String.join("\n", actual)))) {
            List<String> rows = new ArrayList<>();
            if (header != null) {
                rows.add(header);
            }
            rows.addAll(actual);
            return rows;
        }
        assertEquals(String.join("\n", expected), String.join("\n", actual), where + ": rows differ for: " + q.sql());
        return null;
    }

    private static void runMaterializations(SqlSession session, SqlScript.Materializations m, String where) {
        List<String> lines;
        try {
            lines = SessionSql.rows(session, "EXPLAIN " + m.sql());
        } catch (CairnException e) {
            fail(where + ": EXPLAIN failed: " + e.getMessage() + "\n  in: " + m.sql(), e);
            return;
        }
        int at = lines.indexOf("========== MATERIALIZATIONS ==========");
        if (at < 0) {
            fail(where + ": EXPLAIN has no MATERIALIZATIONS section: " + m.sql());
        }
        List<String> actual = lines.subList(at + 1, lines.size()).stream()
                .map(l -> l.isEmpty() ? "(empty)" : l.stripTrailing()).toList();
        assertEquals(String.join("\n", m.expected()), String.join("\n", actual),
                where + ": MATERIALIZATIONS differ for: " + m.sql());
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
