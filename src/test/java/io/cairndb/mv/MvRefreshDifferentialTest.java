package io.cairndb.mv;

import io.cairndb.engine.RowResult;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.TextValue;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
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
        run("CREATE DATABASE d");
        run("USE d");
        run("CREATE TABLE facts (id INT, dt DATE NOT NULL, kind INT, v INT) DUPLICATE KEY(id) "
                + "PARTITION BY RANGE(dt) (FROM ('2024-01-25') TO ('2024-02-05') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 2");
        run("CREATE TABLE extra (id INT, dt DATE NOT NULL, v INT) DUPLICATE KEY(id) "
                + "PARTITION BY RANGE(dt) (FROM ('2024-01-25') TO ('2024-02-05') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 2");
        run("CREATE TABLE dims (kind INT, label VARCHAR(10)) UNIQUE KEY(kind) DISTRIBUTED BY HASH(kind) BUCKETS 1");
        run("INSERT INTO dims VALUES (0, 'zero'), (1, 'one'), (2, 'two')");
        run("CREATE MATERIALIZED VIEW daily BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (dt) AS " + DAILY);
        run("CREATE MATERIALIZED VIEW monthly BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (m) AS " + MONTHLY);
        run("CREATE MATERIALIZED VIEW unioned BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (dt) AS " + UNION);
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
                        run("INSERT INTO facts VALUES " + values);
                    }
                    case 2 -> run("DELETE FROM facts WHERE id % 7 = " + random.nextInt(7) + " AND dt = '" + day + "'");
                    case 3 -> run("INSERT INTO extra VALUES (" + nextId++ + ", '" + day + "', " + random.nextInt(50) + ")");
                    case 4 -> run("TRUNCATE TABLE facts PARTITION (p_" + day.replace("-", "") + ")");
                    default -> run("INSERT INTO dims VALUES (" + random.nextInt(3) + ", 'l" + random.nextInt(5) + "')");
                }
            }
            for (String mv : List.of("daily", "monthly", "unioned")) {
                run("REFRESH MATERIALIZED VIEW " + mv + " AUTO WITH SYNC MODE");
            }
            assertSame("daily", DAILY, round);
            assertSame("monthly", MONTHLY, round);
            assertSame("unioned", UNION, round);
        }
    }

    private void assertSame(String mv, String definition, int round) {
        String missing = "SELECT count(*) FROM ((" + definition + ") EXCEPT ALL (SELECT * FROM " + mv + "))";
        String extra = "SELECT count(*) FROM ((SELECT * FROM " + mv + ") EXCEPT ALL (" + definition + "))";
        assertEquals(List.of("0", "0"), List.of(scalar(missing), scalar(extra)), mv + " differs after round " + round);
    }

    private void run(String sql) {
        for (StatementResult r : session.execute(sql)) {
            if (r instanceof RowResult rows) {
                rows.close();
            }
        }
    }

    private String scalar(String sql) {
        List<StatementResult> results = session.execute(sql);
        List<String> out = new ArrayList<>();
        try (RowResult rows = (RowResult) results.get(results.size() - 1)) {
            while (rows.next()) {
                out.add(TextValue.of(rows.value(0), rows.columns().get(0).type()));
            }
        }
        return out.get(0);
    }
}
