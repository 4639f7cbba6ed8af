package io.cairndb.bench;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.Txn;
import io.cairndb.plan.PlanNode;
import io.cairndb.rewrite.RewriteReport;
import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Query;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Transparent query rewrite with asynchronous materialized views, on an SSB-like star schema
 * ({@code lineorder} of N rows, {@code dates}, {@code customer}, {@code supplier}, {@code part}) and the
 * 13 SSB queries Q1.1-Q4.3 written with explicit joins:
 * <ol>
 * <li>query time with and without rewrite, through CairnDB's MySQL server (Connector/J): seven
 * aggregated MVs answer the 13 queries; each query must be rewritten (EXPLAIN names the MV chosen) and
 * return the same rows with {@code enable_materialized_view_rewrite} off; then, after 30 runs of each
 * query with rewrite (as in a running server, whose JIT has compiled the rewrite path), a warm-up run
 * and the median of 5 runs each way, rounds alternating which goes first. Prints the load and MV
 * build times, per-query milliseconds both ways, the ratio and the geometric mean of the ratios;</li>
 * <li>rewrite planning time with 100 more MVs of varied shapes (join sets, group keys, filters), most
 * of them unable to answer the queries, over a copy of the schema with a 10,000-row fact table: per
 * query, in-process (the {@code StatementContext} of {@code Database.context}), parse + bind against
 * parse + bind + rewrite, interleaved after a warm-up; prints their medians and p90s, the
 * difference (the rewrite planning time), the MV chosen and how many MVs answer and fail.</li>
 * </ol>
 *   bench/run.sh RewriteBench [rows, default 10,000,000]   # both parts
 *   bench/run.sh RewriteBench plan                         # the planning time alone
 */
public final class RewriteBench {
    private static final long DEFAULT_ROWS = 10_000_000L;
    private static final long PLAN_ROWS = 10_000L;
    private static final int ROUNDS = 5;
    /** Runs of every query with rewrite before the timing, so that the JIT has compiled the rewrite path. */
    private static final int JIT_WARMUP_RUNS = 30;
    private static final int GENERATED_MVS = 100;
    private static final int WARMUP_ITERATIONS = 3_000;
    private static final long WARMUP_MAX_NANOS = 3_000_000_000L;
    private static final int MIN_ITERATIONS = 100;
    private static final int MAX_ITERATIONS = 20_000;
    private static final long MEASURE_NANOS = 3_000_000_000L;
    private static final String CHOSEN = "MaterializedViewRewriteSuccessAndChose:";
    private static final String MATERIALIZATIONS = "========== MATERIALIZATIONS ==========";

    /** Keeps the JIT from dropping work whose result is unused. */
    private static volatile long sink;

    private RewriteBench() {
    }

    private record Named(String name, String sql) {
    }

    /** A table of the schema: how it joins the fact table, columns to group on and predicates to filter with. */
    private record Dim(String on, List<String> columns, List<String> filters) {
    }

    private static final String DATES_ON = " JOIN dates ON lo_orderdate = d_datekey";
    private static final String CUSTOMER_ON = " JOIN customer ON lo_custkey = c_custkey";
    private static final String SUPPLIER_ON = " JOIN supplier ON lo_suppkey = s_suppkey";
    private static final String PART_ON = " JOIN part ON lo_partkey = p_partkey";

    private static final Dim DATES = new Dim(DATES_ON,
            List.of("d_year", "d_yearmonthnum", "d_yearmonth", "d_weeknuminyear"),
            List.of("d_year = 1995", "d_year >= 1994", "d_yearmonthnum BETWEEN 199401 AND 199612",
                    "(d_year = 1992 OR d_year = 1993)", "d_weeknuminyear < 20"));
    private static final Dim CUSTOMER = new Dim(CUSTOMER_ON, List.of("c_city", "c_nation", "c_region"),
            List.of("c_region = 'ASIA'", "c_nation IN ('CHINA', 'JAPAN')", "c_city LIKE 'UNITED%'",
                    "(c_region = 'EUROPE' OR c_nation = 'CANADA')"));
    private static final Dim SUPPLIER = new Dim(SUPPLIER_ON, List.of("s_city", "s_nation", "s_region"),
            List.of("s_region = 'AFRICA'", "s_nation <> 'PERU'", "(s_city = 'UNITED KI1' OR s_city = 'UNITED ST1')"));
    private static final Dim PART = new Dim(PART_ON, List.of("p_mfgr", "p_category", "p_brand"),
            List.of("p_mfgr = 'MFGR#3'", "p_category IN ('MFGR#21', 'MFGR#22')", "p_brand >= 'MFGR#3301'"));
    private static final Dim FACT = new Dim("", List.of("lo_discount", "lo_quantity", "lo_linenumber"),
            List.of("lo_quantity < 30", "lo_discount BETWEEN 2 AND 8", "lo_revenue > 1000", "lo_linenumber = 1"));
    private static final List<String> AGGREGATES = List.of("sum(lo_revenue)", "count(*)", "sum(lo_revenue - lo_supplycost)",
            "sum(lo_extendedprice * lo_discount)", "min(lo_quantity)", "max(lo_extendedprice)", "sum(lo_supplycost)");
    /** The join sets of the queries (every other generated MV) and others. */
    private static final List<List<Dim>> QUERY_JOINS = List.of(List.of(DATES), List.of(DATES, PART, SUPPLIER),
            List.of(CUSTOMER, SUPPLIER, DATES), List.of(DATES, CUSTOMER, SUPPLIER, PART));
    private static final List<List<Dim>> OTHER_JOINS = List.of(List.of(), List.of(CUSTOMER), List.of(SUPPLIER), List.of(PART),
            List.of(DATES, PART), List.of(DATES, CUSTOMER), List.of(CUSTOMER, SUPPLIER), List.of(PART, SUPPLIER));

    private static final String Q1 = "SELECT sum(lo_extendedprice * lo_discount) AS revenue FROM lineorder" + DATES_ON + " WHERE ";
    private static final String Q2 = "SELECT sum(lo_revenue) AS revenue, d_year, p_brand FROM lineorder" + DATES_ON + PART_ON
            + SUPPLIER_ON + " WHERE %s GROUP BY d_year, p_brand ORDER BY d_year, p_brand";
    private static final String Q3 = "SELECT %s, d_year, sum(lo_revenue) AS revenue FROM lineorder" + CUSTOMER_ON + SUPPLIER_ON
            + DATES_ON + " WHERE %s GROUP BY %1$s, d_year ORDER BY d_year ASC, revenue DESC";
    private static final String Q4 = "SELECT d_year, %s, sum(lo_revenue - lo_supplycost) AS profit FROM lineorder" + DATES_ON
            + CUSTOMER_ON + SUPPLIER_ON + PART_ON + " WHERE %s GROUP BY d_year, %1$s ORDER BY d_year, %1$s";
    private static final String UK_CITIES = "(c_city = 'UNITED KI1' OR c_city = 'UNITED KI5') "
            + "AND (s_city = 'UNITED KI1' OR s_city = 'UNITED KI5')";
    private static final String MFGR_1_2 = "(p_mfgr = 'MFGR#1' OR p_mfgr = 'MFGR#2')";

    private static final List<Named> QUERIES = List.of(
            new Named("Q1.1", Q1 + "d_year = 1993 AND lo_discount BETWEEN 1 AND 3 AND lo_quantity < 25"),
            new Named("Q1.2", Q1 + "d_yearmonthnum = 199401 AND lo_discount BETWEEN 4 AND 6 AND lo_quantity BETWEEN 26 AND 35"),
            new Named("Q1.3", Q1 + "d_weeknuminyear = 6 AND d_year = 1994 AND lo_discount BETWEEN 5 AND 7 "
                    + "AND lo_quantity BETWEEN 26 AND 35"),
            new Named("Q2.1", Q2.formatted("p_category = 'MFGR#12' AND s_region = 'AMERICA'")),
            new Named("Q2.2", Q2.formatted("p_brand BETWEEN 'MFGR#2221' AND 'MFGR#2228' AND s_region = 'ASIA'")),
            new Named("Q2.3", Q2.formatted("p_brand = 'MFGR#2239' AND s_region = 'EUROPE'")),
            new Named("Q3.1", Q3.formatted("c_nation, s_nation",
                    "c_region = 'ASIA' AND s_region = 'ASIA' AND d_year >= 1992 AND d_year <= 1997")),
            new Named("Q3.2", Q3.formatted("c_city, s_city",
                    "c_nation = 'UNITED STATES' AND s_nation = 'UNITED STATES' AND d_year >= 1992 AND d_year <= 1997")),
            new Named("Q3.3", Q3.formatted("c_city, s_city", UK_CITIES + " AND d_year >= 1992 AND d_year <= 1997")),
            new Named("Q3.4", Q3.formatted("c_city, s_city", UK_CITIES + " AND d_yearmonth = 'Dec1997'")),
            new Named("Q4.1", Q4.formatted("c_nation", "c_region = 'AMERICA' AND s_region = 'AMERICA' AND " + MFGR_1_2)),
            new Named("Q4.2", Q4.formatted("s_nation, p_category", "c_region = 'AMERICA' AND s_region = 'AMERICA' "
                    + "AND (d_year = 1997 OR d_year = 1998) AND " + MFGR_1_2)),
            new Named("Q4.3", Q4.formatted("s_city, p_brand", "c_region = 'AMERICA' AND s_nation = 'UNITED STATES' "
                    + "AND d_year IN (1997, 1998) AND p_category = 'MFGR#14'")));

    /** The MVs that answer the queries: each groups by what its queries filter and group on. */
    private static final List<Named> ANSWERING_MVS = List.of(
            new Named("mv_q1", "SELECT d_year, d_yearmonthnum, d_weeknuminyear, lo_discount, lo_quantity, "
                    + "sum(lo_extendedprice * lo_discount) AS revenue FROM lineorder" + DATES_ON
                    + " GROUP BY d_year, d_yearmonthnum, d_weeknuminyear, lo_discount, lo_quantity"),
            new Named("mv_q2", "SELECT d_year, p_category, p_brand, s_region, sum(lo_revenue) AS revenue FROM lineorder"
                    + DATES_ON + PART_ON + SUPPLIER_ON + " GROUP BY d_year, p_category, p_brand, s_region"),
            new Named("mv_q3_nations", "SELECT c_region, c_nation, s_region, s_nation, d_year, sum(lo_revenue) AS revenue "
                    + "FROM lineorder" + CUSTOMER_ON + SUPPLIER_ON + DATES_ON
                    + " GROUP BY c_region, c_nation, s_region, s_nation, d_year"),
            new Named("mv_q3_cities", "SELECT c_nation, c_city, s_nation, s_city, d_year, sum(lo_revenue) AS revenue "
                    + "FROM lineorder" + CUSTOMER_ON + SUPPLIER_ON + DATES_ON
                    + " GROUP BY c_nation, c_city, s_nation, s_city, d_year"),
            new Named("mv_q3_uk", "SELECT c_city, s_city, d_year, d_yearmonth, sum(lo_revenue) AS revenue FROM lineorder"
                    + CUSTOMER_ON + SUPPLIER_ON + DATES_ON + " WHERE " + UK_CITIES
                    + " GROUP BY c_city, s_city, d_year, d_yearmonth"),
            new Named("mv_q4_mfgr", "SELECT d_year, c_region, c_nation, s_region, s_nation, p_category, "
                    + "sum(lo_revenue - lo_supplycost) AS profit FROM lineorder" + DATES_ON + CUSTOMER_ON + SUPPLIER_ON + PART_ON
                    + " WHERE " + MFGR_1_2 + " GROUP BY d_year, c_region, c_nation, s_region, s_nation, p_category"),
            new Named("mv_q4_us", "SELECT d_year, s_city, p_category, p_brand, sum(lo_revenue - lo_supplycost) AS profit "
                    + "FROM lineorder" + DATES_ON + CUSTOMER_ON + SUPPLIER_ON + PART_ON
                    + " WHERE c_region = 'AMERICA' AND s_nation = 'UNITED STATES' GROUP BY d_year, s_city, p_category, p_brand"));

    public static void main(String[] args) throws Exception {
        boolean planOnly = args.length > 0 && args[0].equals("plan");
        long rows = args.length > 0 && !planOnly ? Long.parseLong(args[0]) : DEFAULT_ROWS;
        Path dir = Files.createTempDirectory("cairn-rewrite-bench");
        try (Database db = Database.open(dir.resolve("db")); MysqlServer server = new MysqlServer(db)) {
            server.start("127.0.0.1", 0);
            String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?user=root&password=&useSSL=false";
            try (Connection on = DriverManager.getConnection(url); Statement st = on.createStatement();
                 Connection off = DriverManager.getConnection(url); Statement plain = off.createStatement()) {
                if (!planOnly) {
                    queryTimes(st, plain, rows);
                }
                planningTimes(db, st);
            }
        }
    }

    // ---------------------------------------------------------------- part 1: query time

    private static void queryTimes(Statement st, Statement plain, long rows) throws Exception {
        System.out.printf("1. SSB query time with and without rewrite, lineorder of %,d rows%n", rows);
        createSchema(st, "ssb");
        System.out.printf("loaded in %.1f s%n", load(st, rows));
        double build = 0;
        for (Named mv : ANSWERING_MVS) {
            build += buildMv(st, mv);
        }
        System.out.printf("%d MVs built in %.1f s%n", ANSWERING_MVS.size(), build);
        plain.execute("USE ssb");
        plain.execute("SET enable_materialized_view_rewrite = false");
        List<String> chosen = new ArrayList<>();
        for (Named q : QUERIES) {
            chosen.add(verify(st, plain, q));
        }
        timeQueries(st, plain, chosen);
    }

    private static void createSchema(Statement st, String database) throws Exception {
        String tail = " DISTRIBUTED BY HASH(%s) BUCKETS 1";
        st.execute("CREATE DATABASE " + database);
        st.execute("USE " + database);
        st.execute("CREATE TABLE lineorder (lo_orderkey BIGINT, lo_linenumber INT, lo_custkey INT, lo_partkey INT, "
                + "lo_suppkey INT, lo_orderdate INT, lo_quantity INT, lo_extendedprice INT, lo_discount INT, lo_revenue INT, "
                + "lo_supplycost INT) DUPLICATE KEY(lo_orderkey)" + tail.formatted("lo_orderkey"));
        st.execute("CREATE TABLE dates (d_datekey INT, d_year INT, d_yearmonthnum INT, d_yearmonth VARCHAR(8), "
                + "d_weeknuminyear INT) DUPLICATE KEY(d_datekey)" + tail.formatted("d_datekey"));
        st.execute("CREATE TABLE customer (c_custkey INT, c_city VARCHAR(10), c_nation VARCHAR(16), c_region VARCHAR(12)) "
                + "DUPLICATE KEY(c_custkey)" + tail.formatted("c_custkey"));
        st.execute("CREATE TABLE supplier (s_suppkey INT, s_city VARCHAR(10), s_nation VARCHAR(16), s_region VARCHAR(12)) "
                + "DUPLICATE KEY(s_suppkey)" + tail.formatted("s_suppkey"));
        st.execute("CREATE TABLE part (p_partkey INT, p_mfgr VARCHAR(8), p_category VARCHAR(8), p_brand VARCHAR(10)) "
                + "DUPLICATE KEY(p_partkey)" + tail.formatted("p_partkey"));
    }

    /** Loads the dimensions and {@code rows} fact rows; returns the seconds taken. */
    private static double load(Statement st, long rows) throws Exception {
        long t0 = System.nanoTime();
        loadDimensions(st);
        loadFacts(st, rows);
        return (System.nanoTime() - t0) / 1e9;
    }

    /**
     * 2,556 days from 1992-01-01; 30,000 customers and 2,000 suppliers over the 25 nations of TPC-H
     * (5 regions), 10 cities a nation ('UNITED KI1': the nation's first 9 letters and a digit);
     * 200,000 parts in 5 manufacturers, 25 categories and 1,000 brands.
     */
    private static void loadDimensions(Statement st) throws Exception {
        st.execute("INSERT INTO dates SELECT year(d) * 10000 + month(d) * 100 + day(d), year(d), year(d) * 100 + month(d), "
                + "date_format(d, '%b%Y'), weekofyear(d) FROM (SELECT date_add('1992-01-01', number) AS d "
                + "FROM numbers(\"number\" = \"2556\")) t");
        st.execute("CREATE TABLE nation (n_nationkey INT, n_name VARCHAR(16), n_region VARCHAR(12)) DUPLICATE KEY(n_nationkey) "
                + "DISTRIBUTED BY HASH(n_nationkey) BUCKETS 1");
        st.execute("INSERT INTO nation VALUES (0, 'ALGERIA', 'AFRICA'), (1, 'ARGENTINA', 'AMERICA'), (2, 'BRAZIL', 'AMERICA'), "
                + "(3, 'CANADA', 'AMERICA'), (4, 'EGYPT', 'MIDDLE EAST'), (5, 'ETHIOPIA', 'AFRICA'), (6, 'FRANCE', 'EUROPE'), "
                + "(7, 'GERMANY', 'EUROPE'), (8, 'INDIA', 'ASIA'), (9, 'INDONESIA', 'ASIA'), (10, 'IRAN', 'MIDDLE EAST'), "
                + "(11, 'IRAQ', 'MIDDLE EAST'), (12, 'JAPAN', 'ASIA'), (13, 'JORDAN', 'MIDDLE EAST'), (14, 'KENYA', 'AFRICA'), "
                + "(15, 'MOROCCO', 'AFRICA'), (16, 'MOZAMBIQUE', 'AFRICA'), (17, 'PERU', 'AMERICA'), (18, 'CHINA', 'ASIA'), "
                + "(19, 'ROMANIA', 'EUROPE'), (20, 'SAUDI ARABIA', 'MIDDLE EAST'), (21, 'VIETNAM', 'ASIA'), "
                + "(22, 'RUSSIA', 'EUROPE'), (23, 'UNITED KINGDOM', 'EUROPE'), (24, 'UNITED STATES', 'AMERICA')");
        for (String[] dim : new String[][]{{"customer", "30000"}, {"supplier", "2000"}}) {
            st.execute("INSERT INTO " + dim[0] + " SELECT number + 1, concat(rpad(n_name, 9, ' '), (number DIV 25) % 10), "
                    + "n_name, n_region FROM numbers(\"number\" = \"" + dim[1] + "\") JOIN nation ON n_nationkey = number % 25");
        }
        st.execute("DROP TABLE nation");
        st.execute("INSERT INTO part SELECT number + 1, concat('MFGR#', m), concat('MFGR#', m, c), "
                + "concat('MFGR#', m, c, lpad(b, 2, '0')) FROM (SELECT number, (number DIV 200) % 5 + 1 AS m, "
                + "(number DIV 40) % 5 + 1 AS c, number % 40 + 1 AS b FROM numbers(\"number\" = \"200000\")) t");
    }

    /**
     * Four lines an order. Three multiplicative hashes of the row number modulo the prime 2^31 - 1
     * pick the customer and quantity, the part (which sets the price) and discount, the supplier and
     * day, so that the keys are spread independently of each other. (The row number as INT: BIGINT
     * arithmetic would be widened to LARGEINT, ten times slower.)
     */
    private static void loadFacts(Statement st, long rows) throws Exception {
        st.execute("INSERT INTO lineorder SELECT n DIV 4 + 1, n % 4 + 1, h1 % 30000 + 1, h2 % 200000 + 1, h3 % 2000 + 1, "
                + "year(d) * 10000 + month(d) * 100 + day(d), quantity, quantity * price, discount, "
                + "quantity * price * (100 - discount) DIV 100, price * 6 DIV 10 "
                + "FROM (SELECT n, h1, h2, h3, date_add('1992-01-01', (h3 DIV 2000) % 2556) AS d, (h1 DIV 30000) % 50 + 1 AS quantity, "
                + "(h2 DIV 200000) % 11 AS discount, 900 + h2 % 200 AS price "
                + "FROM (SELECT n, n * 1103515245 % 2147483647 AS h1, n * 1812433253 % 2147483647 AS h2, "
                + "n * 1566083941 % 2147483647 AS h3 "
                + "FROM (SELECT CAST(number AS INT) AS n FROM numbers(\"number\" = \"" + rows + "\")) r) h) v");
    }

    /** Creates the MV, waits for its build and returns the seconds taken. */
    private static double buildMv(Statement st, Named mv) throws Exception {
        long t0 = System.nanoTime();
        createMv(st, mv);
        awaitRefreshes(st);
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("  %-14s %,9d rows, built in %.1f s%n", mv.name(), Timing.count(st, "SELECT count(*) FROM " + mv.name()), s);
        return s;
    }

    private static void createMv(Statement st, Named mv) throws Exception {
        st.execute("CREATE MATERIALIZED VIEW " + mv.name() + " BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL "
                + "DISTRIBUTED BY RANDOM BUCKETS 1 AS " + mv.sql());
    }

    private static void awaitRefreshes(Statement st) throws Exception {
        while (Timing.count(st, "SELECT count(*) FROM tasks('type' = 'mv') WHERE Status IN ('PENDING', 'RUNNING')") > 0) {
            Thread.sleep(20);
        }
        long failed = Timing.count(st, "SELECT count(*) FROM tasks('type' = 'mv') WHERE Status <> 'SUCCESS'");
        if (failed > 0) {
            throw new IllegalStateException(failed + " MV refresh task(s) did not succeed");
        }
    }

    /**
     * Checks that the query is rewritten and returns the same rows as without rewrite, and some rows;
     * prints what it finds. Returns the MV chosen, or "-" when none is.
     */
    private static String verify(Statement st, Statement plain, Named q) throws Exception {
        List<String> explain = column(st, "EXPLAIN " + q.sql());
        List<String> section = explain.subList(explain.indexOf(MATERIALIZATIONS), explain.size());
        String names = section.get(section.indexOf(CHOSEN) + 1);
        String chosen = names.startsWith("  Names: ") ? names.substring("  Names: ".length()) : "-";
        List<String> rewritten = sortedRows(st, q.sql());
        List<String> original = sortedRows(plain, q.sql());
        boolean some = !original.isEmpty() && !original.get(0).contains("null");
        System.out.printf("  %-5s MV %-14s %5d row(s), %s%s%n", q.name(), chosen, original.size(),
                rewritten.equals(original) ? "same rows with and without rewrite" : "ROWS DIFFER", some ? "" : ", SELECTS NO ROWS");
        if (chosen.equals("-")) {
            System.out.println("  NOT REWRITTEN; EXPLAIN:");
            section.forEach(line -> System.out.println("    " + line));
        }
        if (!rewritten.equals(original)) {
            System.out.println("    with rewrite:    " + rewritten.subList(0, Math.min(5, rewritten.size())));
            System.out.println("    without rewrite: " + original.subList(0, Math.min(5, original.size())));
        }
        return chosen;
    }

    private static List<String> column(Statement st, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static List<String> sortedRows(Statement st, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringJoiner row = new StringJoiner("|");
                for (int i = 1; i <= n; i++) {
                    row.add(String.valueOf(rs.getString(i)));
                }
                out.add(row.toString());
            }
        }
        Collections.sort(out);
        return out;
    }

    private static void timeQueries(Statement st, Statement plain, List<String> chosen) throws Exception {
        for (int i = 0; i < JIT_WARMUP_RUNS; i++) {
            for (Named q : QUERIES) {
                Timing.drain(st, q.sql());
            }
        }
        System.out.printf("%nafter %d runs of each query with rewrite (JIT warm-up): a warm-up run, then the median of %d runs "
                + "each way, rounds alternating which goes first%n", JIT_WARMUP_RUNS, ROUNDS);
        System.out.printf("%-6s %12s %14s %8s  %s%n", "query", "rewrite ms", "no rewrite ms", "ratio", "MV");
        double logSum = 0;
        for (int i = 0; i < QUERIES.size(); i++) {
            double[] ms = compare(st, plain, QUERIES.get(i).sql());
            double ratio = ms[1] / ms[0];
            logSum += Math.log(ratio);
            System.out.printf("%-6s %12.2f %14.2f %7.1fx  %s%n", QUERIES.get(i).name(), ms[0], ms[1], ratio, chosen.get(i));
        }
        System.out.printf("geomean ratio %.1fx over the %d queries (target >= 10x)%n%n", Math.exp(logSum / QUERIES.size()),
                QUERIES.size());
    }

    /** Median milliseconds with rewrite and without. */
    private static double[] compare(Statement st, Statement plain, String sql) throws Exception {
        Timing.drain(st, sql);
        Timing.drain(plain, sql);
        double[] with = new double[ROUNDS];
        double[] without = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            if (i % 2 == 0) {
                with[i] = Timing.drain(st, sql);
                without[i] = Timing.drain(plain, sql);
            } else {
                without[i] = Timing.drain(plain, sql);
                with[i] = Timing.drain(st, sql);
            }
        }
        return new double[]{Timing.median(with), Timing.median(without)};
    }

    // ---------------------------------------------------------------- part 2: planning time

    private static void planningTimes(Database db, Statement st) throws Exception {
        System.out.printf("2. rewrite planning time with %d + %d MVs, lineorder of %,d rows%n", GENERATED_MVS,
                ANSWERING_MVS.size(), PLAN_ROWS);
        createSchema(st, "plan");
        loadDimensions(st);
        loadFacts(st, PLAN_ROWS);
        long t0 = System.nanoTime();
        for (Named mv : generatedMvs()) {
            createMv(st, mv);
        }
        for (Named mv : ANSWERING_MVS) {
            createMv(st, mv);
        }
        awaitRefreshes(st);
        System.out.printf("MVs created and built in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        try (Connection c = db.connect()) {
            StatementContext ctx = db.context(new Txn(c), "plan");
            printPlanningTimes(ctx);
        }
    }

    /**
     * MVs of varied shapes: every other one over the join set of a query family, the others over other
     * join sets. Deterministic (a fixed seed).
     */
    private static List<Named> generatedMvs() {
        Random random = new Random(42);
        List<Named> out = new ArrayList<>();
        for (int i = 0; i < GENERATED_MVS; i++) {
            List<Dim> joined = new ArrayList<>(List.of(FACT));
            joined.addAll(i % 2 == 0 ? QUERY_JOINS.get(i / 2 % QUERY_JOINS.size()) : OTHER_JOINS.get(i / 2 % OTHER_JOINS.size()));
            out.add(new Named("mv_%03d".formatted(i), generatedMv(joined, i % 10 == 9, random)));
        }
        return out;
    }

    /**
     * A definition over the tables joined: 1 to 4 group keys and 0 to 2 filters drawn from their
     * columns, and 1 to 3 aggregates, or (a detail MV) the keys and two measures without GROUP BY.
     */
    private static String generatedMv(List<Dim> joined, boolean detail, Random random) {
        List<String> columns = new ArrayList<>();
        List<String> filters = new ArrayList<>();
        StringBuilder from = new StringBuilder(" FROM lineorder");
        for (Dim d : joined) {
            columns.addAll(d.columns());
            filters.addAll(d.filters());
            from.append(d.on());
        }
        String keys = String.join(", ", pick(random, columns, 1 + random.nextInt(4)));
        List<String> where = pick(random, filters, random.nextInt(3));
        String tail = from + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where));
        if (detail) {
            return "SELECT " + keys + ", lo_revenue, lo_supplycost" + tail;
        }
        List<String> aggregates = pick(random, AGGREGATES, 1 + random.nextInt(3));
        StringJoiner select = new StringJoiner(", ", "SELECT " + keys + ", ", "");
        for (int a = 0; a < aggregates.size(); a++) {
            select.add(aggregates.get(a) + " AS a" + a);
        }
        return select + tail + " GROUP BY " + keys;
    }

    private static List<String> pick(Random random, List<String> from, int n) {
        List<String> shuffled = new ArrayList<>(from);
        Collections.shuffle(shuffled, random);
        return shuffled.subList(0, Math.min(n, shuffled.size()));
    }

    private static void printPlanningTimes(StatementContext ctx) {
        System.out.printf("in-process, microseconds; warm-up %,d iterations (at most %.0f s), then about %.0f s per query "
                + "(%,d to %,d iterations), the two interleaved%n", WARMUP_ITERATIONS, WARMUP_MAX_NANOS / 1e9,
                MEASURE_NANOS / 1e9, MIN_ITERATIONS, MAX_ITERATIONS);
        System.out.printf("%-6s %7s %17s %17s %17s  %s%n", "", "", "parse+bind", "+rewrite", "rewrite", "");
        System.out.printf("%-6s %7s %8s %8s %8s %8s %8s %8s  %s%n", "query", "iters", "median", "p90", "median", "p90",
                "median", "p90", "MV chosen (MVs answering / failing)");
        double worst = 0;
        for (Named q : QUERIES) {
            String chosen = describe(ctx.translator().rewrite(QueryBinder.bind(ctx, parse(q.sql())).plan()).report());
            long[][] nanos = measure(ctx, q.sql());
            double[] bind = {percentile(nanos[0], 0.5), percentile(nanos[0], 0.9)};
            double[] full = {percentile(nanos[1], 0.5), percentile(nanos[1], 0.9)};
            worst = Math.max(worst, full[0] - bind[0]);
            System.out.printf("%-6s %7d %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f  %s%n", q.name(), nanos[0].length, bind[0], bind[1],
                    full[0], full[1], full[0] - bind[0], full[1] - bind[1], chosen);
        }
        System.out.printf("largest median rewrite time %.1f us (target <= 2,000 us per query)%n", worst);
    }

    private static String describe(RewriteReport r) {
        String chosen = r.chosen().isEmpty() ? "NOT REWRITTEN" : String.join(", ", r.chosen());
        return "%s (%d / %d)".formatted(chosen, r.chosen().size() + r.notChosen().size(), r.failures().size());
    }

    /** The query of a statement, parsed as the server parses what a client sends. */
    private static Query parse(String sql) {
        return ((io.cairndb.sql.tree.Statement.QueryStatement) SqlParser.parse(sql).get(0).statement()).query();
    }

    private static long stage(StatementContext ctx, String sql, boolean rewrite) {
        long t0 = System.nanoTime();
        PlanNode plan = QueryBinder.bind(ctx, parse(sql)).plan();
        if (rewrite) {
            plan = ctx.translator().rewrite(plan).plan();
        }
        long elapsed = System.nanoTime() - t0;
        sink += System.identityHashCode(plan);
        return elapsed;
    }

    /** Nanoseconds of parse+bind and of parse+bind+rewrite per measured iteration, their order alternating. */
    private static long[][] measure(StatementContext ctx, String sql) {
        long warmEnd = System.nanoTime() + WARMUP_MAX_NANOS;
        for (int i = 0; i < WARMUP_ITERATIONS && System.nanoTime() < warmEnd; i++) {
            stage(ctx, sql, false);
            stage(ctx, sql, true);
        }
        long[][] nanos = new long[2][MAX_ITERATIONS];
        long deadline = System.nanoTime() + MEASURE_NANOS;
        int n = 0;
        while (n < MAX_ITERATIONS && (n < MIN_ITERATIONS || System.nanoTime() < deadline)) {
            boolean rewriteFirst = n % 2 == 0;
            nanos[rewriteFirst ? 1 : 0][n] = stage(ctx, sql, rewriteFirst);
            nanos[rewriteFirst ? 0 : 1][n] = stage(ctx, sql, !rewriteFirst);
            n++;
        }
        return new long[][]{Arrays.copyOf(nanos[0], n), Arrays.copyOf(nanos[1], n)};
    }

    /** The p-quantile of the samples, in microseconds. */
    private static double percentile(long[] nanos, double p) {
        long[] c = nanos.clone();
        Arrays.sort(c);
        return c[(int) Math.round(p * (c.length - 1))] / 1e3;
    }
}
