package io.cairndb.bench;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * Storage of IVM MVs against the same MVs refreshed COMPLETE, in one database file: a fact table of
 * {@code rows} rows (UNIQUE KEY, binlog with before images) under an aggregate MV of rows/10 groups
 * (COUNT, SUM, AVG, MIN, MAX: the IVM one keeps their state in hidden columns) and a projection MV
 * of half the rows. Both are built, then 10 batches of 10,000 changes are applied (incrementally to
 * the IVM MVs, by COMPLETE to the others), the database is checkpointed, and each MV's persistent
 * blocks are counted (DuckDB's storage info). Target: IVM at most 1.5x the COMPLETE MV.
 * Usage: IvmStorageBench [rows, default 10,000,000].
 */
public final class IvmStorageBench {
    private static final String PROPS = "PROPERTIES ('enable_unique_key_merge_on_write' = 'true', 'binlog.enable' = 'true', "
            + "'binlog.need_historical_value' = 'true')";
    private static final List<String[]> MVS = List.of(
            new String[] {"agg", "SELECT g, count(*) AS n, sum(v) AS s, avg(v) AS a, min(v) AS mn, max(v) AS mx FROM facts GROUP BY g"},
            new String[] {"half_rows", "SELECT id, g, v * 2 AS v2 FROM facts WHERE v % 2 = 0"});

    private IvmStorageBench() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Path dir = Files.createTempDirectory("cairn-ivm-storage");
        try (Database db = Database.open(dir.resolve("ivm")); SqlSession s = db.open(1, "root", null, "bench")) {
            exec(s, "CREATE DATABASE bench");
            exec(s, "USE bench");
            exec(s, "CREATE TABLE facts (id BIGINT NOT NULL, g BIGINT, v BIGINT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                    + PROPS);
            exec(s, "INSERT INTO facts SELECT number, number % " + Math.max(1, rows / 10) + ", number % 9973 FROM numbers(\"number\" = \""
                    + rows + "\")");
            for (String[] mv : MVS) {
                exec(s, "CREATE MATERIALIZED VIEW " + mv[0] + "_ivm BUILD IMMEDIATE REFRESH INCREMENTAL ON MANUAL AS " + mv[1]);
                exec(s, "CREATE MATERIALIZED VIEW " + mv[0] + "_complete BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS " + mv[1]);
            }
            waitForTasks(s);
            long next = rows;
            for (int batch = 0; batch < 10; batch++) {
                exec(s, "INSERT INTO facts SELECT number + " + next + ", number % 977, number % 101 FROM numbers(\"number\" = \"6000\")");
                next += 6000;
                long from = batch * 100_000L;
                exec(s, "UPDATE facts SET v = v + 1 WHERE id >= " + from + " AND id < " + (from + 3000));
                exec(s, "DELETE FROM facts WHERE id >= " + (from + 50_000) + " AND id < " + (from + 51_000));
                for (String[] mv : MVS) {
                    exec(s, "REFRESH MATERIALIZED VIEW " + mv[0] + "_ivm INCREMENTAL WITH SYNC MODE");
                    exec(s, "REFRESH MATERIALIZED VIEW " + mv[0] + "_complete COMPLETE WITH SYNC MODE");
                }
            }
            try (Connection c = db.connect(); Statement st = c.createStatement()) {
                st.execute("CHECKPOINT");
                long blockSize = scalar(st, "SELECT block_size FROM pragma_database_size() LIMIT 1");
                System.out.printf("%,d fact rows, %d KiB blocks, after 10 batches of 10,000 changes and a checkpoint%n", rows,
                        blockSize / 1024);
                System.out.printf("%-10s %12s %8s %12s %12s %8s %8s%n", "MV", "rows", "columns", "IVM MB", "COMPLETE MB", "ratio",
                        "target");
                for (String[] mv : MVS) {
                    Stored ivm = stored(db, st, mv[0] + "_ivm", blockSize);
                    Stored complete = stored(db, st, mv[0] + "_complete", blockSize);
                    System.out.printf("%-10s %,12d %3d / %-3d %12.1f %12.1f %7.2fx %8s%n", mv[0], ivm.rows(), ivm.columns(),
                            complete.columns(), ivm.bytes() / 1e6, complete.bytes() / 1e6, (double) ivm.bytes() / complete.bytes(),
                            "<= 1.5x");
                }
            }
        }
    }

    private record Stored(long rows, long columns, long bytes) {
    }

    /** The MV table's rows, stored columns (hidden ones included) and persistent blocks, in bytes. */
    private static Stored stored(Database db, Statement st, String mv, long blockSize) throws Exception {
        String table;
        try (Connection c = db.connect()) {
            table = db.context(new Txn(c), "bench").catalog().table("bench", mv).duckName();
        }
        long blocks = scalar(st, "SELECT count(DISTINCT block_id) FROM pragma_storage_info('" + table + "') WHERE persistent");
        long rows = scalar(st, "SELECT count(*) FROM " + table);
        long columns = scalar(st, "SELECT count(*) FROM pragma_table_info('" + table + "')");
        return new Stored(rows, columns, blocks * blockSize);
    }

    private static long scalar(Statement st, String sql) throws Exception {
        try (ResultSet r = st.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void exec(SqlSession s, String sql) {
        for (StatementResult r : s.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    private static void waitForTasks(SqlSession s) throws InterruptedException {
        while (true) {
            try (RowResult r = (RowResult) s.execute("SELECT count(*) FROM tasks('type' = 'mv') WHERE Status IN ('PENDING', 'RUNNING')")
                    .get(0)) {
                r.next();
                if (((Number) r.value(0)).longValue() == 0) {
                    return;
                }
            }
            Thread.sleep(50);
        }
    }
}
