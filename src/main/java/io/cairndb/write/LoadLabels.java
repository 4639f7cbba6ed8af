package io.cairndb.write;

import io.cairndb.catalog.Catalog;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.util.Set;

/** Load labels: a label names one load per database, so a retried load with the same label is refused. */
public final class LoadLabels {
    static final String TABLE = Catalog.SYSTEM_SCHEMA + ".load_labels";

    private LoadLabels() {
    }

    public static void createSchema(Connection c) {
        Sql.execute(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (db VARCHAR NOT NULL, label VARCHAR NOT NULL, created_at BIGINT NOT NULL)");
    }

    /** A dropped database's labels go with it: a new database of the same name starts with none. */
    public static void forgetDatabase(Connection c, String database) {
        Sql.update(c, "DELETE FROM " + TABLE + " WHERE db = ?", database);
    }

    /** Removes the labels of databases that no longer exist (a DROP DATABASE of older versions left them). */
    public static void dropOrphans(Connection c, Set<String> databases) {
        Sql.deleteExcept(c, TABLE, "db", databases.stream().map(Sql::literal).toList());
    }

    /** Claims {@code label} (nothing when null) in {@code database}, in {@code c}'s transaction. */
    public static void claim(Connection c, String database, String label) {
        if (label == null) {
            return;
        }
        if (Sql.scalar(c, "SELECT 1 FROM " + TABLE + " WHERE db = ? AND label = ?", database, label) != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Label [" + label + "] has already been used");
        }
        Sql.update(c, "INSERT INTO " + TABLE + " VALUES (?, ?, ?)", database, label, System.currentTimeMillis());
    }
}
