package io.cairndb.server;

/**
 * One EXPORT job, as SHOW EXPORT lists it: {@code taskInfo} is Doris's JSON of what it exports and how;
 * {@code path} the export path as given; times in epoch milliseconds (start and finish null until then);
 * {@code errorMsg} set once CANCELLED, {@code outfileInfo} (Doris's JSON of the files written) once FINISHED.
 */
record ExportJob(long id, String label, String database, String table, State state, String taskInfo, String path,
                 long createTime, Long startTime, Long finishTime, long timeoutSeconds, String errorMsg, String outfileInfo) {

    /** Doris's export job states. */
    enum State { PENDING, IN_QUEUE, EXPORTING, FINISHED, CANCELLED }

    boolean finalState() {
        return state == State.FINISHED || state == State.CANCELLED;
    }

    ExportJob finished(String files, long at) {
        return new ExportJob(id, label, database, table, State.FINISHED, taskInfo, path, createTime, startTime, at, timeoutSeconds,
                null, files);
    }

    /** Cancelled, Doris's way: {@code type:RUN_FAIL; msg:..} (or USER_CANCEL, TIMEOUT). */
    ExportJob cancelled(String type, String message, long at) {
        return new ExportJob(id, label, database, table, State.CANCELLED, taskInfo, path, createTime, startTime, at, timeoutSeconds,
                "type:" + type + "; msg:" + message, null);
    }
}
