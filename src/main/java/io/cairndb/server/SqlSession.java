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

    /**
     * The result columns of a query, found without running it (COM_STMT_PREPARE); none for another
     * statement or one whose columns are known only at execute.
     */
    default List<ResultColumn> describeQuery(String sql) {
        return List.of();
    }

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

    /**
     * The file a {@code LOAD DATA LOCAL INFILE} statement asks the client for, when {@code sql} is one
     * (the protocol then receives the file before running it); null otherwise.
     */
    default String localInfile(String sql) {
        return null;
    }

    /** A new empty file to receive a LOAD DATA LOCAL INFILE's file in; the caller deletes it. */
    default java.nio.file.Path stageLocalInfile() {
        throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.NOT_SUPPORTED, "LOAD DATA LOCAL INFILE is not supported");
    }

    /** Runs {@code sql}, a LOAD DATA LOCAL INFILE whose file the client sent into {@code staged} ({@code bytes} long). */
    default List<StatementResult> loadLocalInfile(String sql, java.nio.file.Path staged, long bytes) {
        throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.NOT_SUPPORTED, "LOAD DATA LOCAL INFILE is not supported");
    }

    /** Registers how to end the client connection when another session kills this one (KILL CONNECTION). */
    void onKill(Runnable endConnection);

    @Override
    void close();
}
