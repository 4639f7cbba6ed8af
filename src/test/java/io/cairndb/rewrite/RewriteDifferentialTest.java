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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Random select-project-join-group queries over a seeded star schema (a partitioned fact table,
 * two dimensions that some facts miss and whose keys are not unique), each run with and without
 * transparent rewrite: the rows are the same multiset whichever MV answers (detail and aggregate
 * MVs, filtered ones, inner and outer joins, a global aggregate; roll-ups of SUM, COUNT, MIN, MAX,
 * AVG and COUNT(DISTINCT) through bitmaps). Enough of the queries are rewritten, by enough different
 * MVs, for the comparison to mean something; after a base change without refresh no stale MV
 * answers but the MVs partitioned by day (from their fresh days UNION ALL the base's changed one),
 * and after a COMPLETE refresh they answer again.
 */
class RewriteDifferentialTest {
    private static final int QUERIES = 1_000;
    private static final int STALE_QUERIES = 40;
    private static final String PARTITIONED = "part_";
    private static final List<String> DAYS = List.of("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05",
            "2024-01-06");
    private static final List<String> CITIES = List.of("bj", "sh", "gz", "sz");
    private static final List<String> CATS = List.of("food", "toys", "tools");
    private static final List<String> NOTES = List.of("a1", "ab", "b2", "zz");
    private static final int CUSTS = 15;
    private static final int PRODS = 12;
    private static final Map<String, String> MVS = new LinkedHashMap<>();

    static {
        MVS.put("mv_big_qty", "SELECT id, cust, prod, d, qty, price, note FROM sales WHERE qty > 2");
        MVS.put("mv_cust_prod_day", "SELECT cust, prod, d, sum(qty) AS sq, count(*) AS c, min(price) AS mnp, max(price) AS mxp, "
                + "sum(price) AS sp, count(note) AS cn, bitmap_union(to_bitmap(cust)) AS bc FROM sales GROUP BY cust, prod, d");
        MVS.put("mv_city_day", "SELECT c.city, s.d, sum(s.qty) AS sq, count(*) AS c, sum(s.price) AS sp, min(s.price) AS mnp, "
                + "max(s.price) AS mxp, count(s.note) AS cn, bitmap_union(to_bitmap(s.cust)) AS bc "
                + "FROM sales s JOIN custs c ON s.cust = c.cust GROUP BY c.city, s.d");
        MVS.put("mv_cust_rows", "SELECT s.id, s.cust, s.prod, s.d, s.qty, s.price, s.note, c.city, c.tier "
                + "FROM sales s JOIN custs c ON s.cust = c.cust");
        MVS.put("mv_star_rows", "SELECT s.id, s.cust, s.prod, s.d, s.qty, s.price, s.note, c.city, c.tier, p.cat, p.brand "
                + "FROM sales s JOIN custs c ON s.cust = c.cust JOIN prods p ON s.prod = p.prod");
        MVS.put("mv_left_cust_agg", "SELECT s.cust, c.city, c.tier, s.d, sum(s.qty) AS sq, count(*) AS c, count(s.note) AS cn, "
                + "sum(s.price) AS sp, min(s.price) AS mnp, max(s.price) AS mxp FROM sales s LEFT JOIN custs c ON s.cust = c.cust "
                + "GROUP BY s.cust, c.city, c.tier, s.d");
        MVS.put("mv_left_prod_rows", "SELECT s.id, s.cust, s.prod, s.d, s.qty, s.price, s.note, p.cat, p.brand "
                + "FROM sales s LEFT JOIN prods p ON s.prod = p.prod");
        MVS.put("mv_late_days", "SELECT cust, d, sum(qty) AS sq, count(*) AS c, sum(price) AS sp, max(price) AS mxp FROM sales "
                + "WHERE d >= '2024-01-03' GROUP BY cust, d");
        MVS.put("mv_tiers", "SELECT c.tier, s.prod, sum(s.qty) AS sq, count(*) AS c, min(s.price) AS mnp, max(s.price) AS mxp, "
                + "sum(s.price) AS sp FROM sales s JOIN custs c ON s.cust = c.cust WHERE c.tier IN (1, 2) GROUP BY c.tier, s.prod");
        MVS.put("mv_city_cat", "SELECT c.city, p.cat, sum(s.qty) AS sq, count(*) AS c, sum(s.price) AS sp, count(s.note) AS cn, "
                + "bitmap_union(to_bitmap(s.cust)) AS bc FROM sales s JOIN custs c ON s.cust = c.cust "
                + "JOIN prods p ON s.prod = p.prod GROUP BY c.city, p.cat");
        // Filtered by an OR of ranges of one column: answers queries whose qty conditions lie within it.
        MVS.put("mv_qty_ends", "SELECT id, cust, prod, d, qty, price, note FROM sales WHERE qty < 3 OR qty > 6");
        MVS.put("mv_totals", "SELECT sum(qty) AS sq, count(*) AS c, sum(price) AS sp, min(price) AS mnp, max(price) AS mxp, "
                + "count(note) AS cn FROM sales");
        // Partitioned by day (names start with part_): with some days stale they answer from their fresh
        // partitions UNION ALL the base's stale ones.
        MVS.put("part_cust_day", "SELECT cust, d, sum(qty) AS sq, count(*) AS c, sum(price) AS sp, min(price) AS mnp, "
                + "max(price) AS mxp, count(note) AS cn, bitmap_union(to_bitmap(cust)) AS bc FROM sales GROUP BY cust, d");
        MVS.put("part_rows", "SELECT id, cust, prod, d, qty, price, note FROM sales WHERE qty > 1");
    }

    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() {
        db = Database.open(null);
        session = db.open(1, "root", null, "test");
        exec(session, "CREATE DATABASE d");
        exec(session, "USE d");
        exec(session, "CREATE TABLE sales (id BIGINT NOT NULL, cust INT NOT NULL, prod INT NOT NULL, d DATE NOT NULL, "
                + "qty INT NOT NULL, price DECIMAL(10, 2) NOT NULL, note VARCHAR(8) NULL) DUPLICATE KEY(id) "
                + "PARTITION BY RANGE(d) (FROM ('2024-01-01') TO ('2024-01-07') INTERVAL 1 DAY) DISTRIBUTED BY HASH(id) BUCKETS 1");
        exec(session, "CREATE TABLE custs (cust INT NOT NULL, city VARCHAR(8) NOT NULL, tier INT NOT NULL) DUPLICATE KEY(cust) "
                + "DISTRIBUTED BY HASH(cust) BUCKETS 1");
        exec(session, "CREATE TABLE prods (prod INT NOT NULL, cat VARCHAR(8) NOT NULL, brand INT NOT NULL) DUPLICATE KEY(prod) "
                + "DISTRIBUTED BY HASH(prod) BUCKETS 1");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @ParameterizedTest
    @ValueSource(longs = {20240601L, 77L})
    void rewrittenQueriesReturnTheRowsOfTheBaseTables(long seed) throws InterruptedException {
        Random random = new Random(seed);
        load(random);
        for (Map.Entry<String, String> mv : MVS.entrySet()) {
            exec(session, "CREATE MATERIALIZED VIEW " + mv.getKey() + " BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL "
                    + (mv.getKey().startsWith(PARTITIONED) ? "PARTITION BY (d) " : "")
                    + "DISTRIBUTED BY RANDOM BUCKETS 1 AS " + mv.getValue());
        }
        waitForTasks();
        QueryGenerator generator = new QueryGenerator(random);
        Set<String> chosen = new TreeSet<>();
        int rewritten = 0;
        for (int i = 0; i < QUERIES; i++) {
            if (i == QUERIES / 2) {
                checkStaleMvsAreNotUsed(random, generator);
            }
            List<String> names = check(generator.next());
            rewritten += names.isEmpty() ? 0 : 1;
            chosen.addAll(names);
        }
        System.out.printf("seed %d: %d of %d queries rewritten (%.0f%%), MVs chosen: %s%n", seed, rewritten, QUERIES,
                100.0 * rewritten / QUERIES, chosen);
        assertTrue(rewritten * 4 >= QUERIES, "at least a quarter of the queries are rewritten: " + rewritten + " of " + QUERIES);
        assertTrue(chosen.size() >= 3, "at least three different MVs answer queries: " + chosen);
    }

    /** Loads the dimensions, each with one key twice, and 400 facts, some of which reference no customer or no product. */
    private void load(Random random) {
        List<String> custs = new ArrayList<>();
        for (int c = 1; c <= CUSTS; c++) {
            custs.add("(" + c + ", '" + pick(random, CITIES) + "', " + random.nextInt(4) + ")");
        }
        custs.add("(" + (1 + random.nextInt(CUSTS)) + ", '" + pick(random, CITIES) + "', " + random.nextInt(4) + ")");
        exec(session, "INSERT INTO custs VALUES " + String.join(", ", custs));
        List<String> prods = new ArrayList<>();
        for (int p = 1; p <= PRODS; p++) {
            prods.add("(" + p + ", '" + pick(random, CATS) + "', " + (1 + random.nextInt(5)) + ")");
        }
        prods.add("(" + (1 + random.nextInt(PRODS)) + ", '" + pick(random, CATS) + "', " + (1 + random.nextInt(5)) + ")");
        exec(session, "INSERT INTO prods VALUES " + String.join(", ", prods));
        insertFacts(random, 1, 400, () -> pick(random, DAYS));
    }

    /** Inserts {@code count} random facts with ids from {@code firstId}, each on the next {@code day}. */
    private void insertFacts(Random random, int firstId, int count, Supplier<String> day) {
        List<String> values = new ArrayList<>();
        for (int id = firstId; id < firstId + count; id++) {
            String note = random.nextInt(10) < 3 ? "NULL" : "'" + pick(random, NOTES) + "'";
            values.add("(" + id + ", " + (1 + random.nextInt(CUSTS + 3)) + ", " + (1 + random.nextInt(PRODS + 2)) + ", '"
                    + day.get() + "', " + random.nextInt(10) + ", " + (50 + random.nextInt(9950)) / 100.0
                    + ", " + note + ")");
        }
        exec(session, "INSERT INTO sales VALUES " + String.join(", ", values));
    }

    /**
     * New facts without a refresh make every MV stale (each reads sales): queries still return the
     * base tables' rows; only MVs partitioned by day answer them, from their fresh days and the base's
     * changed one. A COMPLETE refresh brings the MVs back.
     */
    private void checkStaleMvsAreNotUsed(Random random, QueryGenerator generator) throws InterruptedException {
        String day = pick(random, DAYS);
        insertFacts(random, 1001, 5, () -> day);
        int unions = 0;
        for (int i = 0; i < STALE_QUERIES; i++) {
            Query query = generator.next();
            List<String> chosen = check(query);
            assertTrue(chosen.stream().allMatch(mv -> mv.startsWith(PARTITIONED)), "no stale MV answers " + query.sql());
            unions += chosen.isEmpty() ? 0 : 1;
        }
        assertTrue(unions > 0, "a partitioned MV answers with its stale day from the base");
        for (String mv : MVS.keySet()) {
            exec(session, "REFRESH MATERIALIZED VIEW " + mv + " COMPLETE");
        }
        waitForTasks();
    }

    /** Checks that {@code query} returns the same rows with and without rewrite; returns the MVs EXPLAIN chose. */
    private List<String> check(Query query) {
        return new RewriteComparison(session).check(query.sql(), query.approximate());
    }

    private void waitForTasks() throws InterruptedException {
        new RewriteComparison(session).awaitRefreshes();
    }

    private static <T> T pick(Random random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    /** A generated query and the indexes of its floating-point (average) columns. */
    private record Query(String sql, Set<Integer> approximate) {
    }

    /** A FROM clause and the tables it joins to sales. */
    private enum Shape {
        SALES("sales", false, false),
        JOIN_CUSTS("sales JOIN custs ON sales.cust = custs.cust", true, false),
        LEFT_CUSTS("sales LEFT JOIN custs ON sales.cust = custs.cust", true, false),
        JOIN_PRODS("sales JOIN prods ON sales.prod = prods.prod", false, true),
        LEFT_PRODS("sales LEFT JOIN prods ON sales.prod = prods.prod", false, true),
        STAR("sales JOIN custs ON sales.cust = custs.cust JOIN prods ON sales.prod = prods.prod", true, true);

        /** The shapes weighted towards those of the MVs. */
        static final List<Shape> WEIGHTED = List.of(SALES, SALES, SALES, JOIN_CUSTS, JOIN_CUSTS, LEFT_CUSTS, LEFT_CUSTS, JOIN_PRODS,
                LEFT_PRODS, STAR, STAR);

        final String from;
        final boolean custs;
        final boolean prods;

        Shape(String from, boolean custs, boolean prods) {
            this.from = from;
            this.custs = custs;
            this.prods = prods;
        }
    }

    /**
     * Random SPJG queries: group columns and filters mostly on the columns the MVs group by, so
     * that many queries are answerable by some MV and many are not.
     */
    private static final class QueryGenerator {
        private static final List<String> AGGREGATES = List.of("sum(sales.qty)", "count(*)", "count(sales.note)",
                "min(sales.price)", "max(sales.price)", "sum(sales.price)", "avg(sales.qty)", "count(DISTINCT sales.cust)");
        private final Random random;

        QueryGenerator(Random random) {
            this.random = random;
        }

        Query next() {
            Shape shape = pick(random, Shape.WEIGHTED);
            String where = where(shape);
            return random.nextInt(3) == 0 ? detail(shape, where) : aggregate(shape, where);
        }

        private Query detail(Shape shape, String where) {
            List<String> columns = new ArrayList<>(List.of("sales.id", "sales.cust", "sales.d", "sales.qty", "sales.price",
                    "sales.note", "sales.qty * 2", "sales.price + 1"));
            if (shape.custs) {
                columns.addAll(List.of("custs.city", "custs.tier", "custs.tier + sales.qty"));
            }
            if (shape.prods) {
                columns.addAll(List.of("prods.cat", "prods.brand"));
            }
            Collections.shuffle(columns, random);
            String select = String.join(", ", columns.subList(0, 1 + random.nextInt(4)));
            return new Query("SELECT " + select + " FROM " + shape.from + where, Set.of());
        }

        private Query aggregate(Shape shape, String where) {
            List<String> groups = distinct(random.nextInt(4), () -> groupColumn(shape));
            List<String> aggregates = distinct(1 + random.nextInt(4), () -> pick(random, AGGREGATES));
            Set<Integer> approximate = new HashSet<>();
            for (int i = 0; i < aggregates.size(); i++) {
                if (aggregates.get(i).startsWith("avg")) {
                    approximate.add(groups.size() + i);
                }
            }
            List<String> select = new ArrayList<>(groups);
            select.addAll(aggregates);
            String groupBy = groups.isEmpty() ? "" : " GROUP BY " + String.join(", ", groups);
            return new Query("SELECT " + String.join(", ", select) + " FROM " + shape.from + where + groupBy, approximate);
        }

        private List<String> distinct(int count, Supplier<String> next) {
            Set<String> out = new LinkedHashSet<>();
            for (int i = 0; i < count; i++) {
                out.add(next.get());
            }
            return List.copyOf(out);
        }

        private String groupColumn(Shape shape) {
            List<String> likely = new ArrayList<>(List.of("sales.cust", "sales.prod", "sales.d"));
            List<String> unlikely = new ArrayList<>(List.of("sales.note", "sales.qty"));
            if (shape.custs) {
                likely.addAll(List.of("custs.city", "custs.city", "custs.tier"));
                unlikely.add("custs.cust");
            }
            if (shape.prods) {
                likely.addAll(List.of("prods.cat", "prods.cat"));
                unlikely.add("prods.brand");
            }
            return pick(random, random.nextInt(5) == 0 ? unlikely : likely);
        }

        private String where(Shape shape) {
            List<String> conjuncts = new ArrayList<>();
            int n = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                conjuncts.add(conjunct(shape));
            }
            return conjuncts.isEmpty() ? "" : " WHERE " + String.join(" AND ", conjuncts);
        }

        private String conjunct(Shape shape) {
            int choice = random.nextInt(12);
            if (choice >= 8 && shape.custs) {
                return custsConjunct();
            }
            if (choice >= 10 && shape.prods) {
                return prodsConjunct();
            }
            return switch (choice % 8) {
                case 0, 1 -> dayConjunct();
                case 2, 3 -> qtyConjunct();
                case 4 -> pick(random, List.of("sales.cust = " + custId(), "sales.cust IN (" + custId() + ", " + custId() + ", "
                        + custId() + ")", "sales.cust < " + custId(), "sales.cust NOT IN (" + custId() + ", " + custId() + ")"));
                case 5 -> pick(random, List.of("sales.prod = " + (1 + random.nextInt(PRODS + 2)), "sales.prod >= "
                        + (1 + random.nextInt(PRODS + 2))));
                case 6 -> pick(random, List.of("sales.note IS NULL", "sales.note IS NOT NULL", "sales.note LIKE 'a%'",
                        "sales.price > " + random.nextInt(100)));
                default -> pick(random, List.of("sales.cust = sales.prod", "sales.qty = sales.prod", "sales.cust > sales.qty"));
            };
        }

        private String dayConjunct() {
            String day = pick(random, DAYS);
            return switch (random.nextInt(5)) {
                case 0 -> "sales.d >= '" + day + "'";
                case 1 -> "sales.d < '" + day + "'";
                case 2 -> "sales.d = '" + day + "'";
                case 3 -> "sales.d BETWEEN '" + day + "' AND '" + pick(random, DAYS) + "'";
                default -> "sales.d IN ('" + day + "', '" + pick(random, DAYS) + "')";
            };
        }

        private String qtyConjunct() {
            int qty = random.nextInt(10);
            return switch (random.nextInt(7)) {
                case 6 -> "(sales.qty < " + random.nextInt(5) + " OR sales.qty > " + (5 + random.nextInt(5)) + ")";
                case 0 -> "sales.qty > " + qty;
                case 1 -> "sales.qty >= " + qty;
                case 2 -> "sales.qty = " + qty;
                case 3 -> "sales.qty <> " + qty;
                case 4 -> "(sales.qty < " + qty + " OR sales.d = '" + pick(random, DAYS) + "')";
                default -> "sales.qty BETWEEN " + qty + " AND " + (qty + random.nextInt(5));
            };
        }

        private String custsConjunct() {
            return switch (random.nextInt(6)) {
                case 0 -> "custs.tier = " + random.nextInt(4);
                case 1 -> "custs.tier IN (1, 2)";
                case 2 -> "custs.tier IN (" + random.nextInt(4) + ", " + random.nextInt(4) + ")";
                case 3 -> "custs.city = '" + pick(random, CITIES) + "'";
                case 4 -> "custs.city IN ('" + pick(random, CITIES) + "', '" + pick(random, CITIES) + "')";
                default -> pick(random, List.of("custs.city IS NULL", "custs.tier IS NOT NULL", "sales.qty = custs.tier"));
            };
        }

        private String prodsConjunct() {
            return switch (random.nextInt(4)) {
                case 0 -> "prods.cat = '" + pick(random, CATS) + "'";
                case 1 -> "prods.cat IN ('" + pick(random, CATS) + "', '" + pick(random, CATS) + "')";
                case 2 -> "prods.brand > " + random.nextInt(5);
                default -> pick(random, List.of("prods.cat IS NULL", "sales.cust = prods.brand"));
            };
        }

        private int custId() {
            return 1 + random.nextInt(CUSTS + 3);
        }
    }
}
