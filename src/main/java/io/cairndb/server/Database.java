package io.cairndb.server;

import io.cairndb.catalog.Catalog;
import io.cairndb.engine.DuckEngine;
import io.cairndb.engine.TableLocks;
import io.cairndb.system.ProcessInfo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One CairnDB instance: the DuckDB engine, the catalog, writer locks and the open sessions. The
 * protocol server and embedded tests open sessions through it.
 */
public final class Database implements SqlSessionFactory, AutoCloseable {
    private final DuckEngine engine;
    private final Catalog catalog = new Catalog();
    private final TableLocks locks = new TableLocks();
    private final Map<Long, Session> sessions = new ConcurrentHashMap<>();
    private final Map<String, String> globalVariables = new ConcurrentHashMap<>();
    private final Map<String, byte[]> users = new ConcurrentHashMap<>();

    private Database(DuckEngine engine) {
        this.engine = engine;
        users.put("root", new byte[0]);
        try (Connection c = engine.connect()) {
            catalog.load(c);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot start: " + e.getMessage(), e);
        }
    }

    /** Opens the database in {@code dataDir}, or an in-memory one when it is null. */
    public static Database open(Path dataDir) {
        return new Database(DuckEngine.open(dataDir));
    }

    @Override
    public Session open(long connectionId, String user, String database, String remoteAddress) {
        Session s = new Session(this, connectionId, user, remoteAddress);
        if (database != null && !database.isEmpty()) {
            try {
                s.useDatabase(database);
            } catch (RuntimeException e) {
                s.close();
                throw e;
            }
        }
        sessions.put(connectionId, s);
        return s;
    }

    @Override
    public byte[] passwordHash(String user) {
        return users.get(user);
    }

    /** Sets a user's password (stored as SHA1(SHA1(password)), as mysql_native_password needs). */
    public void setPassword(String user, String password) {
        if (password.isEmpty()) {
            users.put(user, new byte[0]);
            return;
        }
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] once = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
            users.put(user, MessageDigest.getInstance("SHA-1").digest(once));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    void closed(Session s) {
        sessions.remove(s.connectionId());
    }

    List<ProcessInfo> processes() {
        List<ProcessInfo> out = new ArrayList<>();
        for (Session s : sessions.values()) {
            out.add(s.processInfo());
        }
        out.sort(java.util.Comparator.comparingLong(ProcessInfo::id));
        return out;
    }

    DuckEngine engine() {
        return engine;
    }

    Catalog catalog() {
        return catalog;
    }

    TableLocks locks() {
        return locks;
    }

    Map<String, String> globalVariables() {
        return globalVariables;
    }

    @Override
    public void close() {
        for (Session s : List.copyOf(sessions.values())) {
            s.close();
        }
        engine.checkpoint();
        engine.close();
    }
}
