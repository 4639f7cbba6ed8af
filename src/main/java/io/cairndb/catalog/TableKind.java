package io.cairndb.catalog;

/** What a catalog entry of a database is. */
public enum TableKind { TABLE, VIEW }
