package io.cairndb.server;

import io.cairndb.analyzer.SessionState;
import io.cairndb.catalog.AccessRights;

import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

/**
 * The session a background task runs as: in the MV's database, with the global variables, as
 * {@code user} with {@code access} (an MV's refresh as its creator, other work as root).
 */
record TaskSessionState(String currentDatabase, Map<String, String> globals, String user, AccessRights access)
        implements SessionState {

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
}
