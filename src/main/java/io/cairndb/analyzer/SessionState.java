package io.cairndb.analyzer;

import io.cairndb.catalog.AccessRights;

import java.time.ZoneId;
import java.util.List;

/** What statements read from their session: the current database and variables. */
public interface SessionState {
    /** The current database, or null. */
    String currentDatabase();

    /** A session variable's value as text, or null when the variable is unknown. */
    String variable(String name);

    /** A boolean session variable (stored as {@code true} or {@code false}). */
    default boolean flag(String name) {
        return "true".equals(variable(name));
    }

    /** The warnings of the session's last statement that could have any, for SHOW WARNINGS. */
    default List<String> warnings() {
        return List.of();
    }

    /** A user variable ({@code @name}) as text, or null when unset. */
    String userVariable(String name);

    /** The session time zone ({@code time_zone}). */
    ZoneId zone();

    long connectionId();

    String user();

    /** What the session's account may do. */
    AccessRights access();

    /**
     * The DuckDB FROM item of the rows a Stream Load is loading (its staged body), while the session
     * runs that load's INSERT; null otherwise. The table function {@code stream_load()} reads it, so
     * no SQL typed by a client can name a file through it.
     */
    default String stagedLoad() {
        return null;
    }

    /** Every variable's value for this session (information_schema.session_variables), by name. */
    default java.util.Map<String, String> sessionVariables() {
        return java.util.Map.of();
    }

    /** Every variable's global value (information_schema.global_variables), by name. */
    default java.util.Map<String, String> globalVariables() {
        return java.util.Map.of();
    }

    /** The lock LOCK TABLES gave this session on {@code database.table}, or null. */
    default HeldTableLock heldTableLock(String database, String table) {
        return null;
    }
}
