package io.cairndb.server;

import static io.cairndb.sqltest.SessionSql.exec;
import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * SHOW TRANSACTION inside an explicit transaction sees a load that finished after it began, also
 * once the history has been written out of its in-memory queue (which happens every second).
 */
class TransactionHistoryReadTest {

    @Test
    void showTransactionInsideATransactionSeesLaterLoads() throws Exception {
        try (Database db = Database.open(null)) {
            SqlSession reader = db.open(1, "root", null, "test");
            SqlSession writer = db.open(2, "root", null, "test");
            exec(writer, "CREATE DATABASE h");
            exec(writer, "CREATE TABLE h.t (k INT, v INT) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1");
            exec(reader, "USE h");
            exec(reader, "BEGIN");
            // The reader's snapshot is taken before the load.
            exec(reader, "SELECT count(*) FROM t");
            exec(writer, "INSERT INTO h.t WITH LABEL late VALUES (1, 1)");
            // Long enough for the history to leave the queue for the table.
            Thread.sleep(2_500);
            assertEquals(1, rows(reader, "SHOW TRANSACTION WHERE label = 'late'").size());
            exec(reader, "ROLLBACK");
            reader.close();
            writer.close();
        }
    }
}
