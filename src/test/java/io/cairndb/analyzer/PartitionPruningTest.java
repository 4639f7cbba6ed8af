package io.cairndb.analyzer;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.sqltest.SessionSql;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * EXPLAIN tells which partitions a query can need ({@code partitions=k/n}, as Doris's scan nodes say):
 * those PARTITION (..) names whose range or list holds a value the predicates on the partition column allow.
 */
class PartitionPruningTest {
    private Database db;
    private SqlSession s;

    @BeforeEach
    void tables() {
        db = Database.open(null);
        s = db.open(1, "root", null, "test");
        exec(s, "CREATE DATABASE pp");
        exec(s, "USE pp");
        exec(s, "CREATE TABLE r (d DATE NOT NULL, v INT) DUPLICATE KEY(d) PARTITION BY RANGE(d) ("
                + "PARTITION p1 VALUES LESS THAN ('2024-02-01'), PARTITION p2 VALUES LESS THAN ('2024-03-01'), "
                + "PARTITION p3 VALUES LESS THAN ('2024-04-01'), PARTITION p4 VALUES LESS THAN ('2024-05-01')) "
                + "DISTRIBUTED BY HASH(v) BUCKETS 1");
        exec(s, "CREATE TABLE l (city VARCHAR(10) NOT NULL, v INT) DUPLICATE KEY(city) PARTITION BY LIST(city) ("
                + "PARTITION north VALUES IN ('oslo', 'bergen'), PARTITION south VALUES IN ('rome')) DISTRIBUTED BY HASH(v) BUCKETS 1");
    }

    @AfterEach
    void close() {
        s.close();
        db.close();
    }

    private List<String> partitions(String query) {
        return SessionSql.rows(s, "EXPLAIN " + query).stream().filter(l -> l.startsWith("Partitions: ")).toList();
    }

    @Test
    void rangesListsNamesAndJoins() {
        assertEquals(List.of("Partitions: pp.r: partitions=2/4 (p2, p3)"),
                partitions("SELECT v FROM r WHERE d >= '2024-02-15' AND d < '2024-03-10'"));
        assertEquals(List.of("Partitions: pp.r: partitions=1/4 (p4)"), partitions("SELECT v FROM r WHERE d = '2024-04-30'"));
        assertEquals(List.of("Partitions: pp.r: partitions=4/4"), partitions("SELECT v FROM r WHERE v > 3"));
        assertEquals(List.of("Partitions: pp.r: partitions=0/4 ()"), partitions("SELECT v FROM r WHERE d > '2025-01-01'"));
        assertEquals(List.of("Partitions: pp.r: partitions=1/4 (p1)"),
                partitions("SELECT v FROM r PARTITION (p1, p2) WHERE d < '2024-01-20'"));
        assertEquals(List.of("Partitions: pp.l: partitions=1/2 (south)"), partitions("SELECT v FROM l WHERE city = 'rome'"));
        assertEquals(List.of("Partitions: pp.l: partitions=1/2 (north)"),
                partitions("SELECT v FROM l WHERE city IN ('oslo', 'bergen')"));
        assertEquals(List.of("Partitions: pp.r: partitions=1/4 (p2)", "Partitions: pp.l: partitions=2/2"),
                partitions("SELECT r.v FROM r JOIN l ON r.v = l.v WHERE r.d BETWEEN '2024-02-01' AND '2024-02-20'"));
    }
}
