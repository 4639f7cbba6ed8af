package io.cairndb.rewrite;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Outer-join derivation under NULL-heavy data: three small tables whose join keys are NULL in about a
 * third of the rows and repeat in the rest, MVs over every join type (two-table joins and chains of
 * three, detail and aggregate, with and without a never-NULL column of each side), and random queries
 * over every join type, each run with and without rewrite. The data then loses one side at a time
 * (an empty table), the MVs are refreshed, and the queries go on.
 */
class OuterJoinRewriteDifferentialTest {
    private static final int QUERIES = 1_000;
    private static final List<String> KINDS = List.of("JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL OUTER JOIN");
    private static final Map<String, String> MVS = new LinkedHashMap<>();

    static {
        String pair = "SELECT l.id AS lid, l.k AS lk, l.v AS lv, r.id AS rid, r.k AS rk, r.w AS rw FROM l %s r ON l.k = r.k";
        MVS.put("oj_inner", String.format(pair, "JOIN"));
        MVS.put("oj_left", String.format(pair, "LEFT JOIN"));
        MVS.put("oj_right", String.format(pair, "RIGHT JOIN"));
        MVS.put("oj_full", String.format(pair, "FULL OUTER JOIN"));
        // No never-NULL column: only the join keys could tell matched rows, which is not enough.
        MVS.put("oj_full_keys", "SELECT l.k AS lk, l.v AS lv, r.k AS rk, r.w AS rw FROM l FULL OUTER JOIN r ON l.k = r.k");
        MVS.put("oj_left_agg", "SELECT l.k AS lk, r.k AS rk, count(*) AS c, count(r.id) AS cr, count(r.w) AS cw, "
                + "sum(l.v) AS sv, sum(r.w) AS sw, min(r.w) AS mnw, max(l.v) AS mxv FROM l LEFT JOIN r ON l.k = r.k GROUP BY l.k, r.k");
        MVS.put("oj_full_agg", "SELECT l.k AS lk, r.k AS rk, count(*) AS c, count(l.id) AS cl, count(r.id) AS cr, "
                + "count(r.w) AS cw, sum(l.v) AS sv, sum(r.w) AS sw FROM l FULL OUTER JOIN r ON l.k = r.k GROUP BY l.k, r.k");
        MVS.put("oj_chain_left", "SELECT l.id AS lid, l.k AS lk, l.v AS lv, r.id AS rid, r.k AS rk, r.w AS rw, s.id AS sid, "
                + "s.k AS sk, s.u AS su FROM l LEFT JOIN r ON l.k = r.k LEFT JOIN s ON r.k = s.k");
        MVS.put("oj_chain_full", "SELECT l.id AS lid, l.k AS lk, l.v AS lv, r.id AS rid, r.k AS rk, r.w AS rw, s.id AS sid, "
                + "s.k AS sk, s.u AS su FROM l FULL OUTER JOIN r ON l.k = r.k LEFT JOIN s ON l.k = s.k");
        MVS.put("oj_chain_agg", "SELECT l.k AS lk, s.u AS su, count(*) AS c, count(r.id) AS cr, count(s.id) AS cs, "
                + "sum(l.v) AS sv FROM l LEFT JOIN r ON l.k = r.k LEFT JOIN s ON r.k = s.k GROUP BY l.k, s.u");
        MVS.put("oj_nested", "SELECT l.id AS lid, l.k AS lk, l.v AS lv, r.id AS rid, r.k AS rk, r.w AS rw, s.id AS sid, "
                + "s.k AS sk, s.u AS su FROM l LEFT JOIN (r LEFT JOIN s ON r.k = s.k) ON l.k = r.k");
    }

    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE l (id INT NOT NULL, k INT NULL, v INT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
        exec(session, "CREATE TABLE r (id INT NOT NULL, k INT NULL, w INT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
        exec(session, "CREATE TABLE s (id INT NOT NULL, k INT NULL, u INT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @ParameterizedTest
    @ValueSource(longs = {20240601L, 77L})
    void derivedOuterJoinsReturnTheRowsOfTheBaseTables(long seed) throws InterruptedException {
        Random random = new Random(seed);
        for (String table : List.of("l", "r", "s")) {
            load(random, table);
        }
        for (Map.Entry<String, String> mv : MVS.entrySet()) {
            exec(session, "CREATE MATERIALIZED VIEW " + mv.getKey() + " BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL "
                    + "DISTRIBUTED BY RANDOM BUCKETS 1 AS " + mv.getValue());
        }
        refreshed();
        RewriteComparison comparison = new RewriteComparison(session);
        Set<String> chosen = new TreeSet<>();
        int rewritten = 0;
        int antiFromLeft = 0;
        for (int i = 0; i < QUERIES; i++) {
            if (i == QUERIES / 2) {
                empty("r");
            } else if (i == QUERIES * 3 / 4) {
                load(random, "r");
                empty("l");
            }
            String sql = query(random);
            List<String> names = comparison.check(sql, Set.of());
            rewritten += names.isEmpty() ? 0 : 1;
            antiFromLeft += sql.contains("LEFT ANTI") && names.contains("oj_left") ? 1 : 0;
            chosen.addAll(names);
        }
        System.out.printf("seed %d: %d of %d outer-join queries rewritten, MVs chosen: %s%n", seed, rewritten, QUERIES, chosen);
        assertTrue(rewritten * 4 >= QUERIES, "at least a quarter of the queries are rewritten: " + rewritten);
        assertTrue(chosen.containsAll(List.of("oj_left", "oj_full", "oj_full_agg")), "derivations answer queries: " + chosen);
        assertTrue(antiFromLeft > 0, "a LEFT ANTI join is answered from the LEFT MV");
    }

    /** 30 rows: a third of the join keys NULL, the others from 1 to 6 (so repeated), a value NULL one time in five. */
    private void load(Random random, String table) {
        List<String> values = new ArrayList<>();
        for (int id = 1; id <= 30; id++) {
            String k = random.nextInt(3) == 0 ? "NULL" : Integer.toString(1 + random.nextInt(6));
            String v = random.nextInt(5) == 0 ? "NULL" : Integer.toString(random.nextInt(20));
            values.add("(" + id + ", " + k + ", " + v + ")");
        }
        exec(session, "INSERT INTO " + table + " VALUES " + String.join(", ", values));
    }

    private void empty(String table) throws InterruptedException {
        exec(session, "DELETE FROM " + table + " WHERE id > 0");
        refreshed();
    }

    private void refreshed() throws InterruptedException {
        for (String mv : MVS.keySet()) {
            exec(session, "REFRESH MATERIALIZED VIEW " + mv + " COMPLETE");
        }
        new RewriteComparison(session).awaitRefreshes();
    }

    private String query(Random random) {
        boolean chain = random.nextInt(3) == 0;
        // A semi or anti join keeps the left side's columns only (answered from the LEFT MV by its NULL-extended rows).
        String kind = random.nextInt(5) == 0 ? pick(random, List.of("LEFT SEMI JOIN", "LEFT ANTI JOIN")) : pick(random, KINDS);
        boolean leftOnly = kind.startsWith("LEFT SEMI") || kind.startsWith("LEFT ANTI");
        String from = "l " + kind + " r ON l.k = r.k";
        List<String> columns = new ArrayList<>(leftOnly ? List.of("l.id", "l.k", "l.v")
                : List.of("l.id", "l.k", "l.v", "r.id", "r.k", "r.w"));
        if (chain) {
            from += " " + pick(random, KINDS) + " s ON " + (leftOnly ? "l.k" : pick(random, List.of("r.k", "l.k"))) + " = s.k";
            columns.addAll(List.of("s.id", "s.k", "s.u"));
        }
        String where = where(random, columns);
        if (random.nextBoolean()) {
            Collections.shuffle(columns, random);
            int shown = 1 + random.nextInt(Math.min(4, columns.size()));
            return "SELECT " + String.join(", ", columns.subList(0, shown)) + " FROM " + from + where;
        }
        Set<String> groups = new LinkedHashSet<>();
        int keys = random.nextInt(3);
        for (int i = 0; i < keys; i++) {
            groups.add(pick(random, leftOnly ? List.of("l.k", "l.v", chain ? "s.u" : "l.k")
                    : List.of("l.k", "r.k", "l.k", "r.k", chain ? "s.u" : "l.v")));
        }
        Set<String> aggregates = new LinkedHashSet<>();
        int calls = 1 + random.nextInt(3);
        for (int i = 0; i < calls; i++) {
            aggregates.add(pick(random, leftOnly ? List.of("count(*)", "count(l.id)", "sum(l.v)", "max(l.v)")
                    : List.of("count(*)", "count(r.id)", "count(l.id)", "count(r.w)", "sum(l.v)", "sum(r.w)", "min(r.w)", "max(l.v)")));
        }
        List<String> select = new ArrayList<>(groups);
        select.addAll(aggregates);
        String groupBy = groups.isEmpty() ? "" : random.nextInt(4) == 0 ? " GROUP BY ROLLUP(" + String.join(", ", groups) + ")"
                : " GROUP BY " + String.join(", ", groups);
        return "SELECT " + String.join(", ", select) + " FROM " + from + where + groupBy;
    }

    private static String where(Random random, List<String> columns) {
        if (random.nextInt(3) > 0) {
            return "";
        }
        String c = pick(random, columns);
        return " WHERE " + pick(random, List.of(c + " IS NULL", c + " IS NOT NULL", c + " > 3", c + " = 2", c + " IN (1, 4)",
                c + " IS NULL OR " + c + " < 3"));
    }

    private static <T> T pick(Random random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }
}
