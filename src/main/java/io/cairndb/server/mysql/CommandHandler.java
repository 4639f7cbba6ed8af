package io.cairndb.server.mysql;

import io.cairndb.catalog.DataType;
import io.cairndb.engine.ResultColumn;
import io.cairndb.error.CairnException;
import io.cairndb.server.SqlSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Serves the command phase of one authenticated connection. */
final class CommandHandler {
    private static final Logger LOG = LoggerFactory.getLogger(CommandHandler.class);
    private static final MysqlColumn PARAMETER = MysqlColumn.of("?", DataType.STRING);

    /** Who is logged in, needed again when COM_RESET_CONNECTION opens a fresh session. */
    record Login(long connectionId, String user, String remoteAddress) {
    }

    private final MysqlServer server;
    private final ResultWriter out;
    private final Login login;
    private final Runnable onKill;
    private final Map<Integer, ServerPreparedStatement> statements = new HashMap<>();
    /** Volatile: a shutdown cancels its statement from another thread. */
    private volatile SqlSession session;
    private int nextStatementId = 1;
    /** The LOAD DATA LOCAL INFILE whose file the client is sending, or null. */
    private Infile infile;

    /** @param onKill ends the connection when another session kills this one */
    CommandHandler(MysqlServer server, SqlSession session, ResultWriter out, Login login, Runnable onKill) {
        this.server = server;
        this.session = session;
        this.out = out;
        this.login = login;
        this.onKill = onKill;
        session.onKill(onKill);
    }

    /** Runs one command and writes its reply; false when the client has quit. */
    boolean handle(byte[] payload) {
        if (infile != null) {
            receiveInfile(payload);
            return true;
        }
        PayloadReader in = new PayloadReader(payload);
        int command = in.int1();
        switch (command) {
            case Protocol.COM_QUIT -> {
                return false;
            }
            case Protocol.COM_QUERY -> {
                server.countQuestion();
                String sql = in.restString();
                String file = session.localInfile(sql);
                if (file != null) {
                    requestInfile(sql, file);
                } else {
                    out.results(session.execute(sql), false, status());
                }
            }
            case Protocol.COM_INIT_DB -> {
                session.useDatabase(in.restString());
                out.ok();
            }
            case Protocol.COM_PING -> out.ok();
            case Protocol.COM_FIELD_LIST -> fieldList(in);
            case Protocol.COM_STATISTICS -> statistics();
            // Multi-statements are always accepted, so the option changes nothing; MySQL answers EOF.
            case Protocol.COM_SET_OPTION -> out.endOfData(Protocol.SERVER_STATUS_AUTOCOMMIT);
            case Protocol.COM_RESET_CONNECTION -> {
                resetSession();
                out.ok();
            }
            case Protocol.COM_STMT_PREPARE -> prepare(in.restString());
            case Protocol.COM_STMT_EXECUTE -> execute(in);
            case Protocol.COM_STMT_SEND_LONG_DATA -> withoutReply(() -> {
                ServerPreparedStatement statement = statements.get((int) in.int4());
                int parameter = in.int2();
                if (statement != null) {
                    statement.appendLongData(parameter, in.rest());
                }
            });
            case Protocol.COM_STMT_CLOSE -> withoutReply(() -> statements.remove((int) in.int4()));
            case Protocol.COM_STMT_RESET -> {
                statement((int) in.int4(), "mysqld_stmt_reset").clearLongData();
                out.ok();
            }
            default -> out.error(Protocol.ER_UNKNOWN_COM_ERROR, "08S01", "Unknown command");
        }
        return true;
    }

    /**
     * LOAD DATA LOCAL INFILE: asks the client for the file; the packets that follow are its contents,
     * written to a staging file, until an empty one ends it and the load runs.
     */
    private void requestInfile(String sql, String file) {
        java.nio.file.Path staged = session.stageLocalInfile();
        try {
            infile = new Infile(sql, staged, java.nio.channels.FileChannel.open(staged, java.nio.file.StandardOpenOption.WRITE));
        } catch (java.io.IOException e) {
            deleteQuietly(staged);
            throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.INTERNAL, "cannot stage the file: " + e.getMessage(), e);
        }
        out.localInfileRequest(file);
    }

    private void receiveInfile(byte[] payload) {
        Infile f = infile;
        if (payload.length > 0) {
            if (f.failure == null) {
                try {
                    java.nio.ByteBuffer data = java.nio.ByteBuffer.wrap(payload);
                    while (data.hasRemaining()) {
                        f.body.write(data);
                    }
                    f.bytes += payload.length;
                } catch (java.io.IOException e) {
                    // The rest of the file still arrives; the failure is the statement's answer.
                    f.failure = e;
                }
            }
            return;
        }
        infile = null;
        try {
            f.body.close();
            if (f.failure != null) {
                throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.INTERNAL, "cannot stage the file: "
                        + f.failure.getMessage(), f.failure);
            }
            out.results(session.loadLocalInfile(f.sql, f.staged, f.bytes), false, status());
        } catch (java.io.IOException e) {
            throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.INTERNAL, "cannot stage the file: " + e.getMessage(), e);
        } finally {
            deleteQuietly(f.staged);
        }
    }

    private static void deleteQuietly(java.nio.file.Path file) {
        try {
            java.nio.file.Files.deleteIfExists(file);
        } catch (java.io.IOException e) {
            LOG.warn("Cannot delete the staged file {}: {}", file, e.getMessage());
        }
    }

    /** A LOAD DATA LOCAL INFILE whose file is arriving. */
    private static final class Infile {
        private final String sql;
        private final java.nio.file.Path staged;
        private final java.nio.channels.FileChannel body;
        private long bytes;
        private java.io.IOException failure;

        Infile(String sql, java.nio.file.Path staged, java.nio.channels.FileChannel body) {
            this.sql = sql;
            this.staged = staged;
            this.body = body;
        }
    }

    /** The server status flags clients track the session's transaction state by. */
    private int status() {
        return (session.autocommit() ? Protocol.SERVER_STATUS_AUTOCOMMIT : 0)
                | (session.inTransaction() ? Protocol.SERVER_STATUS_IN_TRANS : 0);
    }

    void close() {
        if (infile != null) {
            try {
                infile.body.close();
            } catch (java.io.IOException e) {
                LOG.warn("Cannot close the staged file {}: {}", infile.staged, e.getMessage());
            }
            deleteQuietly(infile.staged);
            infile = null;
        }
        statements.clear();
        session.close();
    }

    /** Fails the running statement, if any; called from another thread. */
    void cancelStatement() {
        session.cancelStatement();
    }

    private void fieldList(PayloadReader in) {
        String table = in.nulString(); // a column wildcard may follow; all columns are listed
        List<ResultColumn> columns = session.fieldList(table);
        String schema = session.currentDatabase();
        for (ResultColumn column : columns) {
            out.columnDefinition(MysqlColumn.of(column), schema == null ? "" : schema, table, true);
        }
        out.endOfData(Protocol.SERVER_STATUS_AUTOCOMMIT);
    }

    /** COM_STATISTICS answers with a bare human-readable string. */
    private void statistics() {
        long uptime = Math.max(server.uptimeSeconds(), 1);
        long questions = server.questions();
        out.rawString(String.format(Locale.ROOT, "Uptime: %d  Threads: %d  Questions: %d  Slow queries: 0  "
                        + "Opens: 0  Flush tables: 0  Open tables: 0  Queries per second avg: %.3f",
                uptime, server.openConnections(), questions, (double) questions / uptime));
    }

    /** Like MySQL, keeps the user and current database but drops all other session state. */
    private void resetSession() {
        String database = session.currentDatabase();
        statements.clear();
        session.close();
        try {
            session = server.factory().open(login.connectionId(), login.user(), database, login.remoteAddress());
        } catch (CairnException e) {
            // The database may have been dropped meanwhile; the session must still come back.
            session = server.factory().open(login.connectionId(), login.user(), null, login.remoteAddress());
        }
        session.onKill(onKill);
    }

    /**
     * The server counts placeholders itself; a query's result columns are described as it would return
     * them with every parameter NULL (see {@link SqlSession#describeQuery}).
     */
    private void prepare(String sql) {
        PlaceholderSql parsed = PlaceholderSql.parse(sql);
        ServerPreparedStatement statement = new ServerPreparedStatement(nextStatementId++, parsed,
                server.limits().maxAllowedPacket());
        statements.put(statement.id(), statement);
        List<ResultColumn> columns = session.describeQuery(parsed.bind(Collections.nCopies(parsed.parameterCount(), "NULL")));
        out.prepareOk(statement.id(), columns.size(), parsed.parameterCount());
        if (parsed.parameterCount() > 0) {
            for (int i = 0; i < parsed.parameterCount(); i++) {
                out.columnDefinition(PARAMETER, "", "", false);
            }
            out.endOfColumns();
        }
        if (!columns.isEmpty()) {
            out.describe(columns);
        }
    }

    private void execute(PayloadReader in) {
        ServerPreparedStatement statement = statement((int) in.int4(), "mysqld_stmt_execute");
        in.skip(1 + 4); // cursor flags (no cursors: rows are always sent at once), iteration count
        List<String> literals;
        try {
            statement.checkLongData();
            literals = ParameterDecoder.decode(in, statement);
        } finally {
            statement.clearLongData();
        }
        server.countQuestion();
        out.results(session.execute(statement.sql().bind(literals)), true, status());
    }

    private ServerPreparedStatement statement(int id, String command) {
        ServerPreparedStatement statement = statements.get(id);
        if (statement == null) {
            throw new CairnException(Protocol.ER_UNKNOWN_STMT_HANDLER, "HY000",
                    "Unknown prepared statement handler (" + Integer.toUnsignedString(id) + ") given to "
                            + command, null);
        }
        return statement;
    }

    /** Commands the client expects no reply to must stay silent even when malformed. */
    private static void withoutReply(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            LOG.debug("Ignoring malformed command without reply", e);
        }
    }
}
