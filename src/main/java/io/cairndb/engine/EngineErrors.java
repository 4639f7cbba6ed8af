package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.SQLException;

/** Turns DuckDB exceptions into user-facing errors. */
public final class EngineErrors {
    private EngineErrors() {
    }

    public static CairnException translate(SQLException e) {
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        // DuckDB prefixes messages with the error class ("Binder Error: ..."); keep the detail.
        String detail = msg.replaceFirst("^[A-Za-z ]+ Error: ", "").trim();
        ErrorCode code = ErrorCode.INTERNAL;
        if (msg.startsWith("Binder Error") && detail.contains("not found")) {
            code = detail.contains("Table") ? ErrorCode.NO_SUCH_TABLE : ErrorCode.UNKNOWN_COLUMN;
        } else if (msg.startsWith("Conversion Error") || msg.startsWith("Invalid Input Error")) {
            code = ErrorCode.WRONG_VALUE;
        } else if (msg.startsWith("Constraint Error")) {
            code = detail.contains("NOT NULL") ? ErrorCode.WRONG_VALUE : ErrorCode.DUPLICATE_KEY;
        } else if (msg.startsWith("Parser Error")) {
            code = ErrorCode.PARSE_ERROR;
        }
        return new CairnException(code, detail, e);
    }
}
