package io.cairndb.analyzer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;

import java.util.Locale;

/**
 * The values a query reads from its session rather than from tables: variables and the functions
 * without arguments such as {@code database()}. Values are Strings or Longs; null is SQL NULL.
 */
final class SessionValues {
    private SessionValues() {
    }

    /** The value of {@code @@name} or {@code @name}; an unknown system variable fails as in Doris. */
    static Object variable(SessionState s, Expr.Variable v) {
        if (!v.system()) {
            return s.userVariable(v.name());
        }
        String value = s.variable(v.name().toLowerCase(Locale.ROOT));
        if (value == null) {
            throw new CairnException(ErrorCode.UNKNOWN_SYSTEM_VARIABLE, "Unknown system variable '" + v.name() + "'");
        }
        return value.matches("-?\\d{1,18}") ? (Object) Long.valueOf(value) : value;
    }

    /** Whether {@code name()} is a session function. */
    static boolean isSessionFunction(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "database", "schema", "current_database", "user", "session_user", "current_user", "system_user",
                 "connection_id", "version", "current_catalog", "last_insert_id" -> true;
            default -> false;
        };
    }

    /** The value of session function {@code name()} (see {@link #isSessionFunction}). */
    static Object function(SessionState s, String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "database", "schema", "current_database" -> s.currentDatabase();
            case "user", "session_user", "current_user", "system_user" -> "'" + s.user() + "'@'%'";
            case "connection_id" -> s.connectionId();
            case "version" -> s.variable("version");
            case "current_catalog" -> "internal";
            case "last_insert_id" -> 0L;
            default -> throw new IllegalArgumentException(name);
        };
    }
}
