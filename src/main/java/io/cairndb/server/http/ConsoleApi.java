package io.cairndb.server.http;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.TextValue;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.Session;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web console: its page ({@code /} and {@code /console}) and the one call it makes, {@code POST
 * /api/console/sql}, which runs the statements of its body as the logged-in user in a session of its
 * own and answers the last one's rows (at most {@value #MAX_ROWS}) or affected-row count as JSON, or
 * its error. Everything the page shows it reads with SQL through that call, so it sees exactly what
 * the user may see.
 */
final class ConsoleApi {
    static final String SQL = "/api/console/sql";
    static final int MAX_SQL_BYTES = 1 << 20;
    /** The header the console's page sends with each SQL call, which a cross-site form cannot. */
    static final String REQUESTED_BY = "X-Requested-By";
    static final String REQUESTED_BY_VALUE = "cairndb-console";
    private static final int MAX_ROWS = 10_000;
    private static volatile byte[] page;

    private ConsoleApi() {
    }

    static boolean serves(String path) {
        return path.equals("/") || path.equals("/console") || path.equals(SQL);
    }

    static byte[] page() {
        byte[] p = page;
        if (p == null) {
            try (InputStream in = ConsoleApi.class.getResourceAsStream("/console/index.html")) {
                if (in == null) {
                    throw new IllegalStateException("the console page is missing from the build");
                }
                p = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            page = p;
        }
        return p;
    }

    static Map<String, Object> run(Database db, long sessionId, String user, String remoteAddress, String sql) {
        Map<String, Object> out = new LinkedHashMap<>();
        try (Session session = db.open(sessionId, user, null, remoteAddress)) {
            List<StatementResult> results = session.execute(sql);
            for (int i = 0; i < results.size() - 1; i++) {
                if (results.get(i) instanceof RowResult rows) {
                    rows.close();
                }
            }
            StatementResult last = results.get(results.size() - 1);
            if (last instanceof RowResult rows) {
                try (rows) {
                    List<String> columns = new ArrayList<>();
                    rows.columns().forEach(c -> columns.add(c.name()));
                    List<List<String>> values = new ArrayList<>();
                    while (values.size() < MAX_ROWS && rows.next()) {
                        List<String> row = new ArrayList<>();
                        for (int c = 0; c < columns.size(); c++) {
                            Object v = rows.value(c);
                            row.add(v == null ? null : TextValue.of(v, rows.columns().get(c).type()));
                        }
                        values.add(row);
                    }
                    out.put("columns", columns);
                    out.put("rows", values);
                    out.put("truncated", values.size() == MAX_ROWS && rows.next());
                }
            } else {
                out.put("affectedRows", ((UpdateCount) last).affectedRows());
            }
        } catch (CairnException e) {
            out.put("error", e.getMessage());
        }
        return out;
    }
}
