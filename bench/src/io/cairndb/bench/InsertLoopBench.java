package io.cairndb.bench;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The fixed cost of a write statement: N single-row INSERTs, each its own transaction, through the
 * embedded API, on a file-backed database (its commits reach the disk) or in memory (what is left is
 * the FE and DuckDB work). Prints the median of several rounds in microseconds per INSERT.
 *   bench/run.sh InsertLoopBench [inserts per round, default 2000] [rounds, default 5] [file | memory]
 */
public final class InsertLoopBench {
    private InsertLoopBench() {
    }

    public static void main(String[] args) throws Exception {
        int inserts = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        boolean inMemory = args.length > 2 && args[2].equals("memory");
        Path dir = inMemory ? null : Files.createTempDirectory("cairn-insert-bench");
        try (Database db = Database.open(dir); SqlSession s = db.open(1, "root", null, "bench")) {
            s.execute("CREATE DATABASE bench");
            s.execute("USE bench");
            s.execute("CREATE TABLE t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            double[] perInsert = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < inserts; i++) {
                    s.execute("INSERT INTO t VALUES (" + i + ", " + r + ")");
                }
                perInsert[r] = (System.nanoTime() - t0) / 1e3 / inserts;
                System.out.printf("round %d: %.1f us per INSERT%n", r + 1, perInsert[r]);
            }
            Arrays.sort(perInsert);
            System.out.printf("median of %d rounds of %d INSERTs: %.1f us per INSERT%n", rounds, inserts, perInsert[rounds / 2]);
        }
    }
}
