package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.IncrPlanner;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.PlanNode;
import io.cairndb.printer.DuckSqlPrinter;
import io.cairndb.printer.PlanPrinter;
import io.cairndb.printer.ScanSource;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.printer.RelationResolver;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayList;
import java.util.List;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Resolves the names of a query against the catalog and the session, and prints it as DuckDB SQL.
 */
public final class QueryTranslator implements RelationResolver {
    private static final int MAX_VIEW_DEPTH = 32;

    private final StatementContext ctx;
    private final Map<Long, String> scanFilters;
    // Keyed by node identity: views print through this translator too, each with its own parse tree.
    private final Map<Expr, DataType> arithmetic = new IdentityHashMap<>();
    private int viewDepth;

    QueryTranslator(StatementContext ctx) {
        this(ctx, Map.of());
    }

    private QueryTranslator(StatementContext ctx, Map<Long, String> scanFilters) {
        this.ctx = ctx;
        this.scanFilters = Map.copyOf(scanFilters);
    }

    /**
     * A translator that reads only the rows matching a predicate from some tables (by id), also
     * inside views: a partition refresh reads only the base partitions it rebuilds.
     */
    public QueryTranslator filteringScans(Map<Long, String> filters) {
        return new QueryTranslator(ctx, filters);
    }

    /**
     * The query as DuckDB SQL: printed from its logical plan, or, for what the binder does not bind
     * yet, from its syntax tree.
     */
    public String translate(Query query) {
        return translate(query, false);
    }

    /** As {@link #translate(Query)}, with the engine's row identifier of each table selectable as {@code rowid}. */
    public String translateWithRowIds(Query query) {
        return translate(query, true);
    }

    private String translate(Query query, boolean rowIds) {
        PlanNode plan = QueryBinder.bind(ctx, query, rowIds).plan();
        if (plan != null) {
            return print(plan);
        }
        arithmetic.putAll(QueryAnalyzer.widenedArithmetic(ctx, query));
        return new DuckSqlPrinter(this).print(query);
    }

    public String translate(Expr expr) {
        arithmetic.putAll(QueryAnalyzer.widenedArithmetic(ctx, expr));
        return new DuckSqlPrinter(this).printExpr(expr);
    }

    @Override
    public DataType arithmeticType(Expr.Binary b) {
        return arithmetic.get(b);
    }

    @Override
    public DataType resultType(Expr.FunctionCall f) {
        return arithmetic.get(f);
    }

    @Override
    public String table(Relation.TableRef ref) {
        String db = ctx.databaseOf(ref.name());
        if (ctx.systemTables().isSystemSchema(db)) {
            String item = ctx.systemTables().fromItem(ctx, db, ref.name().name());
            if (item == null) {
                throw new CairnException(ErrorCode.NO_SUCH_TABLE, "Table [" + ref.name().name() + "] does not exist in database ["
                        + db + "].");
            }
            return item;
        }
        StreamMeta stream = ctx.catalog().table(ctx.databaseOf(ref.name()), ref.name().name()) == null
                ? ctx.stream(ref.name()) : null;
        if (stream != null) {
            return streamScan(stream, ref);
        }
        TableMeta t = ctx.table(ref.name());
        if (ref.incr() != null) {
            if (t.isView()) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "INCR query requires changelog enabled on base table.");
            }
            return incremental(t, ref.incr(), ref.partitions());
        }
        if (t.isView()) {
            if (!ref.partitions().isEmpty()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Only OLAP tables support PARTITION: " + t.name() + " is a view");
            }
            return view(t);
        }
        return source(t, ref.partitions(), ref.temporaryPartitions());
    }

    /** A bound query as DuckDB SQL. */
    public String print(PlanNode plan) {
        return new PlanPrinter(new PlanSources()).print(plan);
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
            return streamRead(ctx.catalog().stream(scan.stream().get(0), scan.stream().get(1)), t);
        }

        @Override
        public String from(PlanNode.SystemScan scan) {
            return scan.function() ? TableFunctions.sql(scan.name(), scan.properties(), ctx)
                    : ctx.systemTables().fromItem(ctx, scan.database(), scan.name());
        }

        private TableMeta table(PlanNode.TableSource source) {
            return ctx.catalog().tableById(source.database(), source.tableId());
        }
    }

    /** A table's rows, only those of some (temporary) partitions, and only those the scan filters keep. */
    private String source(TableMeta t, List<String> partitions, boolean temporaryPartitions) {
        if (temporaryPartitions) {
            TableMeta temporary = TemporaryPartitionTable.of(t);
            List<PartitionMeta> parts = PartitionResolver.requireAll(temporary, partitions);
            return "(SELECT * FROM " + temporary.duckName() + " WHERE " + PartitionPredicates.anyOf(temporary, parts) + ")";
        }
        String source = t.duckName();
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

    private String streamScan(StreamMeta s, Relation.TableRef ref) {
        if (ref.incr() != null || !ref.partitions().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "A stream can not be read with @incr or PARTITION: " + s.name());
        }
        TableMeta t = ctx.catalog().tableById(s.tableDatabase(), s.tableId());
        if (t == null) {
            throw new CairnException(ErrorCode.NO_SUCH_TABLE, "The base table of stream " + s.name() + " no longer exists");
        }
        return streamRead(s, t);
    }

    /** The stream's unconsumed changes; the statement advances its offsets if it commits a write. */
    private String streamRead(StreamMeta s, TableMeta t) {
        ctx.streamReads().add(s);
        return StreamPlanner.plan(ctx.txn().connection(), s, t);
    }

    @Override
    public List<String> hiddenColumns(Relation.TableRef ref) {
        if (ctx.systemTables().isSystemSchema(ctx.databaseOf(ref.name()))) {
            return List.of();
        }
        TableMeta t = ctx.catalog().table(ctx.databaseOf(ref.name()), ref.name().name());
        StreamMeta stream = t == null ? ctx.stream(ref.name()) : null;
        if (stream != null) {
            t = ctx.catalog().tableById(stream.tableDatabase(), stream.tableId());
        }
        List<String> hidden = new ArrayList<>(t == null ? List.of() : HiddenColumns.excluded(ctx.session(), t));
        if (ref.incr() != null) {
            hidden.addAll(IncrPlanner.HIDDEN_COLUMNS);
        } else if (stream != null) {
            hidden.addAll(StreamPlanner.HIDDEN_COLUMNS);
        }
        return hidden;
    }

    private String view(TableMeta view) {
        if (++viewDepth > MAX_VIEW_DEPTH) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "View " + view.name() + " refers to itself");
        }
        try {
            String sql = translate(SqlParser.parseQuery(view.viewSql()));
            List<String> names = view.columnNames().stream().map(Sql::ident).toList();
            return "(SELECT * FROM (" + sql + ") AS " + Sql.ident("__v") + "(" + String.join(", ", names) + "))";
        } finally {
            viewDepth--;
        }
    }

    @Override
    public String tableFunction(Relation.TableFunction fn) {
        return TableFunctions.sql(fn, ctx);
    }

    @Override
    public String variable(Expr.Variable v) {
        return literal(SessionValues.variable(ctx.session(), v));
    }

    @Override
    public String sessionFunction(String name) {
        return SessionValues.isSessionFunction(name) ? literal(SessionValues.function(ctx.session(), name)) : null;
    }

    private static String literal(Object value) {
        return value == null ? "NULL" : value instanceof Long l ? l.toString() : Sql.literal(value.toString());
    }

    @Override
    public String parameter(int index) {
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "No value bound for parameter " + (index + 1));
    }
}
