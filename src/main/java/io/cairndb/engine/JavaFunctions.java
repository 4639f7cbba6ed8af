package io.cairndb.engine;

import org.duckdb.DuckDBFunctions;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Scalar functions written in Java, for results Doris defines bit for bit that no DuckDB built-in
 * gives (DuckDB's own hash() is another algorithm). A Java function costs far more per row than a
 * built-in, but still less than the same arithmetic as a SQL macro over lists of bytes. Registered
 * once per database; every connection sees them.
 */
final class JavaFunctions {
    private JavaFunctions() {
    }

    static void register(Connection connection) throws SQLException {
        // cairn_murmur3_32(text, seed) hashes the UTF-8 bytes of text. A NULL reaches the function
        // for column values (withNullInNullOut short-cuts only constants), so it is checked here.
        DuckDBFunctions.scalarFunction().withName("cairn_murmur3_32")
                .withParameter(String.class).withParameter(Integer.class).withReturnType(Integer.class)
                .withFunction((String text, Integer seed) -> text == null || seed == null ? null
                        : MurmurHash3.hash32(text.getBytes(StandardCharsets.UTF_8), seed))
                .register(connection);
        DuckDBFunctions.scalarFunction().withName("cairn_murmur3_64")
                .withParameter(String.class).withParameter(Long.class).withReturnType(Long.class)
                .withFunction((String text, Long seed) -> text == null || seed == null ? null
                        : MurmurHash3.hash64(text.getBytes(StandardCharsets.UTF_8), seed))
                .register(connection);
    }
}
