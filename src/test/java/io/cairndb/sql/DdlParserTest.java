package io.cairndb.sql;

import io.cairndb.catalog.AggregationType;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.KeyModel;
import io.cairndb.error.CairnException;
import io.cairndb.sql.tree.ColumnDef;
import io.cairndb.sql.tree.DistributionDesc;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.IndexDef;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.PartitionDesc;
import io.cairndb.sql.tree.PartitionDesc.Value;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.cairndb.sql.Parsing.call;
import static io.cairndb.sql.Parsing.integer;
import static io.cairndb.sql.Parsing.parseError;
import static io.cairndb.sql.Parsing.statement;
import static io.cairndb.sql.Parsing.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DdlParserTest {

    private static ColumnDef column(String name, DataType type) {
        return new ColumnDef(name, type, null, null, false, null, null, null, null);
    }

    @Test
    void databases() {
        assertEquals(new Statement.CreateDatabase("db", false, Map.of()), statement("CREATE DATABASE db"));
        assertEquals(new Statement.CreateDatabase("db", true, Map.of("replication_num", "1")),
                statement("create schema if not exists db properties (\"replication_num\" = \"1\")"));
        assertEquals(new Statement.DropDatabase("db", false, false), statement("DROP DATABASE db"));
        assertEquals(new Statement.DropDatabase("db", true, true), statement("DROP SCHEMA IF EXISTS db FORCE"));
        assertEquals(new Statement.UseDatabase("db"), statement("USE db"));
        assertEquals(new Statement.UseDatabase("db"), statement("use internal.`db`"));
    }

    @Test
    void createTableWithEverything() {
        Statement.CreateTable create = statement("""
                CREATE TABLE IF NOT EXISTS db.sales (
                    id BIGINT NOT NULL AUTO_INCREMENT COMMENT 'row id',
                    dt DATE NOT NULL,
                    region VARCHAR(32) NULL DEFAULT "north",
                    amount DECIMAL(18, 2) DEFAULT '0',
                    qty INT DEFAULT -1,
                    updated DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
                    created DATETIME DEFAULT CURRENT_TIMESTAMP,
                    note STRING,
                    INDEX idx_note (note) USING INVERTED PROPERTIES ("parser" = "english") COMMENT 'full text'
                ) ENGINE = OLAP
                DUPLICATE KEY (id, dt)
                COMMENT "sales facts"
                PARTITION BY RANGE (dt) (
                    PARTITION p2023 VALUES LESS THAN ("2024-01-01"),
                    PARTITION `p 2024` VALUES LESS THAN MAXVALUE
                )
                DISTRIBUTED BY HASH (id) BUCKETS 16
                PROPERTIES ("replication_num" = "1", "storage_medium" = "SSD")
                """, Statement.CreateTable.class);
        assertEquals(QualifiedName.of("db", "sales"), create.name());
        assertTrue(create.ifNotExists());
        assertEquals(List.of(
                new ColumnDef("id", DataType.BIGINT, false, null, true, null, null, null, "row id"),
                new ColumnDef("dt", DataType.DATE, false, null, false, null, null, null, null),
                new ColumnDef("region", DataType.varchar(32), true, null, false, null, str("north"), null, null),
                new ColumnDef("amount", DataType.decimal(18, 2), null, null, false, null, str("0"), null, null),
                new ColumnDef("qty", DataType.INT, null, null, false, null, integer(-1), null, null),
                new ColumnDef("updated", DataType.datetime(3), null, null, false, null, call("current_timestamp", integer(3)),
                        call("current_timestamp", integer(3)), null),
                new ColumnDef("created", DataType.DATETIME, null, null, false, null, call("current_timestamp"), null, null),
                column("note", DataType.STRING)), create.columns());
        assertEquals(new Statement.KeyDesc(KeyModel.DUPLICATE, List.of("id", "dt")), create.keys());
        assertEquals(List.of(new IndexDef("idx_note", List.of("note"), "INVERTED", Map.of("parser", "english"), "full text")),
                create.indexes());
        assertEquals("sales facts", create.comment());
        assertEquals(new PartitionDesc(PartitionDesc.Kind.RANGE, List.of("dt"), List.of(
                new PartitionDesc.LessThan("p2023", false, List.of(Value.of("2024-01-01"))),
                new PartitionDesc.LessThan("p 2024", false, List.of(Value.MAX)))), create.partition());
        assertEquals(new DistributionDesc(false, List.of("id"), 16, false), create.distribution());
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("replication_num", "1");
        properties.put("storage_medium", "SSD");
        assertEquals(properties, create.properties());
        assertNull(create.asQuery());
        assertNull(create.like());
    }

    @Test
    void columnTypes() {
        Statement.CreateTable create = statement("""
                CREATE TABLE t (
                    a BOOLEAN, b BOOL, c TINYINT(4), d SMALLINT, e INT(11), f INTEGER, g BIGINT, h LARGEINT,
                    i FLOAT, j DOUBLE, k DECIMAL, l DECIMAL(10), m DECIMALV3(38, 10), n DECIMALV2(27, 9),
                    o DATE, p DATEV2, q DATETIME, r DATETIMEV2(6), s TIMESTAMP, t CHAR, u CHAR(10),
                    v VARCHAR, w VARCHAR(255), x STRING, y TEXT, z JSON, aa JSONB,
                    ab ARRAY<INT>, ac MAP<STRING, DOUBLE>, ad STRUCT<f1:INT, f2:ARRAY<VARCHAR(10)>>,
                    ae BITMAP BITMAP_UNION, af HLL HLL_UNION
                ) AGGREGATE KEY (a) DISTRIBUTED BY HASH (a)
                """, Statement.CreateTable.class);
        List<DataType> expected = List.of(DataType.BOOLEAN, DataType.BOOLEAN, DataType.TINYINT, DataType.SMALLINT, DataType.INT,
                DataType.INT, DataType.BIGINT, DataType.LARGEINT, DataType.FLOAT, DataType.DOUBLE, DataType.decimal(9, 0),
                DataType.decimal(10, 0), DataType.decimal(38, 10), DataType.decimal(27, 9), DataType.DATE, DataType.DATE,
                DataType.DATETIME, DataType.datetime(6), DataType.DATETIME, DataType.chars(-1), DataType.chars(10),
                DataType.varchar(-1), DataType.varchar(255), DataType.STRING, DataType.STRING, DataType.JSON, DataType.JSON,
                DataType.array(DataType.INT), DataType.map(DataType.STRING, DataType.DOUBLE),
                DataType.struct(List.of("f1", "f2"), List.of(DataType.INT, DataType.array(DataType.varchar(10)))),
                DataType.BITMAP, DataType.HLL);
        assertEquals(expected, create.columns().stream().map(ColumnDef::type).toList());
        assertEquals(AggregationType.BITMAP_UNION, create.columns().get(30).aggregation());
        assertEquals(new DistributionDesc(false, List.of("a"), null, false), create.distribution());
    }

    @Test
    void aggregateColumns() {
        Statement.CreateTable create = statement("""
                CREATE TABLE agg (
                    k INT KEY,
                    s BIGINT SUM DEFAULT "0",
                    mx INT MAX NOT NULL,
                    mn INT MIN,
                    r VARCHAR(10) REPLACE,
                    rn VARCHAR(10) REPLACE_IF_NOT_NULL NULL,
                    h HLL HLL_UNION
                ) AGGREGATE KEY (k) DISTRIBUTED BY RANDOM BUCKETS AUTO
                """, Statement.CreateTable.class);
        assertEquals(java.util.Arrays.asList(null, AggregationType.SUM, AggregationType.MAX, AggregationType.MIN,
                        AggregationType.REPLACE, AggregationType.REPLACE_IF_NOT_NULL, AggregationType.HLL_UNION),
                create.columns().stream().map(ColumnDef::aggregation).toList());
        assertEquals(false, create.columns().get(2).nullable());
        assertEquals(true, create.columns().get(5).nullable());
        assertEquals(new DistributionDesc(true, List.of(), null, true), create.distribution());
        assertEquals(KeyModel.AGGREGATE, create.keys().model());
    }

    @Test
    void keyModels() {
        assertEquals(KeyModel.UNIQUE, statement("CREATE TABLE t (a INT) UNIQUE KEY (a) DISTRIBUTED BY HASH (a) BUCKETS 1",
                Statement.CreateTable.class).keys().model());
        assertEquals(KeyModel.PRIMARY, statement("CREATE TABLE t (a INT) PRIMARY KEY (a)", Statement.CreateTable.class).keys().model());
        assertEquals(new DistributionDesc(true, List.of(), 8, false),
                statement("CREATE TABLE t (a INT) DISTRIBUTED BY RANDOM BUCKETS 8", Statement.CreateTable.class).distribution());
        assertEquals(new DistributionDesc(false, List.of("a", "b"), null, true),
                statement("CREATE TABLE t (a INT, b INT) DISTRIBUTED BY HASH(a, b) BUCKETS AUTO", Statement.CreateTable.class)
                        .distribution());
    }

    @Test
    void columnDefaults() {
        Statement.CreateTable create = statement("""
                CREATE TABLE t (a INT DEFAULT NULL, b BOOLEAN DEFAULT TRUE, c DOUBLE DEFAULT 1.5, d DATE DEFAULT CURRENT_DATE,
                                e BITMAP DEFAULT BITMAP_EMPTY, f DATETIME DEFAULT now(), g INT AUTO_INCREMENT(100),
                                h INT NOT NULL DEFAULT '7' COMMENT 'c')
                """, Statement.CreateTable.class);
        assertEquals(java.util.Arrays.asList(new Expr.NullLiteral(), new Expr.BooleanLiteral(true),
                        new Expr.DecimalLiteral(new java.math.BigDecimal("1.5")), call("current_date"), call("bitmap_empty"),
                        call("now"), null, str("7")),
                create.columns().stream().map(ColumnDef::defaultValue).toList());
        assertTrue(create.columns().get(6).autoIncrement());
        assertEquals(new ColumnDef("h", DataType.INT, false, null, false, null, str("7"), null, "c"), create.columns().get(7));
    }

    @Test
    void rangePartitions() {
        PartitionDesc partition = statement("""
                CREATE TABLE t (k INT, dt DATE) DUPLICATE KEY (k)
                PARTITION BY RANGE (k, dt) (
                    PARTITION p1 VALUES LESS THAN (10, "2024-01-01"),
                    PARTITION IF NOT EXISTS p2 VALUES LESS THAN (MAXVALUE),
                    PARTITION p3 VALUES [(-5, "2024-01-01"), (0, "2024-02-01")),
                    FROM ("2024-01-01") TO ("2024-02-01") INTERVAL 1 DAY,
                    FROM ("2024-01-01") TO ("2025-01-01") INTERVAL 2 MONTHS,
                    FROM (1) TO (100) INTERVAL 10
                ) DISTRIBUTED BY HASH (k) BUCKETS 1
                """, Statement.CreateTable.class).partition();
        assertEquals(PartitionDesc.Kind.RANGE, partition.kind());
        assertEquals(List.of("k", "dt"), partition.columns());
        assertEquals(List.of(
                new PartitionDesc.LessThan("p1", false, List.of(Value.of("10"), Value.of("2024-01-01"))),
                new PartitionDesc.LessThan("p2", true, List.of(Value.MAX)),
                new PartitionDesc.FixedRange("p3", false, List.of(Value.of("-5"), Value.of("2024-01-01")),
                        List.of(Value.of("0"), Value.of("2024-02-01"))),
                new PartitionDesc.Step(List.of(Value.of("2024-01-01")), List.of(Value.of("2024-02-01")), 1, "DAY"),
                new PartitionDesc.Step(List.of(Value.of("2024-01-01")), List.of(Value.of("2025-01-01")), 2, "MONTH"),
                new PartitionDesc.Step(List.of(Value.of("1")), List.of(Value.of("100")), 10, null)), partition.partitions());
    }

    @Test
    void listPartitions() {
        PartitionDesc partition = statement("""
                CREATE TABLE t (city VARCHAR(20), id INT)
                PARTITION BY LIST (city, id) (
                    PARTITION p_east VALUES IN (("Shanghai", "1"), ("Hangzhou", "2")),
                    PARTITION p_west VALUES IN ("Chengdu", "Xi'an"),
                    PARTITION p_num VALUES IN (1, 2)
                )
                """, Statement.CreateTable.class).partition();
        assertEquals(PartitionDesc.Kind.LIST, partition.kind());
        assertEquals(List.of(
                new PartitionDesc.ListValues("p_east", false, List.of(
                        List.of(Value.of("Shanghai"), Value.of("1")), List.of(Value.of("Hangzhou"), Value.of("2")))),
                new PartitionDesc.ListValues("p_west", false, List.of(List.of(Value.of("Chengdu")), List.of(Value.of("Xi'an")))),
                new PartitionDesc.ListValues("p_num", false, List.of(List.of(Value.of("1")), List.of(Value.of("2"))))),
                partition.partitions());
    }

    @Test
    void createTableAsSelectAndLike() {
        Statement.CreateTable ctas = statement(
                "CREATE TABLE t2 DUPLICATE KEY (a) DISTRIBUTED BY HASH (a) PROPERTIES ('replication_num' = '1') AS SELECT a, b FROM t1",
                Statement.CreateTable.class);
        assertEquals(List.of(), ctas.columns());
        assertInstanceOf(QueryBody.QuerySpec.class, ctas.asQuery().body());
        assertEquals(Map.of("replication_num", "1"), ctas.properties());

        assertEquals(new Statement.CreateTable(QualifiedName.of("t2"), true, List.of(), null, null, null, null, Map.of(), null,
                QualifiedName.of("db", "t1"), List.of()), statement("CREATE TABLE IF NOT EXISTS t2 LIKE db.t1"));
    }

    @Test
    void createTableNeedsColumnsOrQuery() {
        assertTrue(parseError("CREATE TABLE t DISTRIBUTED BY HASH(a)").getMessage()
                .contains("CREATE TABLE needs column definitions or AS query"));
    }

    @Test
    void dropAndTruncate() {
        assertEquals(new Statement.DropTable(QualifiedName.of("db", "t"), false, false), statement("DROP TABLE db.t"));
        assertEquals(new Statement.DropTable(QualifiedName.of("t"), true, true), statement("drop table if exists t force"));
        assertEquals(new Statement.TruncateTable(QualifiedName.of("t"), List.of()), statement("TRUNCATE TABLE t"));
        assertEquals(new Statement.TruncateTable(QualifiedName.of("t"), List.of("p1", "p2")), statement("TRUNCATE TABLE t PARTITION (p1, p2)"));
        assertEquals(new Statement.TruncateTable(QualifiedName.of("t"), List.of("p1")), statement("TRUNCATE t PARTITION p1"));
    }

    @Test
    void views() {
        String sql = "CREATE OR REPLACE VIEW IF NOT EXISTS db.v (x COMMENT 'the x', y) COMMENT 'my view' AS\n"
                + "  SELECT a, /* keep me */ b FROM t WHERE a > 1";
        Statement.CreateView view = statement(sql, Statement.CreateView.class);
        assertEquals(QualifiedName.of("db", "v"), view.name());
        assertTrue(view.orReplace());
        assertTrue(view.ifNotExists());
        assertEquals(List.of(new MvStatement.Column("x", "the x"), new MvStatement.Column("y", null)), view.columns());
        assertEquals("my view", view.comment());
        assertEquals("SELECT a, /* keep me */ b FROM t WHERE a > 1", view.queryText());
        assertInstanceOf(QueryBody.QuerySpec.class, view.query().body());

        Statement.CreateView plain = statement("create view v as (select 1) union (select 2);", Statement.CreateView.class);
        assertEquals("(select 1) union (select 2)", plain.queryText());
        assertEquals(new Statement.DropView(QualifiedName.of("v"), false), statement("DROP VIEW v"));
        assertEquals(new Statement.DropView(QualifiedName.of("db", "v"), true), statement("DROP VIEW IF EXISTS db.v"));
    }

    @Test
    void alterTableColumns() {
        Statement.AlterTable alter = statement("""
                ALTER TABLE db.t
                    ADD COLUMN c1 INT DEFAULT "0" AFTER k,
                    ADD COLUMN c2 VARCHAR(10) FIRST,
                    ADD COLUMN c3 BIGINT SUM TO t,
                    ADD COLUMN (c4 INT, c5 STRING NULL),
                    DROP COLUMN old,
                    MODIFY COLUMN c1 BIGINT NOT NULL COMMENT 'wider' AFTER c2,
                    MODIFY COLUMN c6 INT FIRST,
                    RENAME COLUMN a b
                """, Statement.AlterTable.class);
        assertEquals(QualifiedName.of("db", "t"), alter.name());
        assertEquals(List.of(
                new Statement.AddColumns(List.of(new ColumnDef("c1", DataType.INT, null, null, false, null, str("0"), null, null)), "k", false),
                new Statement.AddColumns(List.of(column("c2", DataType.varchar(10))), null, true),
                new Statement.AddColumns(List.of(new ColumnDef("c3", DataType.BIGINT, null, AggregationType.SUM, false, null, null, null, null)),
                        null, false),
                new Statement.AddColumns(List.of(column("c4", DataType.INT),
                        new ColumnDef("c5", DataType.STRING, true, null, false, null, null, null, null)), null, false),
                new Statement.DropColumn("old"),
                new Statement.ModifyColumn(new ColumnDef("c1", DataType.BIGINT, false, null, false, null, null, null, "wider"), "c2", false),
                new Statement.ModifyColumn(column("c6", DataType.INT), null, true),
                new Statement.RenameColumn("a", "b")), alter.clauses());
    }

    /** A column clause may name the table's own base index, not a rollup: refused while parsing. */
    @Test
    void alterTableColumnsOfARollupAreRefused() {
        CairnException e = assertThrows(CairnException.class, () -> statement("ALTER TABLE db.t DROP COLUMN c FROM r1"));
        assertEquals("Changing the columns of rollup r1 is not supported: drop it and create it again with the columns it should have",
                e.getMessage());
    }

    @Test
    void alterTablePartitionsAndProperties() {
        Statement.AlterTable alter = statement("""
                ALTER TABLE t
                    ADD PARTITION p3 VALUES LESS THAN ("2024-03-01") DISTRIBUTED BY HASH(k) BUCKETS 4,
                    ADD PARTITION IF NOT EXISTS p4 VALUES [("2024-03-01"), ("2024-04-01")),
                    ADD PARTITION p5 VALUES IN ("x", "y"),
                    DROP PARTITION p1,
                    DROP PARTITION IF EXISTS p2 FORCE,
                    SET ("replication_num" = "3"),
                    MODIFY COMMENT 'new comment'
                """, Statement.AlterTable.class);
        assertEquals(List.of(
                new Statement.AddPartition(new PartitionDesc.LessThan("p3", false, List.of(Value.of("2024-03-01")))),
                new Statement.AddPartition(new PartitionDesc.FixedRange("p4", true, List.of(Value.of("2024-03-01")),
                        List.of(Value.of("2024-04-01")))),
                new Statement.AddPartition(new PartitionDesc.ListValues("p5", false,
                        List.of(List.of(Value.of("x")), List.of(Value.of("y"))))),
                new Statement.DropPartition("p1", false),
                new Statement.DropPartition("p2", true),
                new Statement.SetProperties(Map.of("replication_num", "3")),
                new Statement.ModifyComment("new comment")), alter.clauses());
        assertEquals(new Statement.AlterTable(QualifiedName.of("t"), List.of(new Statement.RenameTable("t_new"))),
                statement("ALTER TABLE t RENAME t_new"));
    }
}
