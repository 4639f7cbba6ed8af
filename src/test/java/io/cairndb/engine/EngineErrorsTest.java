package io.cairndb.engine;

import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Errors of the engine reach users in the dialect's words. */
class EngineErrorsTest {

    @Test
    void engineSyntaxErrorReadsAsTheDialects() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            SQLException raw = assertThrows(SQLException.class, () -> st.execute("SELECT nullif(1, 2, 3)"));
            CairnException e = EngineErrors.translate(raw);
            assertEquals("Syntax error near \",\"", e.getMessage());
        }
    }
}
