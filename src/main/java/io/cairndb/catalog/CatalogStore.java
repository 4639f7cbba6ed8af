package io.cairndb.catalog;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Catalog persistence in the {@code cairn_sys} schema. Every method works inside the caller's
 * transaction, so metadata commits together with the data change it describes.
 */
final class CatalogStore {
    static final String SCHEMA = "cairn_sys";
    private static final String OBJECTS = SCHEMA + ".catalog_objects";

    // Record components only: derived accessors such as isView() are not state.
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .setVisibility(PropertyAccessor.GETTER, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY);

    void createSchema(Connection c) {
        run(c, "CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
        run(c, "CREATE TABLE IF NOT EXISTS " + OBJECTS
                + " (kind VARCHAR NOT NULL, db VARCHAR NOT NULL, name VARCHAR NOT NULL, body VARCHAR NOT NULL)");
    }

    List<DatabaseMeta> loadDatabases(Connection c) {
        return loadAll(c, "DATABASE", DatabaseMeta.class);
    }

    List<TableMeta> loadTables(Connection c) {
        return loadAll(c, "TABLE", TableMeta.class);
    }

    void saveDatabase(Connection c, DatabaseMeta db) {
        save(c, "DATABASE", "", db.name(), write(db));
    }

    void deleteDatabase(Connection c, String name) {
        delete(c, "DATABASE", "", name);
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + OBJECTS
                + " WHERE kind IN ('TABLE', 'STREAM', 'MV', 'ROLLUP_JOB') AND db = ?")) {
            ps.setString(1, name);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    List<StreamMeta> loadStreams(Connection c) {
        return loadAll(c, "STREAM", StreamMeta.class);
    }

    void saveStream(Connection c, StreamMeta s) {
        save(c, "STREAM", s.database(), s.name(), write(s));
    }

    void deleteStream(Connection c, String db, String name) {
        delete(c, "STREAM", db, name);
    }

    void saveTable(Connection c, TableMeta t) {
        save(c, "TABLE", t.database(), t.name(), write(t));
    }

    /** The table as {@code c}'s transaction sees it, or null. */
    TableMeta loadTable(Connection c, String db, String name) {
        return load(c, "TABLE", db, name, TableMeta.class);
    }

    MvMeta loadMv(Connection c, String db, String name) {
        return load(c, "MV", db, name, MvMeta.class);
    }

    /** One stored entry as the transaction of {@code c} sees it, or null. */
    private <T> T load(Connection c, String kind, String db, String name, Class<T> type) {
        try (PreparedStatement ps = c.prepareStatement("SELECT body FROM " + OBJECTS + " WHERE kind = ? AND db = ? AND name = ?")) {
            ps.setString(1, kind);
            ps.setString(2, db);
            ps.setString(3, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? read(rs.getString(1), type) : null;
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    List<MvMeta> loadMvs(Connection c) {
        return loadAll(c, "MV", MvMeta.class);
    }

    void saveMv(Connection c, MvMeta mv) {
        save(c, "MV", mv.database(), mv.name(), write(mv));
    }

    /** Saves an MV and its data table (same database and name) with one statement; both must exist already. */
    void saveMvAndTable(Connection c, MvMeta mv, TableMeta t) {
        try (PreparedStatement update = c.prepareStatement("UPDATE " + OBJECTS + " SET body = CASE kind WHEN 'MV' THEN ? ELSE ? END"
                + " WHERE kind IN ('MV', 'TABLE') AND db = ? AND name = ?")) {
            update.setString(1, write(mv));
            update.setString(2, write(t));
            update.setString(3, mv.database());
            update.setString(4, mv.name());
            if (update.executeUpdate() != 2) {
                throw new CairnException(ErrorCode.INTERNAL, "materialized view " + mv.database() + "." + mv.name()
                        + " was dropped or renamed meanwhile");
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    List<RollupJob> loadRollupJobs(Connection c) {
        return loadAll(c, "ROLLUP_JOB", RollupJob.class);
    }

    void saveRollupJob(Connection c, RollupJob job) {
        save(c, "ROLLUP_JOB", job.database(), String.valueOf(job.jobId()), write(job));
    }

    List<UserMeta> loadUsers(Connection c) {
        return loadAll(c, "USER", UserMeta.class);
    }

    void saveUser(Connection c, UserMeta u) {
        save(c, "USER", "", u.key(), write(u));
    }

    void deleteUser(Connection c, String key) {
        delete(c, "USER", "", key);
    }

    List<RoleMeta> loadRoles(Connection c) {
        return loadAll(c, "ROLE", RoleMeta.class);
    }

    void saveRole(Connection c, RoleMeta r) {
        save(c, "ROLE", "", r.name(), write(r));
    }

    void deleteRole(Connection c, String name) {
        delete(c, "ROLE", "", name);
    }

    void deleteMv(Connection c, String db, String name) {
        delete(c, "MV", db, name);
    }

    void deleteTable(Connection c, String db, String name) {
        delete(c, "TABLE", db, name);
    }

    /** Every stored entry of a kind. */
    private <T> List<T> loadAll(Connection c, String kind, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (String body : bodies(c, kind)) {
            out.add(read(body, type));
        }
        return out;
    }

    private List<String> bodies(Connection c, String kind) {
        try (PreparedStatement ps = c.prepareStatement("SELECT body FROM " + OBJECTS + " WHERE kind = ?")) {
            ps.setString(1, kind);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** Replaces the entry's body, or adds the entry: one statement when it exists, as on every write and refresh. */
    private void save(Connection c, String kind, String db, String name, String body) {
        try (PreparedStatement update = c.prepareStatement("UPDATE " + OBJECTS + " SET body = ? WHERE kind = ? AND db = ? AND name = ?")) {
            update.setString(1, body);
            update.setString(2, kind);
            update.setString(3, db);
            update.setString(4, name);
            if (update.executeUpdate() > 0) {
                return;
            }
        } catch (SQLException e) {
            throw failure(e);
        }
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + OBJECTS + " VALUES (?, ?, ?, ?)")) {
            insert.setString(1, kind);
            insert.setString(2, db);
            insert.setString(3, name);
            insert.setString(4, body);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private void delete(Connection c, String kind, String db, String name) {
        try (PreparedStatement ps = c.prepareStatement(
                "DELETE FROM " + OBJECTS + " WHERE kind = ? AND db = ? AND name = ?")) {
            ps.setString(1, kind);
            ps.setString(2, db);
            ps.setString(3, name);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private static void run(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private String write(Object o) {
        try {
            return json.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot serialize catalog entry: " + e.getMessage(), e);
        }
    }

    private <T> T read(String body, Class<T> type) {
        try {
            return json.readValue(body, type);
        } catch (JsonProcessingException e) {
            throw new CairnException(ErrorCode.INTERNAL, "corrupt catalog entry: " + e.getMessage(), e);
        }
    }

    private static CairnException failure(SQLException e) {
        return new CairnException(ErrorCode.INTERNAL, "catalog storage: " + e.getMessage(), e);
    }
}
