package io.cairndb.changelog;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Sessions consuming one stream at the same time, into different sinks, take every change exactly
 * once between them. Two first consumers used to both take every change (each wrote its own offset
 * rows, so the stream then listed later changes twice), and later ones failed with DuckDB's
 * "Conflict on tuple deletion!".
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ConcurrentStreamConsumersTest {

    @Test
    void twoFirstConsumersTakeEachChangeOnce() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession admin = db.open(1, "root", null, "test");
            setUp(admin, 2);
            exec(admin, "INSERT INTO src SELECT number, number FROM numbers(\"number\" = \"100000\")");
            List<String> errors = runConcurrently(db, 2, 1, (consumer, round) ->
                    "INSERT INTO sink" + consumer + " SELECT id, v FROM s");
            assertEquals(List.of(), errors);
            assertEquals(List.of("100000|100000"), rows(admin,
                    "SELECT count(*), count(DISTINCT id) FROM (SELECT id FROM sink0 UNION ALL SELECT id FROM sink1)"));
            exec(admin, "INSERT INTO src SELECT number + 100000, number FROM numbers(\"number\" = \"100000\")");
            assertEquals(List.of("100000|100000"), rows(admin, "SELECT count(*), count(DISTINCT id) FROM s"));
            admin.close();
        }
    }

    @Test
    void manyConsumersOverManyRoundsLoseAndDoubleNothing() throws Exception {
        int consumers = 3;
        int rounds = 40;
        try (Database db = Database.open(null)) {
            SqlSession admin = db.open(1, "root", null, "test");
            setUp(admin, consumers);
            ExecutorService writer = Executors.newSingleThreadExecutor();
            Future<Integer> written = writer.submit(() -> {
                int n = 0;
                try (SqlSession w = db.open(2, "root", "d", "test")) {
                    for (int i = 0; i < rounds * 5; i++) {
                        w.execute("INSERT INTO src SELECT number + " + n + ", number FROM numbers(\"number\" = \"200\")");
                        n += 200;
                        // Updates and deletes of earlier keys become changes too.
                        w.execute("UPDATE src SET v = v + 1 WHERE id % 7 = " + (i % 7) + " AND id < " + n);
                    }
                }
                return n;
            });
            List<String> errors = runConcurrently(db, consumers, rounds, (consumer, round) ->
                    "INSERT INTO sink" + consumer + " SELECT id, v FROM s");
            int inserted = written.get();
            writer.shutdown();
            assertEquals(List.of(), errors);
            exec(admin, "INSERT INTO sink0 SELECT id, v FROM s");
            // A DETAIL stream lists every change once: the sinks together hold the changelog, once.
            assertEquals(rows(admin, "SELECT count(*) FROM src@incr(\"incrementType\" = \"DETAIL\")"), rows(admin,
                    "SELECT count(*) FROM (SELECT id FROM sink0 UNION ALL SELECT id FROM sink1 UNION ALL SELECT id FROM sink2)"));
            assertEquals(List.of(String.valueOf(inserted)), rows(admin, "SELECT count(*) FROM src"));
            assertEquals(List.of("0"), rows(admin, "SELECT count(*) FROM s"));
            admin.close();
        }
    }

    private static void setUp(SqlSession admin, int sinks) {
        exec(admin, "CREATE DATABASE d");
        exec(admin, "USE d");
        exec(admin, "CREATE TABLE src (id BIGINT NOT NULL, v BIGINT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1 "
                + "PROPERTIES (\"changelog.enable\" = \"true\", \"changelog.need_historical_value\" = \"true\")");
        exec(admin, "CREATE STREAM s ON TABLE src PROPERTIES (\"type\" = \"detail\")");
        for (int i = 0; i < sinks; i++) {
            exec(admin, "CREATE TABLE sink" + i + " (id BIGINT, v BIGINT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
        }
    }

    interface StatementOf {
        String sql(int consumer, int round);
    }

    /** Each consumer runs its statement once per round, all starting each round together; the errors met. */
    private static List<String> runConcurrently(Database db, int consumers, int rounds, StatementOf statement)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(consumers);
        CyclicBarrier start = new CyclicBarrier(consumers);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                int consumer = c;
                Callable<List<String>> work = () -> {
                    List<String> errors = new ArrayList<>();
                    try (SqlSession s = db.open(100 + consumer, "root", "d", "test")) {
                        for (int round = 0; round < rounds; round++) {
                            start.await();
                            try {
                                s.execute(statement.sql(consumer, round));
                            } catch (RuntimeException e) {
                                errors.add(e.getMessage());
                            }
                        }
                    }
                    return errors;
                };
                results.add(pool.submit(work));
            }
            List<String> errors = new ArrayList<>();
            for (Future<List<String>> r : results) {
                errors.addAll(r.get());
            }
            return errors;
        } finally {
            pool.shutdown();
        }
    }
}
