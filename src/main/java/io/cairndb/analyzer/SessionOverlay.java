package io.cairndb.analyzer;

import io.cairndb.catalog.AccessRights;

import java.time.ZoneId;
import java.util.List;

/**
 * A session seen from another current database (an MV definition binds in the database it was
 * written in) or with other rights (internal work binds definitions for no user).
 */
record SessionOverlay(SessionState session, String currentDatabase, AccessRights access) implements SessionState {
    @Override
    public String variable(String name) {
        return session.variable(name);
    }

    @Override
    public List<String> warnings() {
        return session.warnings();
    }

    @Override
    public String userVariable(String name) {
        return session.userVariable(name);
    }

    @Override
    public ZoneId zone() {
        return session.zone();
    }

    @Override
    public long connectionId() {
        return session.connectionId();
    }

    @Override
    public String user() {
        return session.user();
    }

    @Override
    public String stagedLoad() {
        return session.stagedLoad();
    }

    @Override
    public java.util.Map<String, String> sessionVariables() {
        return session.sessionVariables();
    }

    @Override
    public java.util.Map<String, String> globalVariables() {
        return session.globalVariables();
    }

    @Override
    public HeldTableLock heldTableLock(String database, String table) {
        return session.heldTableLock(database, table);
    }
}
