package io.cairndb.analyzer;

/**
 * A table lock a session holds from LOCK TABLES until UNLOCK TABLES: with either, no other session
 * writes the table; with READ, the session itself may not write it either.
 */
public enum HeldTableLock {
    READ,
    WRITE
}
