package io.cairndb.ddl;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Two sessions change constraints of two tables at once: each adds and drops a foreign key to the
 * other table and drops and adds its own primary key. Foreign keys in opposite directions and a
 * primary key dropped while a foreign key to it is added must neither deadlock nor leave a foreign
 * key whose primary key is gone.
 */
class ConstraintConcurrencyTest {
    private static final int ROUNDS = 60;

    @Test
    void foreignKeysNeverOutliveTheirPrimaryKeys() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (Database db = Database.open(null); SqlSession setup = db.open(1, "root", null, "test")) {
                exec(setup, "CREATE DATABASE d");
                for (String t : List.of("a", "b")) {
                    exec(setup, "CREATE TABLE d." + t + " (id INT NOT NULL, ref INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
                    exec(setup, "ALTER TABLE d." + t + " ADD CONSTRAINT " + t + "_pk PRIMARY KEY (id)");
                }
                List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
                CountDownLatch start = new CountDownLatch(1);
                Thread one = worker(db, 2, "a", "b", start, unexpected);
                Thread two = worker(db, 3, "b", "a", start, unexpected);
                one.start();
                two.start();
                start.countDown();
                one.join();
                two.join();
                assertEquals(List.of(), unexpected);
                for (String t : List.of("a", "b")) {
                    for (String row : rows(setup, "SHOW CONSTRAINTS FROM d." + t)) {
                        String[] cells = row.split("\\|");
                        if (cells[1].equals("FOREIGN KEY")) {
                            String other = t.equals("a") ? "b" : "a";
                            assertTrue(rows(setup, "SHOW CONSTRAINTS FROM d." + other).contains(other + "_pk|PRIMARY KEY|PRIMARY KEY (id)"),
                                    t + " keeps " + row + " without the primary key it references");
                        }
                    }
                }
            }
        });
    }

    /** A session that adds and drops its foreign key to {@code other}, and drops and adds its own primary key. */
    private static Thread worker(Database db, long id, String own, String other, CountDownLatch start, List<String> unexpected) {
        return new Thread(() -> {
            try (SqlSession s = db.open(id, "root", null, "test")) {
                exec(s, "USE d");
                start.await();
                for (int i = 0; i < ROUNDS; i++) {
                    run(s, "ALTER TABLE " + own + " ADD CONSTRAINT " + own + "_fk FOREIGN KEY (ref) REFERENCES " + other + " (id)", unexpected);
                    run(s, "ALTER TABLE " + own + " DROP CONSTRAINT " + own + "_pk", unexpected);
                    run(s, "ALTER TABLE " + own + " ADD CONSTRAINT " + own + "_pk PRIMARY KEY (id)", unexpected);
                    run(s, "ALTER TABLE " + own + " DROP CONSTRAINT " + own + "_fk", unexpected);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Runs a statement; failing because the other session changed a key first is expected, anything else not. */
    private static void run(SqlSession s, String sql, List<String> unexpected) {
        try {
            exec(s, sql);
        } catch (CairnException e) {
            String m = e.getMessage();
            boolean raced = m.startsWith("Foreign key constraint requires a primary key constraint") || m.startsWith("Unknown constraint");
            if (!raced) {
                unexpected.add(sql + ": " + m);
            }
        }
    }
}
