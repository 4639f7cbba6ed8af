package io.cairndb.catalog;

/** What a catalog entry of a database is. An asynchronous MV's data lives in a table of its own kind. */
public enum TableKind { TABLE, VIEW, MATERIALIZED_VIEW }
