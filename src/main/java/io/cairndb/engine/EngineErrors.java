package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.error.UnknownNames;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns DuckDB exceptions into user-facing errors with MySQL codes and Doris-like wording: names the
 * query does not define here, the other errors a statement can cause in {@link EngineMessages}.
 */
public final class EngineErrors {
    private static final Pattern ERROR_CLASS = Pattern.compile("([A-Za-z ]+) Error: (.*)", Pattern.DOTALL);
    private static final Pattern MISSING_COLUMN = Pattern.compile("Referenced column \"([^\"]+)\" (?:was )?not found.*",
            Pattern.DOTALL);
    private static final Pattern MISSING_QUALIFIED_COLUMN = Pattern.compile(
            "Table \"([^\"]+)\" does not have a column named \"([^\"]+)\".*", Pattern.DOTALL);
    private static final Pattern MISSING_QUALIFIER = Pattern.compile("Referenced table \"([^\"]+)\" not found.*", Pattern.DOTALL);
    private static final Pattern NOT_AGGREGATE = Pattern.compile("Function \"(\\w+)\" is a Scalar Function.*", Pattern.DOTALL);
    private static final Pattern MISSING_FUNCTION = Pattern.compile("Scalar Function with name (\\w+) does not exist!.*|"
            + "(?:Aggregate|Table) Function with name (\\w+) does not exist!.*", Pattern.DOTALL);

    private EngineErrors() {
    }

    public static CairnException translate(SQLException e) {
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        if (msg.contains(InterruptibleSleep.INTERRUPTED)) {
            // A KILL (or a time limit) reached sleep(); DuckDB reports the function's exception, stack and all.
            return new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted", e);
        }
        // The driver may wrap the engine's error in one of its own ("Invalid Input Error: Attempting to
        // execute ... \nError: Binder Error: ..."): the last "<Class> Error:" line is the real one.
        String[] lines = msg.split("\n");
        int from = 0;
        for (int i = 0; i < lines.length; i++) {
            if (ERROR_CLASS.matcher(lines[i].replaceFirst("^Error: ", "")).matches()) {
                from = i;
            }
        }
        String tail = String.join("\n", java.util.Arrays.asList(lines).subList(from, lines.length));
        Matcher m = ERROR_CLASS.matcher(tail.trim().replaceFirst("^Error: ", ""));
        String kind = m.matches() ? m.group(1).trim() : "";
        String detail = (m.matches() ? m.group(2) : msg).trim();
        // DuckDB appends a caret diagram of the SQL it ran; that SQL is ours, not the user's.
        int diagram = detail.indexOf("\n\nLINE ");
        if (diagram >= 0) {
            detail = detail.substring(0, diagram).trim();
        }
        if (kind.equals("TransactionContext") || detail.startsWith("Conflict on ") || detail.contains("write-write conflict")) {
            // Writers wait for each other on our locks first; this is the engine's last line of defence.
            return new CairnException(ErrorCode.WRITE_CONFLICT, "Write conflict with a concurrent transaction: "
                    + "the statement was rolled back, retry it", e);
        }
        Matcher col = MISSING_COLUMN.matcher(detail);
        if (col.matches()) {
            return UnknownNames.column(col.group(1), e);
        }
        Matcher qcol = MISSING_QUALIFIED_COLUMN.matcher(detail);
        if (qcol.matches()) {
            return UnknownNames.qualifiedColumn(qcol.group(1), qcol.group(2), e);
        }
        Matcher qualifier = MISSING_QUALIFIER.matcher(detail);
        if (qualifier.matches()) {
            return UnknownNames.qualifier(qualifier.group(1), e);
        }
        Matcher scalar = NOT_AGGREGATE.matcher(detail);
        if (scalar.matches()) {
            return QueryErrors.notAggregate(scalar.group(1), e);
        }
        Matcher fn = MISSING_FUNCTION.matcher(detail);
        if (fn.matches()) {
            String name = fn.group(1) != null ? fn.group(1) : fn.group(2);
            return QueryErrors.unknownFunction(name, e);
        }
        CairnException reworded = EngineMessages.reword(detail, e);
        if (reworded != null) {
            return reworded;
        }
        if (kind.equals("Out of Memory") || detail.equals("Java heap space")) {
            return new CairnException(ErrorCode.MEMORY_LIMIT_EXCEEDED, "Memory limit exceeded: the statement needs more memory "
                    + "than the server has left (mem_limit in cairn.conf)" + (kind.isEmpty() || detail.equals("Java heap space")
                    ? "" : ": " + detail), e);
        }
        ErrorCode code = switch (kind) {
            case "Binder" -> ErrorCode.WRONG_ARGUMENTS;
            case "Conversion", "Invalid Input", "Out of Range" -> ErrorCode.WRONG_VALUE;
            case "Constraint" -> detail.contains("NOT NULL") ? ErrorCode.WRONG_VALUE : ErrorCode.DUPLICATE_KEY;
            case "Parser" -> ErrorCode.PARSE_ERROR;
            default -> ErrorCode.INTERNAL;
        };
        return new CairnException(code, EngineMessages.plain(detail), e);
    }
}
