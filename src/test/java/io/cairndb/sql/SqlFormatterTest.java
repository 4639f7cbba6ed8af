package io.cairndb.sql;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.cairndb.sql.Parsing.binary;
import static io.cairndb.sql.Parsing.expr;
import static io.cairndb.sql.Parsing.id;
import static io.cairndb.sql.Parsing.integer;
import static io.cairndb.sql.Parsing.str;
import static io.cairndb.sql.Parsing.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SqlFormatterTest {

    private static String formatExpr(String sql) {
        return SqlFormatter.format(expr(sql));
    }

    private static String formatStatement(String sql) {
        return SqlFormatter.format(Parsing.statement(sql));
    }

    @Test
    void expressionsPrintTheWayMysqlNamesColumns() {
        assertEquals("count(*)", formatExpr("COUNT( * )"));
        assertEquals("sum(a + 1)", formatExpr("SUM(a+1)"));
        assertEquals("count(DISTINCT a, b)", formatExpr("count(distinct a,b)"));
        assertEquals("CAST(a AS BIGINT)", formatExpr("cast(a as bigint)"));
        assertEquals("CAST(a AS DECIMAL(9, 0))", formatExpr("cast(a as decimal)"));
        assertEquals("CAST(a AS VARCHAR)", formatExpr("cast(a as varchar)"));
        assertEquals("CASE WHEN a > 1 THEN 'x' ELSE 'y' END", formatExpr("case when a>1 then 'x' else 'y' end"));
        assertEquals("CASE a WHEN 1 THEN 'one' END", formatExpr("case a when 1 then 'one' end"));
        assertEquals("a IN (1, 2)", formatExpr("a in (1,2)"));
        assertEquals("a NOT BETWEEN 1 AND 2", formatExpr("a not between 1 and 2"));
        assertEquals("a IS NOT NULL", formatExpr("a is not null"));
        assertEquals("a NOT LIKE 'x%' ESCAPE '!'", formatExpr("a not like 'x%' escape '!'"));
        assertEquals("a REGEXP '^x'", formatExpr("a rlike '^x'"));
        assertEquals("if(a, 1, 2)", formatExpr("IF(a,1,2)"));
        assertEquals("left(s, 2)", formatExpr("LEFT(s, 2)"));
        assertEquals("current_timestamp", formatExpr("CURRENT_TIMESTAMP()"));
        assertEquals("now()", formatExpr("NOW()"));
        assertEquals("extract(YEAR FROM d)", formatExpr("EXTRACT(year FROM d)"));
        assertEquals("date_add(d, INTERVAL 1 DAY)", formatExpr("date_add(d, interval 1 days)"));
        assertEquals("DATE '2024-01-01'", formatExpr("date '2024-01-01'"));
        assertEquals("TIMESTAMP '2024-01-01 00:00:00'", formatExpr("datetime '2024-01-01 00:00:00'"));
        assertEquals("group_concat(DISTINCT a ORDER BY b DESC SEPARATOR '; ')",
                formatExpr("group_concat(distinct a order by b desc separator '; ')"));
        assertEquals("row_number() OVER (PARTITION BY a ORDER BY b ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)",
                formatExpr("row_number() over (partition by a order by b rows between unbounded preceding and current row)"));
        assertEquals("array_map(x -> x + 1, [1, 2])", formatExpr("array_map(x->x+1, [1,2])"));
        assertEquals("array_map((x, y) -> x * y, a, b)", formatExpr("array_map((x,y)->x*y, a, b)"));
        assertEquals("a[1]", formatExpr("a [ 1 ]"));
        assertEquals("@@session.tx_isolation", formatExpr("@@SESSION.tx_isolation"));
        assertEquals("@@version_comment", formatExpr("@@version_comment"));
        assertEquals("@v", formatExpr("@v"));
        assertEquals("bit_shift_left(a, 2)", formatExpr("a << 2"));
        assertEquals("a <=> TRUE", formatExpr("a IS TRUE"));
        assertEquals("`select`.`my col`", formatExpr("`select`.`my col`"));
    }

    @Test
    void literals() {
        assertEquals("'it\\'s'", formatExpr("'it''s'"));
        assertEquals("'a\\nb\\\\c'", formatExpr("'a\\nb\\\\c'"));
        assertEquals("'100\\\\%'", formatExpr("'100\\%'"));
        assertEquals("1.50", formatExpr("1.50"));
        assertEquals("100000.0E0", formatExpr("1e5"));
        assertEquals("1.5E-7", formatExpr("1.5e-7"));
        assertEquals("0.5E0", formatExpr("5e-1"));
        assertEquals("-3", formatExpr("- 3"));
        assertEquals("NULL", formatExpr("null"));
        assertEquals("TRUE", formatExpr("true"));
        assertEquals("?", formatExpr("?"));
    }

    @Test
    void parenthesesOnlyWherePrecedenceNeedsThem() {
        assertEquals("a + b * c", formatExpr("a + (b * c)"));
        assertEquals("(a + b) * c", formatExpr("(a + b) * c"));
        assertEquals("a - b - c", formatExpr("(a - b) - c"));
        assertEquals("a - (b - c)", formatExpr("a - (b - c)"));
        assertEquals("a OR b AND c", formatExpr("a or (b and c)"));
        assertEquals("(a OR b) AND c", formatExpr("(a or b) and c"));
        assertEquals("NOT (a AND b)", formatExpr("not (a and b)"));
        assertEquals("NOT a = b", formatExpr("not (a = b)"));
        assertEquals("(NOT a) = b", SqlFormatter.format(binary(BinaryOp.EQ, new Expr.Unary(Expr.UnaryOp.NOT, id("a")), id("b"))));
        assertEquals("-(a + b)", formatExpr("-(a + b)"));
        assertEquals("- -a", formatExpr("-(-a)"));
        assertEquals("a - -1", formatExpr("a - -1"));
        assertEquals("(a = b) + 1", formatExpr("(a = b) + 1"));
        assertEquals("a = (b = c)", formatExpr("a = (b = c)"));
        assertEquals("a = b = c", formatExpr("(a = b) = c"));
        assertEquals("a BETWEEN (b + 1 = c) AND d", formatExpr("a between (b + 1 = c) and d"));
        assertEquals("(a + b)[1]", formatExpr("(a + b)[1]"));
        assertEquals("NOT EXISTS (SELECT 1)", formatExpr("not exists (select 1)"));
        assertEquals("(SELECT 1) + 1", formatExpr("(select 1) + 1"));
    }

    @Test
    void queries() {
        assertEquals("SELECT /*+ SET_VAR(query_timeout = '10') */ DISTINCT a, t.*, count(*) AS c FROM db.t AS x "
                        + "WHERE a > 1 GROUP BY a, ROLLUP (b), GROUPING SETS ((a, b), ()) HAVING count(*) > 1 "
                        + "ORDER BY a DESC NULLS FIRST LIMIT 10 OFFSET 5",
                formatStatement("select /*+SET_VAR(query_timeout=10)*/ distinct a, t.*, count(*) c from db.t x where a>1 "
                        + "group by a, rollup(b), grouping sets((a,b),()) having count(*)>1 order by a desc nulls first limit 5, 10"));
        assertEquals("WITH w (x) AS (SELECT 1) SELECT x FROM w UNION ALL SELECT 2 INTERSECT SELECT 3",
                formatStatement("with w(x) as (select 1) select x from w union all (select 2 intersect select 3)"));
        assertEquals("SELECT 1 UNION (SELECT 2 UNION SELECT 3)", formatStatement("select 1 union (select 2 union select 3)"));
        assertEquals("(SELECT a FROM t LIMIT 1) UNION SELECT 2", formatStatement("(select a from t limit 1) union (select 2)"));
        assertEquals("VALUES (1, 'a'), (2, DEFAULT)", SqlFormatter.format(Query.of(new QueryBody.Values(
                List.of(List.of(integer(1), str("a")), List.of(integer(2), new Expr.DefaultValue()))))));
        assertEquals("SELECT * FROM a INNER JOIN b ON a.x = b.x LEFT JOIN c USING (y) CROSS JOIN (d LEFT SEMI JOIN e ON TRUE)",
                formatStatement("select * from a join b on a.x = b.x left outer join c using (y), d left semi join e on true"));
        assertEquals("SELECT * FROM t@incr('startTimestamp' = '2024-01-01') PARTITION (p1) AS x "
                        + "LATERAL VIEW OUTER explode(arr) tmp AS c1, c2",
                formatStatement("select * from t@incr('startTimestamp'='2024-01-01') partition p1 x "
                        + "lateral view outer explode(arr) tmp as c1, c2"));
        assertEquals("SELECT * FROM numbers('number' = '10') AS n, (SELECT 1) AS s (c)",
                formatStatement("select * from numbers(\"number\"=\"10\") n, (select 1) s(c)")
                        .replace(" CROSS JOIN ", ", "));
    }

    @Test
    void handBuiltTreesGetTheParenthesesTheyNeed() {
        QueryBody.QuerySpec one = new QueryBody.QuerySpec(Map.of(), false,
                List.of(new QueryBody.SingleColumn(integer(1), null)), null, null, null, null);
        QueryBody nested = new QueryBody.SetOperation(QueryBody.SetOpType.UNION, false, one,
                new QueryBody.SetOperation(QueryBody.SetOpType.UNION, true, one, one));
        assertEquals("SELECT 1 UNION (SELECT 1 UNION ALL SELECT 1)", SqlFormatter.format(Query.of(nested)));
        assertEquals(Query.of(nested), SqlParser.parseQuery(SqlFormatter.format(Query.of(nested))));

        Relation join = new Relation.Join(Relation.JoinType.INNER, table("a"),
                new Relation.Join(Relation.JoinType.CROSS, table("b"), table("c"), null, List.of()), id("x"), List.of());
        QueryBody.QuerySpec select = new QueryBody.QuerySpec(Map.of(), false, List.of(new QueryBody.AllColumns(null)),
                join, null, null, null);
        assertEquals("SELECT * FROM a INNER JOIN (b CROSS JOIN c) ON x", SqlFormatter.format(Query.of(select)));
        assertEquals(Query.of(select), SqlParser.parseQuery(SqlFormatter.format(Query.of(select))));
    }

    @Test
    void types() {
        assertEquals("ARRAY<MAP<STRING, DECIMAL(10, 2)>>",
                SqlFormatter.formatType(DataType.array(DataType.map(DataType.STRING, DataType.decimal(10, 2)))));
        assertEquals("STRUCT<a:INT, `b c`:DATETIME(3)>",
                SqlFormatter.formatType(DataType.struct(List.of("a", "b c"), List.of(DataType.INT, DataType.datetime(3)))));
        assertEquals("CHAR(5)", SqlFormatter.formatType(DataType.chars(5)));
        assertEquals("LARGEINT", SqlFormatter.formatType(DataType.LARGEINT));
    }

    @Test
    void statements() {
        assertEquals("CREATE TABLE IF NOT EXISTS db.t (id BIGINT NOT NULL AUTO_INCREMENT, "
                        + "v VARCHAR(10) REPLACE NULL DEFAULT 'x' COMMENT 'value', "
                        + "ts DATETIME DEFAULT current_timestamp) UNIQUE KEY (id) COMMENT 'tbl' "
                        + "PARTITION BY RANGE (id) (PARTITION p1 VALUES LESS THAN ('10'), PARTITION p2 VALUES LESS THAN (MAXVALUE), "
                        + "PARTITION p3 VALUES [('1'), ('2')), FROM ('1') TO ('9') INTERVAL 2) "
                        + "DISTRIBUTED BY HASH (id) BUCKETS AUTO PROPERTIES ('replication_num' = '1')",
                formatStatement("create table if not exists db.t (id bigint not null auto_increment, "
                        + "v varchar(10) replace null default \"x\" comment 'value', ts datetime default current_timestamp) "
                        + "unique key(id) comment 'tbl' partition by range(id) (partition p1 values less than (10), "
                        + "partition p2 values less than maxvalue, partition p3 values [(1), (2)), from (1) to (9) interval 2) "
                        + "distributed by hash(id) buckets auto properties (\"replication_num\"=\"1\")"));
        assertEquals("CREATE TABLE t (c STRING) PARTITION BY LIST (c) (PARTITION p VALUES IN ('a', 'b'), "
                        + "PARTITION q VALUES IN (('c', 'd')))",
                formatStatement("create table t (c text) partition by list(c) (partition p values in ('a','b'), "
                        + "partition q values in (('c','d')))"));
        assertEquals("CREATE VIEW v (a COMMENT 'x') COMMENT 'c' AS select  1", formatStatement("create view v (a comment 'x') comment 'c' as select  1"));
        assertEquals("ALTER TABLE t ADD COLUMN c INT AFTER b, ADD COLUMN (d INT, e INT), DROP COLUMN f, "
                        + "MODIFY COLUMN g BIGINT FIRST, RENAME COLUMN h i, ADD PARTITION IF NOT EXISTS p VALUES LESS THAN ('5'), "
                        + "DROP PARTITION IF EXISTS q, RENAME t2, SET ('k' = 'v'), MODIFY COMMENT 'new'",
                formatStatement("alter table t add column c int after b, add column (d int, e int), drop column f, "
                        + "modify column g bigint first, rename column h i, add partition if not exists p values less than (5), "
                        + "drop partition if exists q, rename t2, set ('k'='v'), modify comment 'new'"));
        assertEquals("INSERT OVERWRITE TABLE t PARTITION (*) WITH LABEL l (a, b) SELECT 1, 2",
                formatStatement("insert overwrite table t partition(*) with label l (a, b) select 1, 2"));
        assertEquals("INSERT INTO t VALUES (1, DEFAULT)", formatStatement("insert into t values (1, default)"));
        assertEquals("UPDATE t AS x SET a = a + 1 FROM s WHERE x.id = s.id",
                formatStatement("update t x set a = a + 1 from s where x.id = s.id"));
        assertEquals("DELETE FROM t PARTITION (p1) AS x USING s WHERE x.id = s.id",
                formatStatement("delete from t x partition p1 using s where x.id = s.id"));
        assertEquals("SET SESSION sql_mode = '', GLOBAL x = DEFAULT, @u = 1, NAMES 'utf8mb4' COLLATE 'utf8mb4_bin'",
                formatStatement("set sql_mode = '', @@global.x = default, @u := 1, names utf8mb4 collate utf8mb4_bin"));
        assertEquals("EXPLAIN SHAPE PLAN SELECT 1", formatStatement("explain shape plan select 1"));
        assertEquals("SHOW FULL TABLES FROM db LIKE 't%'", formatStatement("show full tables in db like 't%'"));
        assertEquals("SHOW TABLE STATUS FROM db", formatStatement("show table status from db"));
        assertEquals("SHOW CONSTRAINTS FROM db.t", formatStatement("show constraints from db.t"));
        assertEquals("ALTER TABLE t ADD CONSTRAINT pk PRIMARY KEY (a, b), ADD CONSTRAINT u UNIQUE (c), "
                + "ADD CONSTRAINT fk FOREIGN KEY (d) REFERENCES db.p (id), DROP CONSTRAINT old",
                formatStatement("alter table t add constraint pk primary key (a,b), add constraint u unique(c), "
                        + "add constraint fk foreign key(d) references db.p(id), drop constraint old"));
        assertEquals("SHOW INDEX FROM db.t", formatStatement("show keys from t from db"));
        assertEquals("SHOW GLOBAL VARIABLES WHERE Variable_name = 'x'",
                formatStatement("show global variables where variable_name = 'x'").replace("variable_name", "Variable_name"));
        assertEquals("KILL QUERY 3", formatStatement("kill query 3"));
        assertEquals("BEGIN", formatStatement("start transaction"));
        assertEquals("DESCRIBE t ALL", formatStatement("desc t all"));
        assertEquals("DROP DATABASE IF EXISTS db FORCE", formatStatement("drop schema if exists db force"));
        assertEquals("TRUNCATE TABLE t PARTITION (p1, p2)", formatStatement("truncate t partitions (p1, p2)"));
        assertEquals("CREATE TABLE t2 LIKE t1", formatStatement("create table t2 like t1"));
    }

    @Test
    void formattingIsStable() {
        for (String sql : List.of(
                "select a, b from t where a in (select x from y) and not b like 'q' order by 1",
                "insert into t with c as (select 1 a) select * from c",
                "create table t (a int, b array<int>, c map<string, struct<x:int>>) distributed by random",
                "select (select max(a) from t) m, case when x then [1, 2][0] end from t lateral view explode(a) v as e")) {
            String once = SqlFormatter.format(Parsing.statement(sql));
            assertEquals(once, SqlFormatter.format(SqlParser.parseOne(once)));
        }
        Statement set = Parsing.statement("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
        assertEquals("SET SESSION transaction_isolation = 'READ-COMMITTED'", SqlFormatter.format(set));
    }
}
