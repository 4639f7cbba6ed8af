package io.cairndb.server;

import io.cairndb.sql.ParsedStatement;
import io.cairndb.sql.SqlParser;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements of recently run SQL texts, so that a text sent again (a dashboard's query, a
 * client's probe of its session, a benchmark's loop) is not parsed again: parsing is most of a
 * short statement's own work. Syntax trees are immutable, so one tree serves every session; a text
 * that fails to parse is not kept and fails the same way each time.
 */
final class ParsedScripts {
    private static final int KEPT = 256;
    /** Longer texts (scripts, INSERTs of many rows) are rarely sent twice and would hold large trees. */
    private static final int LONGEST_KEPT = 8192;
    private static final Map<String, List<ParsedStatement>> RECENT = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<ParsedStatement>> eldest) {
            return size() > KEPT;
        }
    };

    private ParsedScripts() {
    }

    /** As {@link SqlParser#parse}. */
    static List<ParsedStatement> parse(String sql) {
        if (sql.length() > LONGEST_KEPT) {
            return SqlParser.parse(sql);
        }
        synchronized (RECENT) {
            List<ParsedStatement> known = RECENT.get(sql);
            if (known != null) {
                return known;
            }
        }
        List<ParsedStatement> parsed = SqlParser.parse(sql);
        synchronized (RECENT) {
            RECENT.put(sql, parsed);
        }
        return parsed;
    }
}
