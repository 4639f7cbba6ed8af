package io.cairndb.write;

/**
 * A finished load transaction as SHOW TRANSACTION reports it. Times are epoch milliseconds;
 * commitTime and finishTime are null for an ABORTED one, whose reason says why (empty otherwise).
 */
public record LoadTransaction(long id, String database, String label, String status, String sourceType,
                              long prepareTime, Long commitTime, Long finishTime, String reason, long timeoutMs) {
    public static final String VISIBLE = "VISIBLE";
    public static final String ABORTED = "ABORTED";
    public static final String PREPARE = "PREPARE";
    /** What Doris reports for INSERT, UPDATE and DELETE, which all load through the same sink. */
    public static final String INSERT_STREAMING = "INSERT_STREAMING";
    /** What Doris reports for Stream Load (and LOAD DATA LOCAL, its MySQL form). */
    public static final String BACKEND_STREAMING = "BACKEND_STREAMING";
}
