package io.cairndb.sql;

import io.cairndb.sql.tree.DistributionDesc;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.cairndb.sql.Parsing.parseError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Materialized-view statements in the Doris and StarRocks spellings. */
class MvParserTest {

    private static <T extends Statement> T parse(String sql, Class<T> type) {
        return assertInstanceOf(type, SqlParser.parseOne(sql));
    }

    @Test
    void dorisCreateWithEveryClause() {
        MvStatement.Create c = parse("""
                CREATE MATERIALIZED VIEW IF NOT EXISTS db.mv1 (k COMMENT 'key', total)
                BUILD DEFERRED REFRESH AUTO ON SCHEDULE EVERY 1 DAY STARTS '2099-12-01 20:30:00'
                DUPLICATE KEY (k) COMMENT 'daily totals'
                PARTITION BY (date_trunc(dt, 'month'))
                DISTRIBUTED BY HASH(k) BUCKETS 2
                PROPERTIES ("grace_period" = "10", "excluded_trigger_tables" = "t2")
                AS SELECT k, sum(v) AS total FROM t GROUP BY k""", MvStatement.Create.class);
        assertEquals(QualifiedName.of("db", "mv1"), c.name());
        assertTrue(c.ifNotExists());
        assertEquals(List.of(new MvStatement.Column("k", "key"), new MvStatement.Column("total", null)), c.columns());
        assertEquals("DEFERRED", c.buildMode());
        assertEquals(new MvStatement.Refresh("AUTO", false,
                new MvStatement.Trigger(MvStatement.TriggerKind.SCHEDULE, 1, "DAY", "2099-12-01 20:30:00")), c.refresh());
        assertEquals(List.of("k"), c.keys());
        assertEquals("daily totals", c.comment());
        assertEquals(new MvStatement.Partition("dt", "month"), c.partition());
        assertEquals(new DistributionDesc(false, List.of("k"), 2, false), c.distribution());
        assertEquals(Map.of("grace_period", "10", "excluded_trigger_tables", "t2"), c.properties());
        assertEquals("SELECT k, sum(v) AS total FROM t GROUP BY k", c.queryText());
        assertTrue(c.async());
    }

    @Test
    void triggersAndMethods() {
        assertEquals(new MvStatement.Refresh("COMPLETE", false, MvStatement.Trigger.ON_COMMIT),
                parse("CREATE MATERIALIZED VIEW mv REFRESH COMPLETE ON COMMIT AS SELECT 1", MvStatement.Create.class).refresh());
        assertEquals(new MvStatement.Refresh("INCREMENTAL", true, MvStatement.Trigger.MANUAL),
                parse("CREATE MATERIALIZED VIEW mv REFRESH INCREMENTAL FALLBACK ON MANUAL AS SELECT 1",
                        MvStatement.Create.class).refresh());
        assertEquals(new MvStatement.Partition("dt", null),
                parse("CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE PARTITION BY (dt) AS SELECT dt FROM t",
                        MvStatement.Create.class).partition());
    }

    @Test
    void starRocksRefreshSpelling() {
        MvStatement.Create c = parse("CREATE MATERIALIZED VIEW mv REFRESH DEFERRED ASYNC START('2099-01-01 00:00:00') "
                + "EVERY (INTERVAL 10 MINUTE) PARTITION BY date_trunc('day', dt) "
                + "PROPERTIES (\"refresh_mode\" = \"PCT\") AS SELECT dt FROM t", MvStatement.Create.class);
        assertEquals("DEFERRED", c.buildMode());
        assertEquals(new MvStatement.Refresh(null, false,
                new MvStatement.Trigger(MvStatement.TriggerKind.SCHEDULE, 10, "MINUTE", "2099-01-01 00:00:00")), c.refresh());
        assertEquals(new MvStatement.Partition("dt", "day"), c.partition());
        assertEquals(MvStatement.Trigger.ON_COMMIT,
                parse("CREATE MATERIALIZED VIEW mv REFRESH ASYNC AS SELECT 1", MvStatement.Create.class).refresh().trigger());
        assertEquals(MvStatement.Trigger.MANUAL,
                parse("CREATE MATERIALIZED VIEW mv REFRESH IMMEDIATE MANUAL AS SELECT 1", MvStatement.Create.class).refresh().trigger());
    }

    @Test
    void bareFormIsASynchronousMv() {
        MvStatement.Create c = parse("CREATE MATERIALIZED VIEW mv AS SELECT k, sum(v) FROM t GROUP BY k", MvStatement.Create.class);
        assertFalse(c.async());
        assertNull(c.refresh());
    }

    @Test
    void refreshForms() {
        assertEquals(new MvStatement.RefreshMv(QualifiedName.of("mv"), "AUTO", List.of(), null, null, false, false, false, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv AUTO"));
        assertEquals(new MvStatement.RefreshMv(QualifiedName.of("mv"), "COMPLETE", List.of(), null, null, true, true, false, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv COMPLETE FORCE WITH SYNC MODE"));
        assertEquals(new MvStatement.RefreshMv(QualifiedName.of("mv"), "PARTITIONS", List.of("p1", "p2"), null, null, false, false, false, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv partitions(p1, p2) WITH ASYNC MODE"));
        assertEquals(new MvStatement.RefreshMv(QualifiedName.of("mv"), "RANGE", List.of(), "2024-01-01", "2024-02-01", false, false, false, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv PARTITION START ('2024-01-01') END ('2024-02-01')"));
        assertEquals(new MvStatement.RefreshMv(QualifiedName.of("mv"), null, List.of(), null, null, false, false, false, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv"));
    }

    @Test
    void incrementalRefreshForms() {
        QualifiedName mv = QualifiedName.of("mv");
        assertEquals(new MvStatement.RefreshMv(mv, "INCREMENTAL", List.of(), null, null, false, true, true, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv INCREMENTAL FALLBACK WITH SYNC MODE"));
        assertEquals(new MvStatement.RefreshMv(mv, "STALE_PARTITIONS", List.of(), null, null, false, false, true, false, null),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv PARTITIONS FALLBACK"));
        assertEquals(new MvStatement.RefreshMv(mv, "INCREMENTAL", List.of(), null, null, false, false, false, false,
                        new MvStatement.DryRun(100, 200)),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv INCREMENTAL WITH DRY RUN LIMIT 100 OFFSET 200"));
        assertEquals(new MvStatement.RefreshMv(mv, "INCREMENTAL", List.of(), null, null, false, false, false, false,
                        new MvStatement.DryRun(-1, 0)),
                SqlParser.parseOne("REFRESH MATERIALIZED VIEW mv INCREMENTAL WITH DRY RUN"));
        assertEquals(new Statement.Explain(null, new MvStatement.RefreshMv(mv, "INCREMENTAL", List.of(), null, null, false, false,
                        false, true, null)),
                SqlParser.parseOne("EXPLAIN REFRESH MATERIALIZED VIEW mv INCREMENTAL WITH ALL STREAMS"));
        assertEquals(new Statement.DropStream(QualifiedName.of("s"), false, true), SqlParser.parseOne("DROP STREAM s FORCE"));
        MvStatement.Create c = parse("CREATE MATERIALIZED VIEW mv REFRESH INCREMENTAL FALLBACK ON COMMIT AS SELECT 1",
                MvStatement.Create.class);
        assertEquals(new MvStatement.Refresh("INCREMENTAL", true, MvStatement.Trigger.ON_COMMIT), c.refresh());
    }

    @Test
    void maintenance() {
        assertEquals(new MvStatement.Alter(QualifiedName.of("mv"), new MvStatement.SetProperties(Map.of("grace_period", "100"))),
                SqlParser.parseOne("ALTER MATERIALIZED VIEW mv SET (\"grace_period\" = \"100\")"));
        assertEquals(new MvStatement.Alter(QualifiedName.of("mv"), new MvStatement.Rename("mv2")),
                SqlParser.parseOne("ALTER MATERIALIZED VIEW mv RENAME mv2"));
        assertEquals(new MvStatement.Alter(QualifiedName.of("mv"), new MvStatement.ChangeRefresh(
                        new MvStatement.Refresh(null, false, new MvStatement.Trigger(MvStatement.TriggerKind.SCHEDULE, 1, "HOUR", null)))),
                SqlParser.parseOne("ALTER MATERIALIZED VIEW mv REFRESH ON SCHEDULE EVERY 1 HOUR"));
        assertEquals(new MvStatement.Alter(QualifiedName.of("mv"), new MvStatement.Replace(QualifiedName.of("mv7"), Map.of("swap", "true"))),
                SqlParser.parseOne("ALTER MATERIALIZED VIEW mv REPLACE WITH MATERIALIZED VIEW mv7 PROPERTIES ('swap' = 'true')"));
        assertEquals(new MvStatement.Alter(QualifiedName.of("mv"), new MvStatement.SetActive(false)),
                SqlParser.parseOne("ALTER MATERIALIZED VIEW mv INACTIVE"));
        assertEquals(new MvStatement.Drop(QualifiedName.of("mv"), true, null), SqlParser.parseOne("DROP MATERIALIZED VIEW IF EXISTS mv"));
        assertEquals(new MvStatement.Drop(QualifiedName.of("r1"), false, QualifiedName.of("t")),
                SqlParser.parseOne("DROP MATERIALIZED VIEW r1 ON t"));
        assertEquals(new MvStatement.Job(MvStatement.JobAction.PAUSE, QualifiedName.of("mv")),
                SqlParser.parseOne("PAUSE MATERIALIZED VIEW JOB ON mv"));
        assertEquals(new MvStatement.Job(MvStatement.JobAction.RESUME, QualifiedName.of("mv")),
                SqlParser.parseOne("RESUME MATERIALIZED VIEW JOB ON mv"));
        assertEquals(new MvStatement.CancelTask(42, QualifiedName.of("mv")),
                SqlParser.parseOne("CANCEL MATERIALIZED VIEW TASK 42 ON mv"));
        assertEquals(new MvStatement.ShowCreate(QualifiedName.of("mv"), null), SqlParser.parseOne("SHOW CREATE MATERIALIZED VIEW mv"));
        assertEquals(new MvStatement.ShowCreate(QualifiedName.of("mv"), QualifiedName.of("db", "t")),
                SqlParser.parseOne("SHOW CREATE MATERIALIZED VIEW mv ON db.t"));
        assertEquals(new MvStatement.ShowRollupJobs("db"), SqlParser.parseOne("SHOW ALTER TABLE MATERIALIZED VIEW FROM db"));
        assertEquals(new MvStatement.ShowRollupJobs(null), SqlParser.parseOne("SHOW ALTER TABLE ROLLUP"));
        assertEquals(new MvStatement.CancelRollupJob(QualifiedName.of("db", "t")),
                SqlParser.parseOne("CANCEL ALTER TABLE MATERIALIZED VIEW FROM db.t"));
    }

    @Test
    void mvKeywordsStayUsableAsIdentifiers() {
        Statement s = SqlParser.parseOne("SELECT refresh, build, job, task, mode, manual, complete FROM t");
        assertInstanceOf(Statement.QueryStatement.class, s);
    }

    @Test
    void partitionByNeedsAColumnOrDateTrunc() {
        parseError("CREATE MATERIALIZED VIEW mv BUILD IMMEDIATE PARTITION BY (upper(dt, 'x')) AS SELECT 1");
    }
}
