package io.cairndb.catalog;

/**
 * The job that builds a rollup (synchronous MV) over a table's rows, as SHOW ALTER TABLE MATERIALIZED
 * VIEW lists it. {@code finishTime} is 0 while it runs; {@code message} says why it was cancelled.
 */
public record RollupJob(long jobId, String database, long tableId, String tableName, String rollupName, long rollupId,
                        long transactionId, State state, String message, long createTime, long finishTime, long timeoutSeconds) {

    public enum State { PENDING, WAITING_TXN, RUNNING, FINISHED, CANCELLED }

    public RollupJob {
        message = message == null ? "" : message;
    }

    public RollupJob ended(State end, String why) {
        return new RollupJob(jobId, database, tableId, tableName, rollupName, rollupId, transactionId, end, why, createTime,
                System.currentTimeMillis(), timeoutSeconds);
    }

    public boolean running() {
        return state != State.FINISHED && state != State.CANCELLED;
    }
}
