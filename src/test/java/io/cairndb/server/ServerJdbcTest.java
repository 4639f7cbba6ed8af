package io.cairndb.server;

import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real server through MySQL Connector/J: text protocol and server-side prepared statements. */
class ServerJdbcTest {
    @TempDir
    static Path dir;
    private static Database db;
    private static MysqlServer server;

    @BeforeAll
    static void start() throws SQLException {
        db = Database.open(dir);
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
        try (Connection c = connectTo("", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE jdbc");
            st.execute("CREATE TABLE jdbc.t (id INT NOT NULL, name VARCHAR(20), price DECIMAL(10, 2), d DATE, ts DATETIME, "
                    + "big BIGINT, f DOUBLE, ok BOOLEAN) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 2");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
        db.close();
    }

    private static Connection connect(String options) throws SQLException {
        return connectTo("jdbc", options);
    }

    private static Connection connectTo(String database, String options) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/" + database
                + "?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true" + options);
    }

    @Test
    void textProtocolRoundTripsEveryCommonType() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO t VALUES (1, 'alpha', 12.50, '2024-01-02', "
                    + "'2024-01-02 03:04:05', 9000000000, 1.25, true)"));
            try (ResultSet rs = st.executeQuery("SELECT * FROM t WHERE id = 1")) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt("id"));
                assertEquals("alpha", rs.getString("name"));
                assertEquals(new BigDecimal("12.50"), rs.getBigDecimal("price"));
                assertEquals(Date.valueOf("2024-01-02"), rs.getDate("d"));
                assertEquals(Timestamp.valueOf("2024-01-02 03:04:05"), rs.getTimestamp("ts"));
                assertEquals(9_000_000_000L, rs.getLong("big"));
                assertEquals(1.25, rs.getDouble("f"));
                assertTrue(rs.getBoolean("ok"));
                assertEquals(Types.DECIMAL, rs.getMetaData().getColumnType(3));
                assertEquals(Types.DATE, rs.getMetaData().getColumnType(4));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void serverPreparedStatementsBindParametersAndReturnBinaryRows() throws SQLException {
        try (Connection c = connect("&useServerPrepStmts=true&cachePrepStmts=true")) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t (id, name, price, d, ts, big, f, ok) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setInt(1, 2);
                ps.setString(2, "it's \"quoted\"");
                ps.setBigDecimal(3, new BigDecimal("3.10"));
                ps.setObject(4, LocalDate.of(2023, 12, 31));
                ps.setObject(5, LocalDateTime.of(2023, 12, 31, 23, 59, 58));
                ps.setLong(6, -5L);
                ps.setNull(7, Types.DOUBLE);
                ps.setBoolean(8, false);
                assertEquals(1, ps.executeUpdate());
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT name, price, d, ts, big, f, ok FROM t WHERE id = ?")) {
                ps.setInt(1, 2);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals("it's \"quoted\"", rs.getString(1));
                    assertEquals(new BigDecimal("3.10"), rs.getBigDecimal(2));
                    assertEquals(LocalDate.of(2023, 12, 31), rs.getObject(3, LocalDate.class));
                    assertEquals(LocalDateTime.of(2023, 12, 31, 23, 59, 58), rs.getObject(4, LocalDateTime.class));
                    assertEquals(-5L, rs.getLong(5));
                    assertNull(rs.getObject(6));
                    assertFalse(rs.getBoolean(7));
                }
            }
        }
    }

    @Test
    void materializedViewsRefreshAndReportThroughTheProtocol() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE sales (dt DATE NOT NULL, amount INT) DUPLICATE KEY(dt) "
                    + "PARTITION BY RANGE(dt) (FROM ('2024-01-01') TO ('2024-01-03') INTERVAL 1 DAY) DISTRIBUTED BY HASH(dt) BUCKETS 1");
            st.execute("INSERT INTO sales VALUES ('2024-01-01', 5), ('2024-01-02', 7)");
            st.execute("CREATE MATERIALIZED VIEW daily BUILD DEFERRED REFRESH AUTO ON MANUAL PARTITION BY (dt) "
                    + "AS SELECT dt, sum(amount) AS total FROM sales GROUP BY dt");
            st.execute("REFRESH MATERIALIZED VIEW daily AUTO WITH SYNC MODE");
            try (ResultSet rs = st.executeQuery("SELECT dt, total FROM daily ORDER BY dt")) {
                assertTrue(rs.next());
                assertEquals(java.sql.Date.valueOf("2024-01-01"), rs.getDate(1));
                assertEquals(5, rs.getLong(2));
            }
            try (ResultSet rs = st.executeQuery("SELECT Status, RefreshMode, StartTime, DurationMs, Progress "
                    + "FROM tasks('type' = 'mv') WHERE MvName = 'daily'")) {
                assertTrue(rs.next());
                assertEquals("SUCCESS", rs.getString(1));
                assertEquals("COMPLETE", rs.getString(2));
                assertEquals(java.sql.Types.TIMESTAMP, rs.getMetaData().getColumnType(3));
                assertTrue(rs.getTimestamp(3).getTime() > 0);
                assertTrue(rs.getLong(4) >= 0);
                assertEquals("100.00% (2/2)", rs.getString(5));
            }
            try (ResultSet rs = st.executeQuery("SELECT State, SyncWithBaseTables FROM mv_infos('database' = 'jdbc')")) {
                assertTrue(rs.next());
                assertEquals("NORMAL", rs.getString(1));
                assertTrue(rs.getBoolean(2));
            }
            // The seed's SHOW PARTITIONS columns for an MV, then Doris 3's CommittedVersion and RowCount.
            try (ResultSet rs = st.executeQuery("SHOW PARTITIONS FROM daily WHERE PartitionName = 'p_20240101_20240102'")) {
                List<String> labels = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    labels.add(rs.getMetaData().getColumnLabel(i));
                }
                assertEquals(List.of("PartitionId", "PartitionName", "VisibleVersion", "VisibleVersionTime", "State", "PartitionKey",
                        "Range", "DistributionKey", "Buckets", "ReplicationNum", "StorageMedium", "CooldownTime", "RemoteStoragePolicy",
                        "LastConsistencyCheckTime", "DataSize", "IsInMemory", "ReplicaAllocation", "IsMutable", "SyncWithBaseTables",
                        "UnsyncTables", "CommittedVersion", "RowCount"), labels);
                assertTrue(rs.next());
                assertEquals("[types: [DATEV2]; keys: [2024-01-01]; ..types: [DATEV2]; keys: [2024-01-02]; )", rs.getString("Range"));
                assertEquals(1, rs.getLong("RowCount"));
            }
            SQLException bad = assertThrows(SQLException.class,
                    () -> st.execute("CREATE MATERIALIZED VIEW bad REFRESH ASYNC PROPERTIES ('refresh_mode' = 'X') AS SELECT 1"));
            assertEquals("Invalid refresh_mode: X. Only INCREMENTAL, PCT are supported.", bad.getMessage());
        }
    }

    @Test
    void errorsCarryMysqlCodesAndTheConnectionSurvives() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            SQLException missing = assertThrows(SQLException.class, () -> st.executeQuery("SELECT * FROM nope"));
            assertEquals(1146, missing.getErrorCode());
            assertEquals("42S02", missing.getSQLState());
            assertTrue(missing.getMessage().contains("nope"), missing.getMessage());
            SQLException syntax = assertThrows(SQLException.class, () -> st.execute("SELEC 1"));
            assertEquals(1064, syntax.getErrorCode());
            assertTrue(syntax.getMessage().contains("line 1:0"), syntax.getMessage());
            try (ResultSet rs = st.executeQuery("SELECT 1 + 1")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
        }
    }

    @Test
    void clientConnectionQueriesAreAnswered() throws SQLException {
        try (Connection c = connect("&useServerPrepStmts=true"); Statement st = c.createStatement()) {
            assertEquals("jdbc", c.getCatalog());
            try (ResultSet rs = st.executeQuery("SELECT @@version_comment, database(), @@session.transaction_isolation")) {
                assertTrue(rs.next());
                assertTrue(rs.getString(1).startsWith("CairnDB"));
                assertEquals("jdbc", rs.getString(2));
                assertEquals("REPEATABLE-READ", rs.getString(3));
            }
            c.setAutoCommit(true);
            st.execute("SET NAMES utf8mb4");
            try (ResultSet rs = st.executeQuery("SHOW VARIABLES LIKE 'lower_case_table_names'")) {
                assertTrue(rs.next());
                assertEquals("0", rs.getString(2));
            }
        }
    }

    /**
     * Connector/J sends SET sql_select_limit = DEFAULT after PreparedStatement.getMetaData() on a
     * statement with a max rows setting; that SET failed, and with it the user's next statement.
     */
    @Test
    void maxRowsAndMetadataOfAPreparedStatement() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO t (id, name) VALUES (101, 'a'), (102, 'b'), (103, 'c')");
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE id > ? ORDER BY id")) {
                ps.setMaxRows(2);
                ps.setInt(1, 100);
                List<Integer> ids = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getInt(1));
                    }
                }
                assertEquals(List.of(101, 102), ids);
                assertEquals(1, ps.getMetaData().getColumnCount());
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM t WHERE id > 100")) {
                assertTrue(rs.next());
                assertEquals(3, rs.getInt(1));
            }
        }
    }

    /** A statement past query_timeout fails with MySQL's timeout code and Doris's message; the connection goes on. */
    @Test
    void queryTimeoutReachesTheDriverAsATimeout() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            st.execute("SET query_timeout = 1");
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT count(*) FROM numbers(\"number\" = "
                    + "\"1000000\") a, numbers(\"number\" = \"1000000\") b WHERE b.number = 0 OR a.number + b.number = -1"));
            assertEquals(3024, e.getErrorCode());
            assertEquals("query is timeout, killed by timeout checker", e.getMessage());
            st.execute("SET query_timeout = DEFAULT");
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
        }
    }

    /** JDBC transactions: rollback() undoes the statements since the last commit, commit() keeps them. */
    @Test
    void rollbackAndCommitOfAJdbcTransaction() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO t (id, name) VALUES (201, 'rolled back')");
            c.rollback();
            st.executeUpdate("INSERT INTO t (id, name) VALUES (202, 'kept')");
            c.commit();
            c.setAutoCommit(true);
            try (ResultSet rs = st.executeQuery("SELECT group_concat(name) FROM t WHERE id IN (201, 202)")) {
                assertTrue(rs.next());
                assertEquals("kept", rs.getString(1));
            }
        }
    }

    /** A transaction holds the locks of the tables it wrote until it ends: another writer waits, then goes on. */
    @Test
    void aWriterWaitsForATransactionOnItsTable() throws Exception {
        try (Connection first = connect(""); Connection second = connect(""); Statement a = first.createStatement();
             Statement b = second.createStatement()) {
            a.execute("BEGIN");
            a.executeUpdate("INSERT INTO t (id, name) VALUES (301, 'first')");
            java.util.concurrent.CompletableFuture<Integer> waiting = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return b.executeUpdate("INSERT INTO t (id, name) VALUES (301, 'second')");
                } catch (SQLException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            Thread.sleep(300);
            assertFalse(waiting.isDone(), "the second writer waits for the transaction");
            a.execute("COMMIT");
            assertEquals(1, waiting.get(30, java.util.concurrent.TimeUnit.SECONDS));
            try (ResultSet rs = a.executeQuery("SELECT name FROM t WHERE id = 301")) {
                assertTrue(rs.next());
                assertEquals("second", rs.getString(1));
            }
        }
    }

    private static final int AUTOCOMMIT = 0x0002;

    /** OK packets carry the transaction state (SERVER_STATUS_IN_TRANS, SERVER_STATUS_AUTOCOMMIT), which drivers track. */
    @Test
    void theServerStatusTellsWhetherATransactionIsOpen() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            com.mysql.cj.protocol.ServerSession server = c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).getSession().getServerSession();
            st.execute("SELECT 1");
            assertFalse(server.inTransactionOnServer());
            assertEquals(AUTOCOMMIT, server.getStatusFlags() & AUTOCOMMIT);
            st.execute("BEGIN");
            assertTrue(server.inTransactionOnServer());
            st.executeUpdate("INSERT INTO t (id, name) VALUES (401, 'x')");
            assertTrue(server.inTransactionOnServer());
            st.execute("ROLLBACK");
            assertFalse(server.inTransactionOnServer());
            st.execute("SET autocommit = 0");
            assertEquals(0, server.getStatusFlags() & AUTOCOMMIT);
            st.executeUpdate("INSERT INTO t (id, name) VALUES (402, 'y')");
            assertTrue(server.inTransactionOnServer());
            st.execute("SET autocommit = 1");
            assertFalse(server.inTransactionOnServer());
            assertEquals(AUTOCOMMIT, server.getStatusFlags() & AUTOCOMMIT);
        }
    }

    @Test
    void nonStrictInsertReportsFilteredRowsAsWarnings() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE loose (k INT NOT NULL, v VARCHAR(2)) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            st.execute("SET enable_insert_strict = false");
            assertEquals(2, st.executeUpdate("INSERT INTO loose VALUES (1, 'a'), (NULL, 'b'), (3, 'long'), (4, 'd')"));
            java.sql.SQLWarning w = st.getWarnings();
            List<String> messages = new ArrayList<>();
            for (; w != null; w = w.getNextWarning()) {
                messages.add(w.getMessage());
            }
            assertEquals(2, messages.size(), messages::toString);
            assertTrue(messages.get(0).contains("null value for not null column"), messages::toString);
        }
    }

    /** The info string of the OK packet the last statement on {@code st} answered with. */
    private static String okInfo(Statement st) throws SQLException {
        return ((com.mysql.cj.jdbc.JdbcStatement) st).getResultSetInternal().getServerInfo();
    }

    @Test
    void writesReportTheirLoadTransactionInTheOkPacket() throws SQLException {
        try (Connection c = connect(""); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE loads (k INT NOT NULL, v INT) UNIQUE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            st.executeUpdate("INSERT INTO loads WITH LABEL jdbc_l1 VALUES (1, 1)");
            String first = okInfo(st);
            assertTrue(first.matches("\\{'label':'jdbc_l1', 'status':'VISIBLE', 'txnId':'\\d+'\\}"), first);
            long firstId = Long.parseLong(first.replaceAll(".*'txnId':'(\\d+)'.*", "$1"));

            st.executeUpdate("UPDATE loads SET v = 2 WHERE k = 1");
            String update = okInfo(st);
            assertTrue(update.matches("\\{'label':'label_[0-9a-f]+_[0-9a-f]+', 'status':'VISIBLE', 'txnId':'"
                    + (firstId + 1) + "'\\}"), update);

            st.execute("BEGIN WITH LABEL jdbc_b1");
            assertEquals("{'label':'jdbc_b1', 'status':'PREPARE', 'txnId':''}", okInfo(st));
            st.executeUpdate("INSERT INTO loads VALUES (2, 2)");
            String txnId = Long.toString(firstId + 2);
            assertEquals("{'label':'jdbc_b1', 'status':'PREPARE', 'txnId':'" + txnId + "'}", okInfo(st));
            st.executeUpdate("DELETE FROM loads WHERE k = 1");
            assertEquals("{'label':'jdbc_b1', 'status':'PREPARE', 'txnId':'" + txnId + "'}", okInfo(st));
            st.execute("COMMIT");
            assertEquals("{'label':'jdbc_b1', 'status':'VISIBLE', 'txnId':'" + txnId + "'}", okInfo(st));

            st.execute("BEGIN");
            String generated = okInfo(st);
            assertTrue(generated.matches("\\{'label':'txn_insert_[0-9a-f]+-[0-9a-f]+', 'status':'PREPARE', 'txnId':''\\}"),
                    generated);
            st.executeUpdate("INSERT INTO loads VALUES (3, 3)");
            st.execute("ROLLBACK");
            assertEquals(generated.replace("PREPARE", "ABORTED").replace("'txnId':''", "'txnId':'" + (firstId + 3) + "'"),
                    okInfo(st));

            SQLException reused = assertThrows(SQLException.class,
                    () -> st.executeUpdate("INSERT INTO loads WITH LABEL jdbc_b1 VALUES (4, 4)"));
            assertTrue(reused.getMessage().contains("Label [jdbc_b1] has already been used"), reused.getMessage());
            try (ResultSet rs = st.executeQuery("SHOW TRANSACTION WHERE id = " + txnId)) {
                assertTrue(rs.next());
                assertEquals("jdbc_b1", rs.getString("Label"));
                assertEquals("VISIBLE", rs.getString("TransactionStatus"));
            }
        }
    }

    /** A state reaches a client as binary data (as Doris sends its serialized states), through either protocol. */
    @Test
    void aggregateStatesAreBinaryData() throws SQLException {
        for (String options : List.of("", "&useServerPrepStmts=true")) {
            try (Connection c = connect(options);
                 PreparedStatement ps = c.prepareStatement("SELECT sum_state(x), x FROM (SELECT 6 AS x) t")) {
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(Types.LONGVARBINARY, rs.getMetaData().getColumnType(1));
                    Object state = rs.getObject(1);
                    assertTrue(state instanceof byte[], "a state is bytes, not " + state.getClass());
                    assertEquals("{'v': 6}", new String((byte[]) state, java.nio.charset.StandardCharsets.UTF_8));
                    assertEquals(6, rs.getLong(2));
                }
            }
        }
    }
}
