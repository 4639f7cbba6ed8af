package io.cairndb.error;

/**
 * A failure reported to the client as a MySQL ERR packet: error code, SQLSTATE and a message the
 * user can act on.
 */
public class CairnException extends RuntimeException {
    private final int errorCode;
    private final String sqlState;

    public CairnException(ErrorCode code, String message) {
        this(code.code(), code.sqlState(), message, null);
    }

    public CairnException(ErrorCode code, String message, Throwable cause) {
        this(code.code(), code.sqlState(), message, cause);
    }

    public CairnException(int errorCode, String sqlState, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
        this.sqlState = sqlState;
    }

    public int errorCode() {
        return errorCode;
    }

    public String sqlState() {
        return sqlState;
    }
}
