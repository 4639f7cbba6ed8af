package io.cairndb.server;

import io.cairndb.analyzer.SessionState;

import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

/** The session a background task runs as: root, in the MV's database, with the global variables. */
record TaskSessionState(String currentDatabase, Map<String, String> globals) implements SessionState {

    @Override
    public String variable(String name) {
        String v = globals.get(name.toLowerCase(Locale.ROOT));
        return v != null ? v : SessionVariables.defaultsView().get(name.toLowerCase(Locale.ROOT));
    }

    @Override
    public String userVariable(String name) {
        return null;
    }

    @Override
    public ZoneId zone() {
        return ZoneId.systemDefault();
    }

    @Override
    public long connectionId() {
        return 0;
    }

    @Override
    public String user() {
        return "root";
    }
}
