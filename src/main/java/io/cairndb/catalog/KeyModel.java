package io.cairndb.catalog;

/** The data models of a Doris table: how rows with equal keys combine. */
public enum KeyModel {
    DUPLICATE, UNIQUE, AGGREGATE, PRIMARY;

    /** Whether writes replace the row with an equal key (UNIQUE merge-on-write and PRIMARY KEY). */
    public boolean upserts() {
        return this == UNIQUE || this == PRIMARY;
    }

    /** The key clause as written in SHOW CREATE TABLE. */
    public String keyword() {
        return this == PRIMARY ? "PRIMARY KEY" : name() + " KEY";
    }
}
