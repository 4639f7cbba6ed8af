package io.cairndb.server.mysql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

import static org.junit.jupiter.api.Assertions.*;

/** Connector/J with useServerPrepStmts=true: COM_STMT_PREPARE/EXECUTE and binary result rows. */
class MysqlServerPreparedTest {
    private static final FakeSessionFactory FACTORY = new FakeSessionFactory();
    private static MysqlServer server;

    @BeforeAll
    static void start() {
        server = new MysqlServer(FACTORY);
        server.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port()
                + "/?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true&useServerPrepStmts=true"
                + "&cachePrepStmts=true");
    }

    /** Fails if Connector/J fell back to client-side emulation, which would bypass the server. */
    private static PreparedStatement prepare(Connection c, String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        assertTrue(ps.isWrapperFor(com.mysql.cj.jdbc.ServerPreparedStatement.class), sql);
        return ps;
    }

    private static String echo(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    @Test
    void parametersOfEveryKindBecomeLiterals() throws Exception {
        try (Connection c = connect();
             PreparedStatement ps = prepare(c, "SELECT ECHO ?, ?, ?, ?, ?, ?, ?, ?, '?', ?")) {
            assertEquals(9, ps.getParameterMetaData().getParameterCount());
            ps.setInt(1, 42);
            ps.setLong(2, 1L << 40);
            ps.setString(3, "it's a \\ test ü");
            ps.setDouble(4, 1.5);
            ps.setBigDecimal(5, new BigDecimal("-123.4560"));
            ps.setDate(6, Date.valueOf("2024-01-02"));
            ps.setTimestamp(7, Timestamp.valueOf("2024-01-02 03:04:05.5"));
            ps.setNull(8, Types.VARCHAR);
            ps.setBoolean(9, true);
            assertEquals("SELECT ECHO 42, 1099511627776, 'it''s a \\\\ test ü', 1.5, -123.4560, '2024-01-02', "
                    + "'2024-01-02 03:04:05.500000', NULL, '?', 1", echo(ps));
        }
    }

    @Test
    void reExecutionKeepsTypesAndTakesNewValues() throws Exception {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, "SELECT ECHO ?, ?")) {
            ps.setInt(1, 1);
            ps.setString(2, "a");
            assertEquals("SELECT ECHO 1, 'a'", echo(ps));
            ps.setInt(1, 2);
            ps.setString(2, "b");
            assertEquals("SELECT ECHO 2, 'b'", echo(ps));
            ps.setNull(1, Types.INTEGER);
            ps.setFloat(2, 0.1f);
            assertEquals("SELECT ECHO NULL, 0.1", echo(ps));
        }
    }

    @Test
    void streamsAreSentAsLongData() throws Exception {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, "SELECT ECHO ?, ?")) {
            ps.setCharacterStream(1, new StringReader("from a reader"));
            ps.setBinaryStream(2, new ByteArrayInputStream("bytes".getBytes(StandardCharsets.UTF_8)));
            assertEquals("SELECT ECHO 'from a reader', 'bytes'", echo(ps));
            ps.setString(1, "plain");
            ps.setString(2, "again");
            assertEquals("SELECT ECHO 'plain', 'again'", echo(ps));
        }
    }

    @Test
    void parameterLargerThanOnePacket() throws Exception {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, "SELECT ECHO ?")) {
            ps.setString(1, FakeSessionFactory.BIG_STRING);
            assertEquals("SELECT ECHO '" + FakeSessionFactory.BIG_STRING + "'", echo(ps));
        }
    }

    @Test
    void everyTypeReadsBackInBinaryRows() throws Exception {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, "SELECT types");
             ResultSet rs = ps.executeQuery()) {
            TypeRowAssertions.assertTypeMetadata(rs.getMetaData());
            TypeRowAssertions.assertTypeRow(rs);
        }
    }

    @Test
    void nullsInBinaryRows() throws Exception {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, "SELECT nulls");
             ResultSet rs = ps.executeQuery()) {
            TypeRowAssertions.assertNullRow(rs);
        }
    }

    @Test
    void manyBinaryRows() throws Exception {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, "SELECT rows 50000");
             ResultSet rs = ps.executeQuery()) {
            int count = 0;
            while (rs.next()) {
                assertEquals("row number " + count, rs.getString(2));
                count++;
            }
            assertEquals(50000, count);
        }
    }

    @Test
    void updateAndErrorThroughPreparedStatements() throws Exception {
        try (Connection c = connect()) {
            try (PreparedStatement ps = prepare(c, "UPDATE t SET a = ?")) {
                ps.setInt(1, 7);
                assertEquals(3, ps.executeUpdate());
                assertEquals("UPDATE t SET a = 7", FACTORY.statements.get(FACTORY.statements.size() - 1));
            }
            try (PreparedStatement ps = prepare(c, "bad ?")) {
                ps.setInt(1, 1);
                SQLException e = assertThrows(SQLException.class, ps::execute);
                assertEquals(1064, e.getErrorCode());
                assertEquals("42000", e.getSQLState());
            }
            try (PreparedStatement ps = prepare(c, "SELECT 1"); ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
        }
    }
}
