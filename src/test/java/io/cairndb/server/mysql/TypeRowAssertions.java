package io.cairndb.server.mysql;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;

import static org.junit.jupiter.api.Assertions.*;

/** What Connector/J must read back from the fake's "SELECT types" row, in either protocol. */
final class TypeRowAssertions {
    private TypeRowAssertions() {
    }

    static void assertTypeRow(ResultSet rs) throws SQLException {
        assertTrue(rs.next());
        assertEquals(Boolean.TRUE, rs.getObject("c_bool"));
        assertEquals(1, rs.getInt("c_bool"));
        assertEquals(-5, rs.getObject("c_tiny"));
        assertEquals(300, rs.getObject("c_small"));
        assertEquals(70000, rs.getObject("c_int"));
        assertEquals(70000, rs.getInt("c_int"));
        assertEquals(9_000_000_000L, rs.getObject("c_big"));
        assertEquals(new BigDecimal("170141183460469231731687303715884105727"), rs.getObject("c_large"));
        assertEquals("170141183460469231731687303715884105727", rs.getString("c_large"));
        assertEquals(1.5f, rs.getObject("c_float"));
        assertEquals(2.25, rs.getObject("c_double"));
        assertEquals(2.25, rs.getDouble("c_double"));
        assertEquals(new BigDecimal("12345.67"), rs.getBigDecimal("c_decimal"));
        assertEquals(new BigDecimal("12345.67"), rs.getObject("c_decimal"));
        assertEquals(Date.valueOf("2024-02-29"), rs.getDate("c_date"));
        assertEquals("2024-02-29", rs.getString("c_date"));
        assertEquals(Timestamp.valueOf("2024-02-29 13:14:15"), rs.getTimestamp("c_datetime"));
        assertEquals(LocalDateTime.of(2024, 2, 29, 13, 14, 15), rs.getObject("c_datetime"));
        assertEquals(Timestamp.valueOf("2024-02-29 13:14:15.123456"), rs.getTimestamp("c_datetime6"));
        assertEquals(Timestamp.valueOf("2024-02-29 13:14:15.123"), rs.getTimestamp("c_datetime3"));
        assertEquals("ab", rs.getString("c_char"));
        assertEquals("héllo 😀", rs.getString("c_varchar"));
        assertEquals("héllo 😀", rs.getObject("c_varchar"));
        assertEquals("text", rs.getString("c_string"));
        assertEquals("{\"a\":1}", rs.getString("c_json"));
        assertEquals("{\"a\":1}", rs.getObject("c_json"));
        assertEquals("[1,2]", rs.getString("c_array"));
        assertEquals("{\"k\":1}", rs.getString("c_map"));
        assertEquals("<bitmap>", rs.getString("c_bitmap"));
        assertNull(rs.getObject("c_null"));
        assertTrue(rs.wasNull());
        assertFalse(rs.next());
    }

    static void assertTypeMetadata(ResultSetMetaData md) throws SQLException {
        assertEquals(FakeSessionFactory.TYPE_COLUMNS.size(), md.getColumnCount());
        assertEquals("c_bool", md.getColumnLabel(1));
        assertEquals(Types.BIT, md.getColumnType(1)); // Connector/J's reading of TINYINT(1)
        assertEquals(Types.TINYINT, md.getColumnType(2));
        assertEquals(Types.SMALLINT, md.getColumnType(3));
        assertEquals(Types.INTEGER, md.getColumnType(4));
        assertEquals(Types.BIGINT, md.getColumnType(5));
        assertEquals(Types.DECIMAL, md.getColumnType(6));
        assertEquals(39, md.getPrecision(6));
        assertEquals(Types.REAL, md.getColumnType(7));
        assertEquals(Types.DOUBLE, md.getColumnType(8));
        assertEquals(Types.DECIMAL, md.getColumnType(9));
        assertEquals(10, md.getPrecision(9));
        assertEquals(2, md.getScale(9));
        assertEquals(Types.DATE, md.getColumnType(10));
        assertEquals(Types.TIMESTAMP, md.getColumnType(11));
        assertEquals(Types.VARCHAR, md.getColumnType(14));
        assertEquals(20, md.getPrecision(15));
        assertEquals(Types.VARCHAR, md.getColumnType(17));
        assertEquals(Types.NULL, md.getColumnType(21));
    }

    static void assertNullRow(ResultSet rs) throws SQLException {
        assertTrue(rs.next());
        for (int i = 1; i <= FakeSessionFactory.TYPE_COLUMNS.size(); i++) {
            assertNull(rs.getObject(i), "column " + i);
            assertNull(rs.getString(i), "column " + i);
        }
        assertFalse(rs.next());
    }
}
