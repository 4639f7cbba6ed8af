package io.cairndb.server;

import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.StatementResult;

import java.util.List;

/**
 * One client connection's view of the database, as the wire protocol uses it. Every method
 * reports failures as {@link io.cairndb.error.CairnException}.
 */
public interface SqlSession extends AutoCloseable {

    /** Runs the statements in {@code sql}; returns one result per statement, in order. */
    List<StatementResult> execute(String sql);

    /** COM_INIT_DB / USE. */
    void useDatabase(String database);

    /** The current database, or null. */
    String currentDatabase();

    /** COM_FIELD_LIST: the columns of a table in the current database. */
    List<ResultColumn> fieldList(String table);

    /** The id shown in SHOW PROCESSLIST and sent in the handshake. */
    long connectionId();

    /**
     * Fails the statement running now, as KILL QUERY does: it rolls back and reports "Query execution
     * was interrupted". Called from another thread; an idle session is untouched.
     */
    void cancelStatement();

    /** Whether a transaction is open (BEGIN, or autocommit off with statements since the last COMMIT). */
    default boolean inTransaction() {
        return false;
    }

    /** Whether statements commit on their own (the autocommit variable). */
    default boolean autocommit() {
        return true;
    }

    /** Registers how to end the client connection when another session kills this one (KILL CONNECTION). */
    void onKill(Runnable endConnection);

    @Override
    void close();
}
