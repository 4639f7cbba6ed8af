package io.cairndb.bench;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Incremental maintenance of semi and anti joins (match counts per key) against recomputing them, in
 * one file-backed database (in-process): a left table of N rows (DUPLICATE KEY, binlog, N/5 keys) and
 * a right table of N/5 rows over 2N/5 keys (so that half the left keys have a match), under three
 * IVM MVs, EXISTS as rows, EXISTS with an aggregate, NOT EXISTS with an aggregate, each with an
 * ordinary MV of the same definition refreshed COMPLETE. Rounds of 100 changed rows, on the right
 * side (50 rows of new keys, 50 deleted: counts that cross 0), on the left side (50 inserted, 50
 * deleted) and on both, each followed by an INCREMENTAL refresh of the IVM MV and a COMPLETE refresh
 * of its twin: medians of 5 rounds per kind, and the ratio. Every MV is checked against its definition
 * at the end. Usage: SemiJoinBench [rows, default 1,000,000].
 */
public final class SemiJoinBench {
    private static final List<String[]> MVS = List.of(
            new String[] {"exists_rows", "SELECT id, g FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k)"},
            new String[] {"exists_agg", "SELECT g, count(*) AS n, sum(id) AS s FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k) "
                    + "GROUP BY g"},
            new String[] {"not_exists_agg", "SELECT g, count(*) AS n FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.k = l.k) GROUP BY g"});
    private static final List<String> KINDS = List.of("right", "left", "both");
    private static final int ROUNDS = 5;

    private SemiJoinBench() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        long keys = Math.max(1, rows / 5);
        Path dir = Files.createTempDirectory("cairn-semi-bench");
        try (Database db = Database.open(dir.resolve("semi")); SqlSession s = db.open(1, "root", null, "bench")) {
            exec(s, "CREATE DATABASE bench");
            exec(s, "USE bench");
            exec(s, "CREATE TABLE l (id BIGINT, k BIGINT, g INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + "PROPERTIES ('binlog.enable' = 'true')");
            exec(s, "CREATE TABLE r (id BIGINT, k BIGINT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + "PROPERTIES ('binlog.enable' = 'true')");
            exec(s, "INSERT INTO l SELECT number, number % " + keys + ", number % 100 FROM numbers(\"number\" = \"" + rows + "\")");
            exec(s, "INSERT INTO r SELECT number, (number * 2) % " + (2 * keys) + " FROM numbers(\"number\" = \"" + keys + "\")");
            for (String[] mv : MVS) {
                exec(s, "CREATE MATERIALIZED VIEW " + mv[0] + "_ivm BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS " + mv[1]);
                exec(s, "CREATE MATERIALIZED VIEW " + mv[0] + "_complete BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS " + mv[1]);
            }
            waitForTasks(s);
            System.out.printf("%,d left rows over %,d keys, %,d right rows (half the left keys match); rounds of 100 changed rows%n",
                    rows, keys, keys);
            System.out.printf("%-16s %-6s %14s %14s %8s%n", "MV", "side", "INCREMENTAL ms", "COMPLETE ms", "ratio");
            long nextLeft = rows;
            long nextRight = keys;
            long deletedLeft = rows / 2;
            long deletedRight = 0;
            for (String kind : KINDS) {
                List<List<Double>> incremental = new ArrayList<>();
                List<List<Double>> complete = new ArrayList<>();
                MVS.forEach(mv -> {
                    incremental.add(new ArrayList<>());
                    complete.add(new ArrayList<>());
                });
                for (int round = 0; round < ROUNDS; round++) {
                    int half = kind.equals("both") ? 25 : 50;
                    if (!kind.equals("left")) {
                        // New right rows over odd keys, which no right row had: their left rows gain a match.
                        exec(s, "INSERT INTO r SELECT " + nextRight + " + number, ((" + nextRight + " + number) * 7919 % " + keys
                                + ") * 2 + 1 FROM numbers(\"number\" = \"" + half + "\")");
                        nextRight += half;
                        exec(s, "DELETE FROM r WHERE id >= " + deletedRight + " AND id < " + (deletedRight + half));
                        deletedRight += half;
                    }
                    if (!kind.equals("right")) {
                        exec(s, "INSERT INTO l SELECT " + nextLeft + " + number, (" + nextLeft + " + number) * 31 % " + keys
                                + ", number % 100 FROM numbers(\"number\" = \"" + half + "\")");
                        nextLeft += half;
                        exec(s, "DELETE FROM l WHERE id >= " + deletedLeft + " AND id < " + (deletedLeft + half));
                        deletedLeft += half;
                    }
                    for (int i = 0; i < MVS.size(); i++) {
                        String name = MVS.get(i)[0];
                        incremental.get(i).add(time(s, "REFRESH MATERIALIZED VIEW " + name + "_ivm INCREMENTAL WITH SYNC MODE"));
                        complete.get(i).add(time(s, "REFRESH MATERIALIZED VIEW " + name + "_complete COMPLETE WITH SYNC MODE"));
                    }
                }
                for (int i = 0; i < MVS.size(); i++) {
                    double inc = median(incremental.get(i));
                    double full = median(complete.get(i));
                    System.out.printf("%-16s %-6s %14.1f %14.1f %7.1fx%n", MVS.get(i)[0], kind, inc, full, full / inc);
                }
            }
            for (String[] mv : MVS) {
                for (String suffix : List.of("_ivm", "_complete")) {
                    String name = mv[0] + suffix;
                    long wrong = Long.parseLong(first(s, Timing.NO_REWRITE + "count(*) FROM ((" + mv[1] + ") EXCEPT ALL (SELECT * FROM "
                            + name + "))")) + Long.parseLong(first(s, Timing.NO_REWRITE + "count(*) FROM ((SELECT * FROM " + name
                            + ") EXCEPT ALL (" + mv[1] + "))"));
                    if (wrong != 0) {
                        throw new IllegalStateException(name + " differs from its definition in " + wrong + " rows");
                    }
                }
            }
            System.out.println("every MV equals its definition");
        }
    }

    private static double time(SqlSession s, String sql) {
        long t0 = System.nanoTime();
        exec(s, sql);
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static void waitForTasks(SqlSession s) throws InterruptedException {
        while (!first(s, "SELECT count(*) FROM tasks('type' = 'mv') WHERE Status IN ('PENDING', 'RUNNING')").equals("0")) {
            Thread.sleep(50);
        }
    }

    private static void exec(SqlSession s, String sql) {
        for (StatementResult r : s.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    private static String first(SqlSession s, String sql) {
        List<StatementResult> results = s.execute(sql);
        try (RowResult rows = (RowResult) results.get(results.size() - 1)) {
            rows.next();
            return String.valueOf(rows.value(0));
        }
    }
}
