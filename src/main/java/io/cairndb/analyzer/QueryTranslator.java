package io.cairndb.analyzer;

import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.ivm.IvmLayout;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.IncrPlanner;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.printer.PlanPrinter;
import io.cairndb.printer.ScanSource;
import io.cairndb.rewrite.RewriteOutcome;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;

import java.util.List;
import java.util.Map;

/**
 * Turns queries and lone expressions into DuckDB SQL: binds them into the logical plan and prints
 * that, answering the printer's questions about the tables, changelogs, streams and system tables the
 * plan's leaves read.
 */
public final class QueryTranslator {
    private final StatementContext ctx;
    private final Map<Long, String> scanFilters;
    private final Map<Long, String> scanSources;

    QueryTranslator(StatementContext ctx) {
        this(ctx, Map.of(), Map.of());
    }

    private QueryTranslator(StatementContext ctx, Map<Long, String> scanFilters, Map<Long, String> scanSources) {
        this.ctx = ctx;
        this.scanFilters = Map.copyOf(scanFilters);
        this.scanSources = Map.copyOf(scanSources);
    }

    /**
     * A translator that reads only the rows matching a predicate from some tables (by id), also
     * inside views: a partition refresh reads only the base partitions it rebuilds.
     */
    public QueryTranslator filteringScans(Map<Long, String> filters) {
        return new QueryTranslator(ctx, filters, scanSources);
    }

    /**
     * A translator that reads some tables (by id) from other FROM items with their columns: a write
     * derives the rows it adds to a table's rollups from the rows it stages for the table.
     */
    public QueryTranslator readingScans(Map<Long, String> sources) {
        return new QueryTranslator(ctx, scanFilters, sources);
    }

    /** The query as DuckDB SQL; a wrong query fails with the error Doris gives it. */
    public String translate(Query query) {
        return print(QueryBinder.bind(ctx, query).plan());
    }

    /**
     * The result columns of a query as bound (labels, dialect types, where each comes from), without
     * rewriting, printing or running it: what a prepared statement describes before its first execute.
     */
    public java.util.List<io.cairndb.engine.ResultColumn> describe(Query query) {
        PlanNode plan = QueryBinder.bind(ctx, query).plan();
        java.util.List<io.cairndb.engine.ColumnSource> sources = ResultSources.of(plan);
        java.util.List<io.cairndb.engine.ResultColumn> out = new java.util.ArrayList<>();
        for (int i = 0; i < plan.outputs().size(); i++) {
            PlanColumn c = plan.outputs().get(i);
            out.add(new io.cairndb.engine.ResultColumn(c.name(), c.type(), sources.get(i)));
        }
        return out;
    }

    /**
     * A query as DuckDB SQL after transparent rewrite: the parts MVs can answer are read from them, when
     * the session's switches allow it. For what a user queries; an MV's own definition is never rewritten.
     * With it, what the client is told about each column of the result.
     */
    public AnsweredQuery answering(Query query) {
        PlanNode plan = QueryBinder.bind(ctx, query).plan();
        return new AnsweredQuery(printer().printResult(rewrite(plan).plan()), ResultSources.of(plan));
    }

    /** A user's query as DuckDB SQL, and where each of its result columns comes from. */
    public record AnsweredQuery(String sql, java.util.List<io.cairndb.engine.ColumnSource> sources) {
    }

    /**
     * The source of a write (INSERT .. SELECT, CREATE TABLE .. AS SELECT) answered from MVs where it
     * can be, when enable_dml_materialized_view_rewrite allows it too.
     */
    public PlanNode answeringWrite(PlanNode plan) {
        return ctx.session().flag("enable_dml_materialized_view_rewrite") ? rewrite(plan).plan() : plan;
    }

    /** The bound query answered from MVs where it can be, with what rewrite did with each MV. */
    public RewriteOutcome rewrite(PlanNode plan) {
        return ctx.rewriter().rewrite(ctx, plan);
    }

    /**
     * As {@link #translate(Query)}, with the engine's columns of each table's rows selectable by name
     * (see {@link QueryBinder#bind(StatementContext, Query, boolean)}).
     */
    public String translateWithRowColumns(Query query) {
        return print(QueryBinder.bind(ctx, query, true).plan());
    }

    /** A lone expression (a column default, a value of INSERT .. VALUES or SET), which names no column. */
    public String translate(Expr expr) {
        return printer().printExpression(QueryBinder.bindExpression(ctx, expr));
    }

    /** A bound query as DuckDB SQL. */
    public String print(PlanNode plan) {
        return printer().print(plan);
    }

    /** A printer of plans whose scans read this statement's tables, streams and changelogs. */
    public PlanPrinter printer() {
        return new PlanPrinter(new PlanSources());
    }

    /** The FROM items of a plan's leaves. */
    private final class PlanSources implements ScanSource {
        @Override
        public String from(PlanNode.Scan scan) {
            return source(table(scan.source()), scan.partitions(), scan.temporaryPartitions());
        }

        @Override
        public String from(PlanNode.ChangeScan scan) {
            TableMeta t = table(scan.source());
            if (scan.window() != null) {
                return incremental(t, scan.window(), scan.partitions());
            }
            return streamRead(ctx.catalog().stream(scan.stream().get(0), scan.stream().get(1)), t, scan.partitions());
        }

        @Override
        public String from(PlanNode.SystemScan scan) {
            return scan.function() ? TableFunctions.sql(scan.name(), scan.properties(), ctx)
                    : ctx.systemTables().fromItem(ctx, scan.database(), scan.name());
        }

        /** The table a scan reads: a catalog table, or the storage of a rollup a rewritten query reads. */
        private TableMeta table(PlanNode.TableSource source) {
            TableMeta t = ctx.catalog().tableById(source.database(), source.tableId());
            return t != null ? t : ctx.catalog().rollupStorage(source.database(), source.tableId());
        }
    }

    /** A table's rows, only those of some (temporary) partitions, and only those the scan filters keep. */
    private String source(TableMeta t, List<String> partitions, boolean temporaryPartitions) {
        String replaced = scanSources.get(t.id());
        if (replaced != null) {
            return replaced;
        }
        if (temporaryPartitions) {
            TableMeta temporary = TemporaryPartitionTable.of(t);
            List<PartitionMeta> parts = PartitionResolver.requireAll(temporary, partitions);
            return "(SELECT * FROM " + temporary.duckName() + " WHERE " + PartitionPredicates.anyOf(temporary, parts) + ")";
        }
        String source = t.duckName();
        if (t.column(IvmLayout.HAVING) != null) {
            // An IVM MV keeps every group of its definition; its rows are those that pass HAVING.
            source = "(SELECT * FROM " + source + " WHERE " + Sql.ident(IvmLayout.HAVING) + ")";
        }
        String filter = scanFilters.get(t.id());
        if (filter != null) {
            source = "(SELECT * FROM " + source + " WHERE " + filter + ")";
        }
        if (partitions.isEmpty()) {
            return source;
        }
        List<PartitionMeta> parts = PartitionResolver.requireAll(t, partitions);
        return "(SELECT * FROM " + source + " WHERE " + PartitionPredicates.anyOf(t, parts) + ")";
    }

    private String incremental(TableMeta t, Map<String, String> window, List<String> partitions) {
        IncrPlanner.Window w = IncrPlanner.window(window, ctx.session().zone());
        IncrPlanner.check(t, w, ctx.config().changelogEnabled());
        List<PartitionMeta> parts = PartitionResolver.requireAll(t, partitions);
        long retainedFrom = ChangelogTables.retainedFrom(ctx.txn().connection(), t.id());
        return IncrPlanner.plan(ctx.txn().connection(), t, w, parts, retainedFrom, ctx.session().zone());
    }

    /**
     * The stream's unconsumed changes (of some partitions only, when named); the statement advances
     * its offsets if it commits a write.
     */
    private String streamRead(StreamMeta s, TableMeta t, List<String> partitions) {
        ctx.streamReads().add(s);
        String changes = StreamPlanner.plan(ctx.txn().connection(), s, t, ctx.streamReads().offsets(s.id()));
        if (partitions.isEmpty()) {
            return changes;
        }
        // A change belongs to the partition its row's values fall in (an update moving a row has one on each side).
        List<PartitionMeta> parts = PartitionResolver.requireAll(t, partitions);
        return "(SELECT * FROM " + changes + " WHERE " + PartitionPredicates.anyOf(t, parts) + ")";
    }
}
