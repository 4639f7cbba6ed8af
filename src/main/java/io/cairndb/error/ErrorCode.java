package io.cairndb.error;

/** MySQL error codes and SQLSTATEs that CairnDB reports. */
public enum ErrorCode {
    PARSE_ERROR(1064, "42000"),
    UNKNOWN_DATABASE(1049, "42000"),
    DATABASE_EXISTS(1007, "HY000"),
    DATABASE_NOT_EMPTY(1105, "HY000"),
    NO_DATABASE_SELECTED(1046, "3D000"),
    TABLE_EXISTS(1050, "42S01"),
    UNKNOWN_TABLE(1051, "42S02"),
    NO_SUCH_TABLE(1146, "42S02"),
    WRONG_TABLE_NAME(1103, "42000"),
    UNKNOWN_COLUMN(1054, "42S22"),
    DUPLICATE_COLUMN(1060, "42S21"),
    COLUMN_COUNT_MISMATCH(1136, "21S01"),
    WRONG_VALUE(1366, "HY000"),
    UNKNOWN_SYSTEM_VARIABLE(1193, "HY000"),
    READ_ONLY_VARIABLE(1238, "HY000"),
    WRONG_VALUE_FOR_VARIABLE(1231, "42000"),
    WRONG_ARGUMENTS_TYPE(1232, "42000"),
    NOT_SUPPORTED(1235, "42000"),
    ACCESS_DENIED(1045, "28000"),
    /** MySQL's ER_MUST_CHANGE_PASSWORD_LOGIN: the password has expired. */
    MUST_CHANGE_PASSWORD_LOGIN(1862, "HY000"),
    CANNOT_USER(1396, "HY000"),
    PASSWORD_NO_MATCH(1133, "42000"),
    DB_ACCESS_DENIED(1044, "42000"),
    TABLE_ACCESS_DENIED(1142, "42000"),
    TABLE_READ_LOCKED(1099, "HY000"),
    SAVEPOINT_DOES_NOT_EXIST(1305, "42000"),
    SPECIFIC_ACCESS_DENIED(1227, "42000"),
    NONEXISTING_GRANT(1141, "42000"),
    UNKNOWN_PARTITION(1735, "HY000"),
    NO_PARTITION_FOR_VALUE(1526, "HY000"),
    DUPLICATE_KEY(1062, "23000"),
    WRONG_ARGUMENTS(1210, "HY000"),
    /** MySQL's ER_WARN_ALLOWED_PACKET_OVERFLOWED: a function's result larger than max_allowed_packet. */
    VALUE_TOO_LARGE(1301, "HY000"),
    /** MySQL's ER_OUT_OF_RESOURCES: the engine ran out of the memory it may use. */
    MEMORY_LIMIT_EXCEEDED(1041, "HY000"),
    UNKNOWN_THREAD(1094, "HY000"),
    KILL_DENIED(1095, "HY000"),
    QUERY_INTERRUPTED(1317, "70100"),
    /** MySQL's ER_QUERY_TIMEOUT (maximum statement execution time exceeded). */
    QUERY_TIMEOUT(3024, "HY000"),
    SESSION_WAS_KILLED(3169, "HY000"),
    /** MySQL's deadlock code: drivers and pools know SQLSTATE 40001 means "roll back and retry". */
    WRITE_CONFLICT(1213, "40001"),
    INTERNAL(1105, "HY000");

    private final int code;
    private final String sqlState;

    ErrorCode(int code, String sqlState) {
        this.code = code;
        this.sqlState = sqlState;
    }

    public int code() {
        return code;
    }

    public String sqlState() {
        return sqlState;
    }
}
