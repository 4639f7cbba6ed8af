package io.cairndb.system;

/** One connection as SHOW PROCESSLIST shows it; {@code info} is the running statement or null. */
public record ProcessInfo(long id, String user, String host, long loginTime, String database, String command,
                          long startedAt, String state, String info) {
}
