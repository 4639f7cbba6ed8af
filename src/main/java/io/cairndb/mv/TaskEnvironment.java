package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.Txn;

import java.sql.Connection;

/** What refresh tasks run with, supplied by the server: connections and statement contexts. */
public interface TaskEnvironment {
    /** A new DuckDB connection prepared like a session's (macros installed). */
    Connection connect();

    /** A statement context for a task's transaction, with {@code database} as the current database. */
    StatementContext context(Txn txn, String database);

    /**
     * As {@link #context}, with the rights of {@code account} ({@code user@host}; null for root): an MV
     * refreshes with the rights of the account that created it.
     */
    StatementContext contextAs(Txn txn, String database, String account);
}
