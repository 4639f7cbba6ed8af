package io.cairndb.ivm;

import static io.cairndb.sqltest.SessionSql.differences;
import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.sql.SqlParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random inserts (rows repeated too), upserts, updates and deletes on both sides of semi and anti joins (EXISTS, NOT
 * EXISTS, IN, NOT IN over NOT NULL columns, LEFT SEMI / LEFT ANTI JOIN), with NULL join keys,
 * duplicate keys on both sides and sides emptied now and then, each round followed by a strict
 * INCREMENTAL refresh of every MV: after each refresh every MV holds exactly the rows of its
 * definition computed again (EXCEPT ALL both ways). The shapes cover match counts over one key, two
 * keys, a null-safe key and no key, left-only and right-only conditions, a condition that also
 * compares the sides otherwise (maintained per touched key), aggregates above, a semi join inside a
 * subquery's own semi join, a self semi join, and semi joins above inner and outer joins.
 */
class SemiJoinDifferentialTest {
    private static final Map<String, String> MVS = new LinkedHashMap<>();

    static {
        MVS.put("exists_rows", "SELECT id, k, g FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k)");
        MVS.put("not_exists_rows", "SELECT id, k, g FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.k = l.k)");
        MVS.put("in_filtered", "SELECT id, g FROM l WHERE k IN (SELECT k FROM r WHERE v > 2) AND g <> 3");
        MVS.put("not_in_not_null", "SELECT id, nk FROM l WHERE nk NOT IN (SELECT nk FROM r)");
        MVS.put("semi_conditions", "SELECT l.id, l.g FROM l LEFT SEMI JOIN r ON l.k = r.k AND l.g > 1 AND r.v < 5");
        MVS.put("anti_conditions", "SELECT l.id, l.k FROM l LEFT ANTI JOIN r ON l.k = r.k AND r.v <> 3 AND l.g < 4");
        MVS.put("exists_agg", "SELECT g, count(*) AS c, sum(id) AS s FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k) GROUP BY g");
        MVS.put("not_exists_agg", "SELECT g, count(*) AS c, max(id) AS m FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.k = l.k) "
                + "GROUP BY g");
        MVS.put("global_agg", "SELECT count(*) AS c, sum(g) AS s FROM l WHERE k IN (SELECT k FROM r)");
        MVS.put("two_keys", "SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k AND r.v = l.g)");
        MVS.put("null_safe", "SELECT l.id, l.k FROM l LEFT SEMI JOIN r ON l.k <=> r.k");
        MVS.put("null_safe_anti", "SELECT l.id, l.k FROM l LEFT ANTI JOIN r ON l.k <=> r.k");
        MVS.put("uncorrelated", "SELECT id, g FROM l WHERE EXISTS (SELECT 1 FROM r WHERE v > 5)");
        MVS.put("uncorrelated_anti", "SELECT g, count(*) AS c FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE v > 5) GROUP BY g");
        MVS.put("mixed", "SELECT g, count(*) AS c FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.k = l.k AND r.v > l.g) GROUP BY g");
        MVS.put("mixed_semi", "SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k AND r.v < l.g)");
        MVS.put("nested", "SELECT id, k FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k "
                + "AND NOT EXISTS (SELECT 1 FROM s WHERE s.k = r.v))");
        MVS.put("two_subqueries", "SELECT id FROM l WHERE k IN (SELECT k FROM r) AND NOT EXISTS (SELECT 1 FROM s WHERE s.k = l.g)");
        MVS.put("self_semi", "SELECT id, g FROM l WHERE EXISTS (SELECT 1 FROM l l2 WHERE l2.g = l.k)");
        MVS.put("over_join", "SELECT l.id, s.x FROM l JOIN s ON l.g = s.k WHERE EXISTS (SELECT 1 FROM r WHERE r.k = s.x)");
        MVS.put("over_left_join", "SELECT l.id, s.x FROM l LEFT JOIN s ON l.g = s.k WHERE l.k NOT IN (SELECT nk FROM r) "
                + "AND l.k IS NOT NULL");
        MVS.put("distinct_keys", "SELECT DISTINCT g FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k AND r.v >= 2)");
        MVS.put("sr_exists", "SELECT g, count(*) AS c FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k) GROUP BY g");
    }

    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE l (id INT, k INT, g INT, nk INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2 "
                + "PROPERTIES ('binlog.enable' = 'true')");
        exec(session, "CREATE TABLE r (id INT, k INT, v INT, nk INT NOT NULL) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2 "
                + "PROPERTIES ('enable_unique_key_merge_on_write' = 'true', 'binlog.enable' = 'true', "
                + "'binlog.need_historical_value' = 'true')");
        exec(session, "CREATE TABLE s (k INT NOT NULL, x INT) PRIMARY KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1 "
                + "PROPERTIES ('enable_change_data_capture' = 'true')");
        exec(session, "INSERT INTO l VALUES (1, 1, 1, 1), (2, 2, 2, 2), (3, NULL, 3, 3), (4, 1, 4, 4), (5, 5, 1, 1)");
        exec(session, "INSERT INTO r VALUES (1, 1, 1, 1), (2, 1, 5, 2), (3, NULL, 8, 3), (4, 4, 2, 9)");
        exec(session, "INSERT INTO s VALUES (1, 1), (2, 4), (5, 2)");
        for (Map.Entry<String, String> mv : MVS.entrySet()) {
            String refresh = mv.getKey().startsWith("sr_") ? "REFRESH DEFERRED MANUAL PROPERTIES (\"refresh_mode\" = \"INCREMENTAL\") "
                    : "BUILD DEFERRED REFRESH INCREMENTAL ON MANUAL ";
            exec(session, "CREATE MATERIALIZED VIEW " + mv.getKey() + " " + refresh + "AS " + mv.getValue());
        }
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void everyRefreshEqualsTheDefinition() {
        Random random = new Random(20260611);
        int nextId = 100;
        for (int round = 0; round < 20; round++) {
            int writes = 1 + random.nextInt(4);
            for (int w = 0; w < writes; w++) {
                switch (random.nextInt(18)) {
                    case 0, 1, 2 -> exec(session, "INSERT INTO l VALUES (" + nextId++ + ", " + key(random) + ", " + (1 + random.nextInt(5))
                            + ", " + random.nextInt(6) + "), (" + nextId++ + ", " + key(random) + ", " + (1 + random.nextInt(5)) + ", "
                            + random.nextInt(6) + ")");
                    case 3 -> exec(session, "DELETE FROM l WHERE id % 7 = " + random.nextInt(7));
                    // Rows equal in every column: the left side is a multiset.
                    case 4 -> exec(session, "INSERT INTO l SELECT * FROM l WHERE id % 5 = " + random.nextInt(5));
                    case 5, 6, 7 -> exec(session, "INSERT INTO r VALUES (" + random.nextInt(12) + ", " + key(random) + ", " + random.nextInt(8)
                            + ", " + random.nextInt(6) + ")");
                    case 8 -> exec(session, "UPDATE r SET v = v + " + (random.nextInt(5) - 2) + " WHERE k = " + random.nextInt(6));
                    case 9, 10 -> exec(session, "DELETE FROM r WHERE id % 4 = " + random.nextInt(4));
                    case 11, 16 -> exec(session, "INSERT INTO s VALUES (" + random.nextInt(8) + ", " + random.nextInt(6) + ")");
                    case 12, 17 -> exec(session, "DELETE FROM s WHERE k = " + random.nextInt(8));
                    // A side emptied: every right key's count drops to 0, or the left side has nothing to keep.
                    case 13 -> exec(session, random.nextBoolean() ? "DELETE FROM r WHERE id >= 0" : "DELETE FROM l WHERE id >= 0");
                    case 14 -> exec(session, "UPDATE r SET k = " + key(random) + " WHERE id = " + random.nextInt(12));
                    default -> {
                        if (random.nextInt(6) == 0) {
                            exec(session, "TRUNCATE TABLE " + (random.nextBoolean() ? "r" : "l"));
                        } else {
                            exec(session, "INSERT INTO l SELECT id + 1000 + " + round + " * 10000, k, g, nk FROM l WHERE g = "
                                    + (1 + random.nextInt(5)));
                        }
                    }
                }
            }
            for (Map.Entry<String, String> mv : MVS.entrySet()) {
                exec(session, "REFRESH MATERIALIZED VIEW " + mv.getKey() + " INCREMENTAL WITH SYNC MODE");
                assertEquals(List.of("0", "0"), differences(session, mv.getKey(), mv.getValue()),
                        mv.getKey() + " differs from its definition after round " + round);
                assertCountsExact(mv.getKey(), round);
            }
        }
        assertEquals(List.of("COMPLETE", "NOT_REFRESH", "PARTIAL"), rows(session,
                "SELECT DISTINCT RefreshMode FROM tasks('type' = 'mv') ORDER BY 1"), "every kind of refresh ran");
        assertEquals(List.of("0"), rows(session, "SELECT count(*) FROM tasks('type' = 'mv') WHERE IvmFallbackReason IS NOT NULL"),
                "no refresh fell back");
        for (String mv : MVS.keySet()) {
            long incremental = Long.parseLong(rows(session, "SELECT count(*) FROM tasks('type' = 'mv') WHERE MvName = '" + mv
                    + "' AND RefreshMode = 'PARTIAL'").get(0));
            assertTrue(incremental > 5, mv + " was refreshed incrementally");
        }
    }

    /**
     * Every match count table of the MV holds what counting its join's right input again gives: a
     * count that drifted would show in the MV only when some later change meets it.
     */
    private void assertCountsExact(String mv, int round) {
        try (Connection c = db.connect()) {
            StatementContext ctx = db.context(new Txn(c), "d");
            TableMeta table = ctx.catalog().table("d", mv);
            MvMeta meta = ctx.catalog().mv("d", mv);
            IvmForm form = IvmAnalyzer.analyze(QueryBinder.bind(ctx, SqlParser.parseQuery(meta.querySql())).plan(),
                    source -> ctx.catalog().tableById(source.database(), source.tableId()), Set.of(), List.of());
            MatchCounts counts = MatchCounts.of(form, table);
            for (MatchCounts.Counted counted : counts.all()) {
                String expected = MatchCounts.countQuery(counted, ctx.translator().printer());
                Object wrong = Sql.scalar(c, "SELECT count(*) FROM ((SELECT * FROM " + counted.name() + " EXCEPT ALL " + expected
                        + ") UNION ALL (" + expected + " EXCEPT ALL SELECT * FROM " + counted.name() + "))");
                assertEquals(0L, ((Number) wrong).longValue(), "the match counts " + counted.table() + " of " + mv
                        + " drifted after round " + round);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A join key: often NULL, from a small range so that both sides repeat keys. */
    private static String key(Random random) {
        return random.nextInt(4) == 0 ? "NULL" : String.valueOf(random.nextInt(6));
    }
}
