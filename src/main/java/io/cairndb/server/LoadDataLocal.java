package io.cairndb.server;

import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.ParsedStatement;
import io.cairndb.sql.tree.Statement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * LOAD DATA LOCAL INFILE over the MySQL protocol: recognizing the statement (so that the protocol asks
 * the client for its file), staging the file, and running it as a Stream Load of it.
 */
final class LoadDataLocal {
    private LoadDataLocal() {
    }

    /** The file a LOAD DATA LOCAL INFILE asks for, or null when {@code sql} is not one. */
    static String fileRequested(String sql) {
        // Only a statement that starts with LOAD is parsed here; every other one is parsed once, when it runs.
        if (!sql.stripLeading().regionMatches(true, 0, "LOAD", 0, 4)) {
            return null;
        }
        List<ParsedStatement> parsed;
        try {
            parsed = ParsedScripts.parse(sql);
        } catch (CairnException e) {
            return null; // reported when it runs
        }
        return parsed.size() == 1 && parsed.get(0).statement() instanceof Statement.LoadData l && l.local() ? l.file() : null;
    }

    static Path stage(Database db) {
        try {
            return Files.createTempFile(Files.createDirectories(db.stagingDirectory()), "load-data-", ".body");
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot stage the file of LOAD DATA: " + e.getMessage(), e);
        }
    }

    /**
     * Runs the load. Its strict_mode and timezone properties hold for the load only: the session's
     * variables are as they were after it. Answers as MySQL does: {@code Records: n  Deleted: 0  Skipped: m}.
     */
    static List<StatementResult> run(Database db, Session session, String sql, Path staged, long bytes) {
        Statement.LoadData l = (Statement.LoadData) ParsedScripts.parse(sql).get(0).statement();
        String database = l.table().database() != null ? l.table().database() : session.currentDatabase();
        if (database == null) {
            throw new CairnException(ErrorCode.NO_DATABASE_SELECTED, "No database selected");
        }
        SessionVariables variables = session.variables();
        String strict = variables.get("enable_insert_strict");
        String timeZone = variables.get("time_zone");
        try {
            StreamLoad.Result r = StreamLoad.load(db, session, database, l.table().name(), LoadInfo.statementLabel(), l.options(),
                    staged, bytes);
            return List.of(new UpdateCount(r.loadedRows(), "Records: " + r.totalRows() + "  Deleted: 0  Skipped: "
                    + r.unselectedRows() + "  Warnings: " + r.filteredRows(), r.filteredRows(), List.of()));
        } finally {
            variables.setSession("enable_insert_strict", strict);
            variables.setSession("time_zone", timeZone);
            session.applyTimeZone(timeZone);
        }
    }
}
