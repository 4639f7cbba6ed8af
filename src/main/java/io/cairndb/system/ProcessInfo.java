package io.cairndb.system;

/**
 * One connection, or one running MV refresh, as SHOW PROCESSLIST shows it; {@code info} is the running
 * statement or null; {@code queryId} the refresh's query id, empty for a connection; {@code progress}
 * how far the running statement has got ({@code 42.17% (4669440/20000032 rows)}), empty when not known.
 */
public record ProcessInfo(long id, String user, String host, long loginTime, String database, String command,
                          long startedAt, String state, String info, String queryId, String progress) {
}
