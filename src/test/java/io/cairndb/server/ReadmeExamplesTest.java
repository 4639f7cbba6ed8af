package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.awaitTasks;
import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The README's SQL examples, run in the order a reader follows them, each statement as written: a
 * change that breaks one (a name taken twice, a statement that no longer parses) fails here. A few
 * results the README's comments promise are checked too.
 */
class ReadmeExamplesTest {
    @Test
    void everyExampleRunsInOrder() throws Exception {
        List<String> statements = statements(Files.readAllLines(Path.of("README.md")));
        assertTrue(statements.size() > 20, "the README's examples were found: " + statements.size());
        try (Database db = Database.open(null); SqlSession s = db.open(1, "root", null, "readme")) {
            for (String sql : statements) {
                try {
                    exec(s, sql);
                } catch (CairnException e) {
                    fail("README example fails: " + sql + "\n" + e.getMessage(), e);
                }
            }
            assertTrue(awaitTasks(s, 60_000), "MV tasks still running after 60 s");
            assertEquals(List.of("2024-01-05|1|12.00", "2024-02-01|2|25.50"), rows(s, "SELECT * FROM orders ORDER BY id"));
            assertEquals(List.of("1|created|0", "2|created|0", "1|created|2", "1|paid|3", "2|created|1", "3|created|0"),
                    rows(s, "SELECT payment_id, status, __DORIS_CHANGELOG_OP__ FROM payments@incr(\"incrementType\" = \"DETAIL\")"));
            assertEquals(List.of("created|1|45.50", "paid|2|42.00"), rows(s, "SELECT * FROM orders_by_status ORDER BY order_status"));
            assertEquals(List.of("2024-01-01|cn|10.00", "2024-01-02|us|25.00"), rows(s, "SELECT * FROM daily_sales ORDER BY dt"));
        }
    }

    /** The statements of the README's ```sql blocks, in order, without their trailing comments. */
    private static List<String> statements(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean inSql = false;
        StringBuilder current = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("```")) {
                inSql = line.equals("```sql");
                continue;
            }
            if (!inSql) {
                continue;
            }
            int comment = line.indexOf("  --");
            String code = (comment >= 0 ? line.substring(0, comment) : line).stripTrailing();
            if (code.isBlank()) {
                continue;
            }
            current.append(code).append('\n');
            if (code.endsWith(";") || code.endsWith("\\G")) {
                String sql = current.toString().strip();
                out.add(sql.substring(0, sql.length() - (sql.endsWith("\\G") ? 2 : 1)));
                current.setLength(0);
            }
        }
        return out;
    }
}
