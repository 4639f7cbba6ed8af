package io.cairndb.benchdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The SSB and TPC-H queries as Doris publishes them ({@code src/test/resources/bench/<suite>/q*.sql}) and
 * the DuckDB SQL each is compared with: the same text, which DuckDB runs as it is, except where a file
 * {@code bench/<suite>/duckdb/<query>.sql} holds a hand translation: TPC-H Q1 computes avg of its decimals
 * as Doris does (a DECIMAL of scale 4, truncated; DuckDB's avg is a DOUBLE), and Q15 reads the view
 * {@code revenue0}, which exists only in CairnDB's catalog, so its translation inlines it as a CTE.
 */
public final class BenchQueries {
    public static final List<String> SSB = List.of("q1.1", "q1.2", "q1.3", "q2.1", "q2.2", "q2.3", "q3.1", "q3.2", "q3.3",
            "q3.4", "q4.1", "q4.2", "q4.3");
    public static final List<String> TPCH = List.of("q01", "q02", "q03", "q04", "q05", "q06", "q07", "q08", "q09", "q10", "q11",
            "q12", "q13", "q14", "q15", "q16", "q17", "q18", "q19", "q20", "q21", "q22");

    private static final java.util.regex.Pattern ORDER_BY = java.util.regex.Pattern.compile("\\border\\s+by\\b");

    /** One query: {@code suite} is "ssb" or "tpch"; the texts are without their license header and final ';'. */
    public record Query(String suite, String name, String doris, String duckdb) {
        /** "ssb/q1.1". */
        public String id() {
            return suite + "/" + name;
        }

        /**
         * The names of the output columns the query orders by, in order, lower case; empty when the rows have
         * no order. Every ORDER BY of these queries names output columns (or their aliases).
         */
        public List<String> orderKeys() {
            String lower = doris.toLowerCase(Locale.ROOT);
            java.util.regex.Matcher m = ORDER_BY.matcher(lower);
            int end = -1;
            while (m.find()) {
                end = m.end();
            }
            if (end < 0 || lower.indexOf(')', end) >= 0) {
                return List.of();
            }
            String keys = lower.substring(end);
            int limit = keys.indexOf("limit");
            keys = limit < 0 ? keys : keys.substring(0, limit);
            List<String> out = new ArrayList<>();
            for (String key : keys.split(",")) {
                out.add(key.strip().replaceAll("\\s+(asc|desc)$", "").strip());
            }
            return out;
        }
    }

    private BenchQueries() {
    }

    public static List<Query> all() {
        List<Query> out = new ArrayList<>(suite("ssb"));
        out.addAll(suite("tpch"));
        return out;
    }

    public static List<Query> suite(String suite) {
        List<Query> out = new ArrayList<>();
        for (String name : suite.equals("ssb") ? SSB : TPCH) {
            String doris = statement(resource(suite + "/" + name + ".sql"));
            String translated = optionalResource(suite + "/duckdb/" + name + ".sql");
            out.add(new Query(suite, name, doris, translated == null ? doris : statement(translated)));
        }
        return out;
    }

    /** The DDL script of a suite, as Doris publishes it. */
    public static String ddl(String suite) {
        return resource(suite + "/ddl.sql");
    }

    /** The text without leading comment lines and blank lines, and without its final ';'. */
    static String statement(String text) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        while (!lines.isEmpty() && (lines.get(0).isBlank() || lines.get(0).strip().startsWith("--"))) {
            lines.remove(0);
        }
        String s = String.join("\n", lines).strip();
        return s.endsWith(";") ? s.substring(0, s.length() - 1).strip() : s;
    }

    private static String resource(String path) {
        String text = optionalResource(path);
        if (text == null) {
            throw new IllegalStateException("no resource bench/" + path);
        }
        return text;
    }

    private static String optionalResource(String path) {
        try (InputStream in = BenchQueries.class.getResourceAsStream("/bench/" + path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
