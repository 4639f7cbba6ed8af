package io.cairndb.mv;

import static io.cairndb.sqltest.SessionSql.differences;
import static io.cairndb.sqltest.SessionSql.exec;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random writes to partitioned base tables, each followed by an AUTO refresh: the MVs must always hold
 * exactly the rows of their definitions, whatever mix of partitions changed.
 */
class MvRefreshDifferentialTest {
    private static final String DAILY = "SELECT dt, kind, count(*) AS c, sum(v) AS s FROM facts GROUP BY dt, kind";
    private static final String MONTHLY = "SELECT date_trunc(f.dt, 'month') AS m, d.label, sum(f.v) AS s FROM facts f "
            + "JOIN dims d ON f.kind = d.kind GROUP BY date_trunc(f.dt, 'month'), d.label";
    private static final String UNION = "SELECT dt, v FROM facts UNION ALL SELECT dt, v FROM extra";

    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE facts (id INT, dt DATE NOT NULL, kind INT, v INT) DUPLICATE KEY(id) "
                + "PARTITION BY RANGE(dt) (FROM ('2024-01-25') TO ('2024-02-05') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 2");
        exec(session, "CREATE TABLE extra (id INT, dt DATE NOT NULL, v INT) DUPLICATE KEY(id) "
                + "PARTITION BY RANGE(dt) (FROM ('2024-01-25') TO ('2024-02-05') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 2");
        exec(session, "CREATE TABLE dims (kind INT, label VARCHAR(10)) UNIQUE KEY(kind) DISTRIBUTED BY HASH(kind) BUCKETS 1");
        exec(session, "INSERT INTO dims VALUES (0, 'zero'), (1, 'one'), (2, 'two')");
        exec(session, "CREATE MATERIALIZED VIEW daily BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (dt) AS " + DAILY);
        exec(session, "CREATE MATERIALIZED VIEW monthly BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (m) AS " + MONTHLY);
        exec(session, "CREATE MATERIALIZED VIEW unioned BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (dt) AS " + UNION);
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void autoRefreshAlwaysEqualsTheDefinition() {
        Random random = new Random(20261130);
        int nextId = 0;
        for (int round = 0; round < 40; round++) {
            int writes = 1 + random.nextInt(3);
            for (int w = 0; w < writes; w++) {
                String day = "2024-01-" + (25 + random.nextInt(7));
                if (day.endsWith("-32")) {
                    day = "2024-02-01";
                }
                switch (random.nextInt(6)) {
                    case 0, 1 -> {
                        StringBuilder values = new StringBuilder();
                        int n = 1 + random.nextInt(5);
                        for (int i = 0; i < n; i++) {
                            values.append(i == 0 ? "" : ", ").append("(").append(nextId++).append(", '").append(day)
                                    .append("', ").append(random.nextInt(3)).append(", ").append(random.nextInt(100)).append(")");
                        }
                        exec(session, "INSERT INTO facts VALUES " + values);
                    }
                    case 2 -> exec(session, "DELETE FROM facts WHERE id % 7 = " + random.nextInt(7) + " AND dt = '" + day + "'");
                    case 3 -> exec(session, "INSERT INTO extra VALUES (" + nextId++ + ", '" + day + "', " + random.nextInt(50) + ")");
                    case 4 -> exec(session, "TRUNCATE TABLE facts PARTITION (p_" + day.replace("-", "") + ")");
                    default -> exec(session, "INSERT INTO dims VALUES (" + random.nextInt(3) + ", 'l" + random.nextInt(5) + "')");
                }
            }
            for (String mv : List.of("daily", "monthly", "unioned")) {
                exec(session, "REFRESH MATERIALIZED VIEW " + mv + " AUTO WITH SYNC MODE");
            }
            assertSame("daily", DAILY, round);
            assertSame("monthly", MONTHLY, round);
            assertSame("unioned", UNION, round);
        }
    }

    private void assertSame(String mv, String definition, int round) {
        assertEquals(List.of("0", "0"), differences(session, mv, definition), mv + " differs after round " + round);
    }


}
