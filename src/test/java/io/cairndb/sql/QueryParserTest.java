package io.cairndb.sql;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.QueryBody.SetOpType;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Relation.JoinType;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.cairndb.sql.Parsing.binary;
import static io.cairndb.sql.Parsing.call;
import static io.cairndb.sql.Parsing.from;
import static io.cairndb.sql.Parsing.id;
import static io.cairndb.sql.Parsing.integer;
import static io.cairndb.sql.Parsing.query;
import static io.cairndb.sql.Parsing.spec;
import static io.cairndb.sql.Parsing.str;
import static io.cairndb.sql.Parsing.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryParserTest {

    private static QueryBody.SingleColumn column(Expr expr, String alias) {
        return new QueryBody.SingleColumn(expr, alias);
    }

    @Test
    void selectList() {
        QueryBody.QuerySpec spec = spec("SELECT *, t.*, db.t.*, a, b AS x, c y, d AS 'z z', e \"w\" FROM t");
        assertEquals(List.of(new QueryBody.AllColumns(null), new QueryBody.AllColumns(QualifiedName.of("t")),
                new QueryBody.AllColumns(QualifiedName.of("db", "t")), column(id("a"), null), column(id("b"), "x"),
                column(id("c"), "y"), column(id("d"), "z z"), column(id("e"), "w")), spec.select());
        assertEquals(table("t"), spec.from());
        assertFalse(spec.distinct());
        assertTrue(spec("SELECT DISTINCT a FROM t").distinct());
        assertFalse(spec("SELECT ALL a FROM t").distinct());
    }

    @Test
    void selectWithoutFrom() {
        QueryBody.QuerySpec spec = spec("select 1");
        assertNull(spec.from());
        assertEquals(List.of(column(integer(1), null)), spec.select());
        assertNull(spec("SELECT 1 FROM DUAL").from());
    }

    @Test
    void setVarHint() {
        QueryBody.QuerySpec spec = spec("SELECT /*+ SET_VAR(query_timeout = 10, Exec_Mem_Limit=\"8G\", k='a b') */ a FROM t");
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("query_timeout", "10");
        expected.put("exec_mem_limit", "8G");
        expected.put("k", "a b");
        assertEquals(expected, spec.setVarHints());
        assertEquals(Map.of(), spec("SELECT /*+ leading(t1 t2) */ a FROM t").setVarHints());
        assertEquals(Map.of("enable_x", "true"), spec("SELECT /*+ leading(t) SET_VAR(enable_x=true) */ a FROM t").setVarHints());
        assertEquals(Map.of(), spec("SELECT /* SET_VAR(a=1) */ a FROM t").setVarHints());
    }

    @Test
    void whereGroupByHaving() {
        QueryBody.QuerySpec spec = spec("SELECT a, sum(b) FROM t WHERE c > 0 GROUP BY a, 2 HAVING sum(b) > 10");
        assertEquals(binary(BinaryOp.GT, id("c"), integer(0)), spec.where());
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.SimpleGroupBy(List.of(id("a"), integer(2))))), spec.groupBy());
        assertEquals(binary(BinaryOp.GT, call("sum", id("b")), integer(10)), spec.having());
    }

    @Test
    void groupingSetsRollupCube() {
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.GroupingSets(List.of(
                        List.of(id("a"), id("b")), List.of(id("a")), List.of())))),
                spec("SELECT a, b FROM t GROUP BY GROUPING SETS ((a, b), (a), ())").groupBy());
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.GroupingSets(List.of(List.of(id("a")), List.of(id("b")))))),
                spec("SELECT a, b FROM t GROUP BY GROUPING SETS (a, b)").groupBy());
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.Rollup(List.of(id("a"), id("b"))))),
                spec("SELECT a FROM t GROUP BY ROLLUP(a, b)").groupBy());
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.Cube(List.of(id("a"), id("b"))))),
                spec("SELECT a FROM t GROUP BY CUBE (a, b)").groupBy());
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.SimpleGroupBy(List.of(id("a"))),
                        new QueryBody.Rollup(List.of(id("b"))), new QueryBody.SimpleGroupBy(List.of(id("c"), id("d"))))),
                spec("SELECT a FROM t GROUP BY a, ROLLUP(b), c, d").groupBy());
        // a column named rollup is still a column
        assertEquals(new QueryBody.GroupBy(List.of(new QueryBody.SimpleGroupBy(List.of(id("rollup"))))),
                spec("SELECT rollup FROM t GROUP BY rollup").groupBy());
    }

    @Test
    void orderByAndLimit() {
        Query query = query("SELECT a FROM t ORDER BY a, b DESC, c ASC NULLS FIRST, d NULLS LAST LIMIT 10");
        assertEquals(List.of(new OrderItem(id("a"), true, OrderItem.NullOrdering.DEFAULT),
                new OrderItem(id("b"), false, OrderItem.NullOrdering.DEFAULT),
                new OrderItem(id("c"), true, OrderItem.NullOrdering.FIRST),
                new OrderItem(id("d"), true, OrderItem.NullOrdering.LAST)), query.orderBy());
        assertEquals(new Query.Limit(10, 0), query.limit());
        assertEquals(new Query.Limit(10, 20), query("SELECT a FROM t LIMIT 10 OFFSET 20").limit());
        assertEquals(new Query.Limit(10, 20), query("SELECT a FROM t LIMIT 20, 10").limit());
        assertNull(query("SELECT a FROM t").limit());
    }

    @Test
    void withClause() {
        Query query = query("WITH a AS (SELECT 1 x), b (y, z) AS (SELECT 2, 3) SELECT * FROM a, b");
        assertEquals(2, query.with().size());
        assertEquals("a", query.with().get(0).name());
        assertEquals(List.of(), query.with().get(0).columns());
        assertEquals(List.of("y", "z"), query.with().get(1).columns());
        assertEquals(new Relation.Join(JoinType.CROSS, table("a"), table("b"), null, List.of()), spec(
                "WITH a AS (SELECT 1 x), b (y, z) AS (SELECT 2, 3) SELECT * FROM a, b").from());
    }

    @Test
    void setOperations() {
        QueryBody.SetOperation union = assertInstanceOf(QueryBody.SetOperation.class,
                query("SELECT a FROM t UNION ALL SELECT b FROM u").body());
        assertEquals(SetOpType.UNION, union.type());
        assertTrue(union.all());

        assertFalse(assertInstanceOf(QueryBody.SetOperation.class, query("SELECT 1 UNION DISTINCT SELECT 2").body()).all());
        assertEquals(SetOpType.EXCEPT, assertInstanceOf(QueryBody.SetOperation.class, query("SELECT 1 EXCEPT SELECT 2").body()).type());
        assertEquals(SetOpType.EXCEPT, assertInstanceOf(QueryBody.SetOperation.class, query("SELECT 1 MINUS SELECT 2").body()).type());

        // INTERSECT binds tighter; the rest associate to the left
        QueryBody.SetOperation mixed = assertInstanceOf(QueryBody.SetOperation.class,
                query("SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4").body());
        assertEquals(SetOpType.EXCEPT, mixed.type());
        QueryBody.SetOperation left = assertInstanceOf(QueryBody.SetOperation.class, mixed.left());
        assertEquals(SetOpType.UNION, left.type());
        assertEquals(SetOpType.INTERSECT, assertInstanceOf(QueryBody.SetOperation.class, left.right()).type());

        // parentheses group operands
        QueryBody.SetOperation grouped = assertInstanceOf(QueryBody.SetOperation.class,
                query("SELECT 1 UNION (SELECT 2 UNION SELECT 3)").body());
        assertInstanceOf(QueryBody.SetOperation.class, grouped.right());
        assertInstanceOf(QueryBody.QuerySpec.class, grouped.left());
    }

    @Test
    void orderByAndLimitApplyToTheWholeSetOperation() {
        Query query = query("SELECT a FROM t UNION SELECT a FROM u ORDER BY a LIMIT 5");
        assertInstanceOf(QueryBody.SetOperation.class, query.body());
        assertEquals(1, query.orderBy().size());
        assertEquals(new Query.Limit(5, 0), query.limit());
    }

    @Test
    void parenthesizedQueries() {
        assertEquals(query("SELECT a FROM t"), query("((SELECT a FROM t))"));
        Query outer = query("(SELECT a FROM t) ORDER BY a LIMIT 3");
        assertInstanceOf(QueryBody.QuerySpec.class, outer.body());
        assertEquals(new Query.Limit(3, 0), outer.limit());

        Query both = query("(SELECT a FROM t LIMIT 10) ORDER BY a LIMIT 3");
        QueryBody.Nested nested = assertInstanceOf(QueryBody.Nested.class, both.body());
        assertEquals(new Query.Limit(10, 0), nested.query().limit());
        assertEquals(new Query.Limit(3, 0), both.limit());

        QueryBody.SetOperation union = assertInstanceOf(QueryBody.SetOperation.class,
                query("(SELECT a FROM t ORDER BY a LIMIT 1) UNION ALL (SELECT b FROM u)").body());
        assertInstanceOf(QueryBody.Nested.class, union.left());
        assertInstanceOf(QueryBody.QuerySpec.class, union.right());
    }

    @Test
    void valuesAsQueryBody() {
        assertEquals(new QueryBody.Values(List.of(List.of(integer(1), str("a")), List.of(integer(2), str("b")))),
                query("VALUES (1, 'a'), (2, 'b')").body());
        QueryBody.SetOperation union = assertInstanceOf(QueryBody.SetOperation.class, query("SELECT 1 UNION ALL VALUES (2)").body());
        assertInstanceOf(QueryBody.Values.class, union.right());
    }

    // ------------------------------------------------------------ relations

    @Test
    void tableReferences() {
        assertEquals(new Relation.TableRef(QualifiedName.of("db", "t"), "x", List.of(), null), from("SELECT * FROM db.t AS x"));
        assertEquals(new Relation.TableRef(QualifiedName.of("ctl", "db", "t"), "x", List.of(), null), from("SELECT * FROM ctl.db.t x"));
        assertEquals(new Relation.TableRef(QualifiedName.of("t"), null, List.of("p1", "p2"), null),
                from("SELECT * FROM t PARTITION (p1, p2)"));
        assertEquals(new Relation.TableRef(QualifiedName.of("t"), "a", List.of("p1"), null), from("SELECT * FROM t PARTITION p1 a"));
        assertEquals(new Relation.TableRef(QualifiedName.of("t"), null, List.of("p1", "p2"), null),
                from("SELECT * FROM t PARTITIONS (p1, p2)"));
        assertEquals(new Relation.TableRef(QualifiedName.of("my table"), null, List.of(), null), from("SELECT * FROM `my table`"));
        assertEquals(new Relation.TableRef(QualifiedName.of("2024_sales"), "1x", List.of(), null), from("SELECT * FROM 2024_sales 1x"));
    }

    @Test
    void incrementalRead() {
        Map<String, String> incr = new LinkedHashMap<>();
        incr.put("startTimestamp", "2024-01-01 00:00:00");
        incr.put("endTimestamp", "2024-01-02 00:00:00");
        incr.put("incrType", "MIN_DELTA");
        assertEquals(new Relation.TableRef(QualifiedName.of("db", "t"), "c", List.of(), incr),
                from("SELECT * FROM db.t@incr('startTimestamp'='2024-01-01 00:00:00', "
                        + "'endTimestamp'=\"2024-01-02 00:00:00\", 'incrType'='MIN_DELTA') c"));
        assertEquals(Map.of(), ((Relation.TableRef) from("SELECT * FROM t@incr()")).incr());
        assertNull(((Relation.TableRef) from("SELECT * FROM t")).incr());
    }

    @Test
    void tableFunctions() {
        assertEquals(new Relation.TableFunction("numbers", List.of(), Map.of("number", "10"), null, List.of()),
                from("SELECT * FROM numbers(\"number\" = \"10\")"));
        assertEquals(new Relation.TableFunction("mv_infos", List.of(), Map.of("database", "db"), "m", List.of()),
                from("SELECT * FROM mv_infos('database'='db') m"));
        assertEquals(new Relation.TableFunction("tasks", List.of(), Map.of("type", "mv"), null, List.of()),
                from("select * from tasks(\"type\"=\"mv\")"));
        Map<String, String> local = new LinkedHashMap<>();
        local.put("file_path", "data/a.csv");
        local.put("format", "csv");
        assertEquals(new Relation.TableFunction("local", List.of(), local, null, List.of()),
                from("SELECT * FROM local(\"file_path\" = \"data/a.csv\", \"format\" = \"csv\")"));
        assertEquals(new Relation.TableFunction("f", List.of(integer(1), integer(2)), Map.of(), "x", List.of("a", "b")),
                from("SELECT * FROM f(1, 2) AS x (a, b)"));
        assertEquals(new Relation.TableFunction("g", List.of(), Map.of(), null, List.of()), from("SELECT * FROM g()"));
    }

    @Test
    void subqueryRelations() {
        Relation.SubqueryRelation sub = assertInstanceOf(Relation.SubqueryRelation.class,
                from("SELECT * FROM (SELECT a, b FROM t) AS s (x, y)"));
        assertEquals("s", sub.alias());
        assertEquals(List.of("x", "y"), sub.columnAliases());
        assertEquals(table("t"), assertInstanceOf(QueryBody.QuerySpec.class, sub.query().body()).from());
        assertEquals("s", assertInstanceOf(Relation.SubqueryRelation.class, from("SELECT * FROM (SELECT 1) s")).alias());
        assertNull(assertInstanceOf(Relation.SubqueryRelation.class, from("SELECT * FROM (SELECT 1)")).alias());
    }

    @Test
    void joins() {
        Expr on = binary(BinaryOp.EQ, id("a", "x"), id("b", "x"));
        Map<String, JoinType> kinds = new LinkedHashMap<>();
        kinds.put("JOIN", JoinType.INNER);
        kinds.put("INNER JOIN", JoinType.INNER);
        kinds.put("LEFT JOIN", JoinType.LEFT);
        kinds.put("LEFT OUTER JOIN", JoinType.LEFT);
        kinds.put("RIGHT JOIN", JoinType.RIGHT);
        kinds.put("RIGHT OUTER JOIN", JoinType.RIGHT);
        kinds.put("FULL JOIN", JoinType.FULL);
        kinds.put("FULL OUTER JOIN", JoinType.FULL);
        kinds.put("LEFT SEMI JOIN", JoinType.LEFT_SEMI);
        kinds.put("RIGHT SEMI JOIN", JoinType.RIGHT_SEMI);
        kinds.put("LEFT ANTI JOIN", JoinType.LEFT_ANTI);
        kinds.put("RIGHT ANTI JOIN", JoinType.RIGHT_ANTI);
        kinds.forEach((keyword, type) -> assertEquals(
                new Relation.Join(type, table("a"), table("b"), on, List.of()),
                from("SELECT * FROM a " + keyword + " b ON a.x = b.x"), keyword));
        assertEquals(new Relation.Join(JoinType.CROSS, table("a"), table("b"), null, List.of()), from("SELECT * FROM a CROSS JOIN b"));
        assertEquals(new Relation.Join(JoinType.INNER, table("a"), table("b"), null, List.of("x", "y")),
                from("SELECT * FROM a JOIN b USING (x, y)"));
        assertEquals(new Relation.Join(JoinType.INNER, table("a"), table("b"), on, List.of()),
                from("SELECT * FROM a JOIN [broadcast] b ON a.x = b.x"));
        assertEquals(new Relation.Join(JoinType.LEFT, table("a"), table("b"), on, List.of()),
                from("SELECT * FROM a LEFT JOIN [shuffle] b ON a.x = b.x"));
    }

    @Test
    void joinsAreLeftDeepAndCommasBindLoosest() {
        Relation.Join chain = assertInstanceOf(Relation.Join.class,
                from("SELECT * FROM a JOIN b ON a.x = b.x LEFT JOIN c ON b.y = c.y"));
        assertEquals(JoinType.LEFT, chain.type());
        assertEquals(table("c"), chain.right());
        assertEquals(JoinType.INNER, assertInstanceOf(Relation.Join.class, chain.left()).type());

        Relation.Join comma = assertInstanceOf(Relation.Join.class, from("SELECT * FROM a, b JOIN c ON b.y = c.y"));
        assertEquals(JoinType.CROSS, comma.type());
        assertEquals(table("a"), comma.left());
        assertEquals(JoinType.INNER, assertInstanceOf(Relation.Join.class, comma.right()).type());

        Relation.Join nested = assertInstanceOf(Relation.Join.class,
                from("SELECT * FROM a JOIN (b JOIN c ON b.y = c.y) ON a.x = b.x"));
        assertInstanceOf(Relation.Join.class, nested.right());
    }

    @Test
    void lateralViews() {
        Relation.LateralView view = assertInstanceOf(Relation.LateralView.class,
                from("SELECT * FROM t LATERAL VIEW explode(arr) tmp AS c1"));
        assertEquals(new Relation.LateralView(table("t"), call("explode", id("arr")), false, "tmp", List.of("c1")), view);

        Relation.LateralView two = assertInstanceOf(Relation.LateralView.class,
                from("SELECT * FROM t LATERAL VIEW OUTER explode_map(m) a AS k, v LATERAL VIEW explode(x) b AS e"));
        assertEquals(List.of("e"), two.columns());
        Relation.LateralView first = assertInstanceOf(Relation.LateralView.class, two.source());
        assertTrue(first.outer());
        assertEquals(List.of("k", "v"), first.columns());

        Relation.Join join = assertInstanceOf(Relation.Join.class,
                from("SELECT * FROM t LATERAL VIEW explode(arr) tmp AS c JOIN u ON t.id = u.id"));
        assertInstanceOf(Relation.LateralView.class, join.left());
    }

    @Test
    void complexQuery() {
        Query query = query("""
                WITH recent AS (
                    SELECT user_id, max(ts) AS last_seen FROM events WHERE ts >= now() - INTERVAL 7 DAY GROUP BY user_id
                )
                SELECT u.name, r.last_seen, count(DISTINCT o.id) AS orders,
                       row_number() OVER (PARTITION BY u.country ORDER BY r.last_seen DESC) AS rn
                FROM users u
                LEFT JOIN recent r ON u.id = r.user_id
                JOIN orders o ON o.user_id = u.id AND o.status IN ('paid', 'shipped')
                WHERE u.active = 1 AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.user_id = u.id)
                GROUP BY u.name, r.last_seen, u.country
                HAVING count(*) > 1
                ORDER BY orders DESC
                LIMIT 100
                """);
        assertEquals(1, query.with().size());
        QueryBody.QuerySpec spec = assertInstanceOf(QueryBody.QuerySpec.class, query.body());
        assertEquals(4, spec.select().size());
        assertEquals(JoinType.INNER, assertInstanceOf(Relation.Join.class, spec.from()).type());
        assertEquals(new Query.Limit(100, 0), query.limit());
    }
}
