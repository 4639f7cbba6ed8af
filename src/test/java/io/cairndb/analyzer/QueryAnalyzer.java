package io.cairndb.analyzer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.QueryShape;
import io.cairndb.engine.ResultColumn;
import io.cairndb.plan.ColumnLineage;
import io.cairndb.plan.ColumnOrigin;
import io.cairndb.plan.DateUnits;
import io.cairndb.plan.QueryLineage;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.ExprTree;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Resolves the names of a query against its scopes (subqueries, CTEs, views, joins, set operations)
 * to find, for each output column, the base columns it traces back to, the base tables it reads and
 * the non-deterministic functions it calls, by walking the syntax tree. This was the lineage of
 * materialized views before the logical plan; {@code PlanLineage} has replaced it, and it remains
 * here as the reference the plan's lineage is tested against.
 */
final class QueryAnalyzer {
    private static final Set<String> NONDETERMINISTIC = Set.of("now", "current_timestamp", "localtime", "localtimestamp",
            "curdate", "current_date", "curtime", "current_time", "utc_timestamp", "sysdate", "rand", "random", "uuid",
            "uuid_numeric", "connection_id", "current_user", "user", "session_user");
    private static final int MAX_VIEW_DEPTH = 32;

    private final StatementContext ctx;
    private final Set<QueryLineage.BaseTable> tables = new LinkedHashSet<>();
    private final Set<String> nondeterministic = new TreeSet<>();
    private Deque<Map<String, List<ScopeColumn>>> ctes = new ArrayDeque<>();
    private int viewDepth;

    private QueryAnalyzer(StatementContext ctx) {
        this.ctx = ctx;
    }

    /** The lineage of every output column; relations without catalog columns are bound by DuckDB to list theirs. */
    static QueryLineage lineage(StatementContext ctx, Query query) {
        QueryAnalyzer a = new QueryAnalyzer(ctx);
        List<ScopeColumn> out = a.query(query);
        return new QueryLineage(out.stream().map(ScopeColumn::lineage).toList(), List.copyOf(a.tables), List.copyOf(a.nondeterministic));
    }

    private List<ScopeColumn> query(Query q) {
        Map<String, List<ScopeColumn>> scope = new HashMap<>();
        ctes.push(scope);
        try {
            for (Query.WithQuery w : q.with()) {
                scope.put(w.name().toLowerCase(Locale.ROOT), renamed(query(w.query()), w.columns(), w.name()));
            }
            if (q.body() instanceof QueryBody.QuerySpec spec) {
                return select(spec, q.orderBy());
            }
            List<ScopeColumn> out = body(q.body());
            for (OrderItem o : q.orderBy()) {
                walk(o.expr(), out);
            }
            return out;
        } finally {
            ctes.pop();
        }
    }

    private List<ScopeColumn> body(QueryBody body) {
        if (body instanceof QueryBody.QuerySpec spec) {
            return select(spec, List.of());
        }
        if (body instanceof QueryBody.SetOperation op) {
            List<ScopeColumn> left = body(op.left());
            List<ScopeColumn> right = body(op.right());
            if (op.type() != QueryBody.SetOpType.UNION) {
                return left;
            }
            List<ScopeColumn> out = new ArrayList<>();
            for (int i = 0; i < left.size(); i++) {
                ColumnLineage l = left.get(i).lineage();
                ColumnLineage r = i < right.size() ? right.get(i).lineage() : ColumnLineage.NONE;
                DataType lt = left.get(i).type();
                DataType rt = i < right.size() ? right.get(i).type() : null;
                out.add(new ScopeColumn(null, left.get(i).name(), ColumnLineage.union(l, r), lt != null && lt.equals(rt) ? lt : null));
            }
            return out;
        }
        if (body instanceof QueryBody.Values v) {
            // The engine names the columns of VALUES.
            v.rows().forEach(r -> r.forEach(e -> walk(e, List.of())));
            List<ScopeColumn> out = new ArrayList<>();
            for (int i = 0; i < (v.rows().isEmpty() ? 0 : v.rows().get(0).size()); i++) {
                out.add(new ScopeColumn(null, "column_" + i, ColumnLineage.NONE, null));
            }
            return out;
        }
        if (body instanceof QueryBody.Nested n) {
            return query(n.query());
        }
        throw new IllegalStateException("unknown query body " + body);
    }

    /** A SELECT block; its ORDER BY sees the output columns (aliases first) and the FROM columns. */
    private List<ScopeColumn> select(QueryBody.QuerySpec spec, List<OrderItem> orderBy) {
        List<ScopeColumn> scope = spec.from() == null ? new ArrayList<>() : new ArrayList<>(relation(spec.from()));
        if (spec.where() != null) {
            walk(spec.where(), scope);
            equate(scope, spec.where());
        }
        if (spec.groupBy() != null) {
            for (QueryBody.GroupingElement g : spec.groupBy().elements()) {
                g.exprs().forEach(e -> walk(e, scope));
            }
        }
        if (spec.having() != null) {
            walk(spec.having(), scope);
        }
        List<ScopeColumn> out = new ArrayList<>();
        for (QueryBody.SelectItem item : spec.select()) {
            if (item instanceof QueryBody.AllColumns all) {
                for (ScopeColumn c : scope) {
                    if (all.qualifier() == null || all.qualifier().name().equalsIgnoreCase(c.qualifier())) {
                        out.add(c.requalified(null));
                    }
                }
            } else if (item instanceof QueryBody.SingleColumn sc) {
                DataType type = walk(sc.expr(), scope);
                String name = sc.alias() != null ? sc.alias()
                        : sc.expr() instanceof Expr.Identifier id ? id.name() : SqlFormatter.format(sc.expr());
                out.add(new ScopeColumn(null, name, lineage(sc.expr(), scope), type));
            }
        }
        List<ScopeColumn> orderScope = new ArrayList<>(out);
        orderScope.addAll(scope);
        for (OrderItem o : orderBy) {
            walk(o.expr(), orderScope);
        }
        return out;
    }

    private List<ScopeColumn> relation(Relation r) {
        if (r instanceof Relation.TableRef ref) {
            return tableRef(ref);
        }
        if (r instanceof Relation.SubqueryRelation sq) {
            return renamed(query(sq.query()), sq.columnAliases(), sq.alias());
        }
        if (r instanceof Relation.Join j) {
            return join(j);
        }
        if (r instanceof Relation.LateralView lv) {
            List<ScopeColumn> out = new ArrayList<>(relation(lv.source()));
            walk(lv.generator(), out);
            for (String c : lv.columns()) {
                out.add(new ScopeColumn(lv.alias(), c, ColumnLineage.NONE, null));
            }
            return out;
        }
        Relation.TableFunction fn = (Relation.TableFunction) r;
        fn.args().forEach(e -> walk(e, List.of()));
        return untracked(r, fn.alias());
    }

    private List<ScopeColumn> tableRef(Relation.TableRef ref) {
        String qualifier = ref.alias() != null ? ref.alias() : ref.name().name();
        if (ref.name().database() == null) {
            for (Map<String, List<ScopeColumn>> scope : ctes) {
                List<ScopeColumn> cte = scope.get(ref.name().name().toLowerCase(Locale.ROOT));
                if (cte != null) {
                    return cte.stream().map(c -> c.requalified(qualifier)).toList();
                }
            }
        }
        String db = ctx.databaseOf(ref.name());
        if (ref.incr() != null || ctx.systemTables().isSystemSchema(db)
                || ctx.catalog().table(db, ref.name().name()) == null) {
            return untracked(ref, qualifier);
        }
        TableMeta t = ctx.table(ref.name());
        if (t.isView()) {
            return renamed(view(t), t.columnNames(), qualifier);
        }
        tables.add(new QueryLineage.BaseTable(t.id(), t.database(), t.name()));
        List<ScopeColumn> out = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            ColumnOrigin origin = new ColumnOrigin(t.id(), t.database(), t.name(), c.name(), null, false);
            out.add(new ScopeColumn(qualifier, c.name(), new ColumnLineage(List.of(origin), null), c.type()));
        }
        return out;
    }

    private List<ScopeColumn> view(TableMeta view) {
        if (++viewDepth > MAX_VIEW_DEPTH) {
            throw new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.WRONG_ARGUMENTS,
                    "View " + view.name() + " refers to itself");
        }
        // A view's body sees the catalog, not the CTEs around its use.
        Deque<Map<String, List<ScopeColumn>>> outer = ctes;
        ctes = new ArrayDeque<>();
        try {
            return query(SqlParser.parseQuery(view.viewSql()));
        } finally {
            ctes = outer;
            viewDepth--;
        }
    }

    /**
     * A relation whose columns are only known by binding it (table functions, streams, system tables):
     * bound for its column names, with no lineage.
     */
    private List<ScopeColumn> untracked(Relation r, String qualifier) {
        Query probe = new Query(List.of(), new QueryBody.QuerySpec(Map.of(), false,
                List.of(new QueryBody.AllColumns(null)), r, null, null, null), List.of(), null);
        List<ScopeColumn> out = new ArrayList<>();
        for (ResultColumn c : QueryShape.columns(ctx.txn().connection(), ctx.translator().translate(probe))) {
            out.add(new ScopeColumn(qualifier, c.name(), ColumnLineage.NONE, c.type()));
        }
        return out;
    }

    private List<ScopeColumn> join(Relation.Join j) {
        List<ScopeColumn> left = relation(j.left());
        List<ScopeColumn> right = relation(j.right());
        Relation.JoinType type = j.type();
        if (type == Relation.JoinType.LEFT || type == Relation.JoinType.FULL) {
            right = nullable(right);
        }
        if (type == Relation.JoinType.RIGHT || type == Relation.JoinType.FULL) {
            left = nullable(left);
        }
        List<ScopeColumn> out = new ArrayList<>();
        if (type != Relation.JoinType.RIGHT_SEMI && type != Relation.JoinType.RIGHT_ANTI) {
            out.addAll(left);
        }
        if (type != Relation.JoinType.LEFT_SEMI && type != Relation.JoinType.LEFT_ANTI) {
            out.addAll(right);
        }
        if (j.on() != null) {
            // The condition of a SEMI or ANTI join sees both sides, though only one is in the output.
            List<ScopeColumn> both = new ArrayList<>(left);
            both.addAll(right);
            walk(j.on(), both);
            if (type == Relation.JoinType.INNER || type == Relation.JoinType.CROSS) {
                equate(out, j.on());
            }
        }
        return out;
    }

    private static List<ScopeColumn> nullable(List<ScopeColumn> cols) {
        return cols.stream().map(c -> new ScopeColumn(c.qualifier(), c.name(), new ColumnLineage(
                c.lineage().origins().stream().map(ColumnOrigin::asNullable).toList(), c.lineage().invalidExpression()),
                c.type())).toList();
    }

    /**
     * Columns equated by an inner-join condition carry each other's origins, so that a partition
     * column can track the partitions of every joined table it equals.
     */
    private static void equate(List<ScopeColumn> scope, Expr condition) {
        if (condition instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            equate(scope, b.left());
            equate(scope, b.right());
            return;
        }
        if (!(condition instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ
                || !(b.left() instanceof Expr.Identifier l) || !(b.right() instanceof Expr.Identifier r)) {
            return;
        }
        int li = ScopeColumn.find(scope, l);
        int ri = ScopeColumn.find(scope, r);
        if (li < 0 || ri < 0 || li == ri) {
            return;
        }
        ColumnLineage a = scope.get(li).lineage();
        ColumnLineage c = scope.get(ri).lineage();
        if (!a.tracked() || !c.tracked() || a.origins().stream().anyMatch(ColumnOrigin::nullable)
                || c.origins().stream().anyMatch(ColumnOrigin::nullable)) {
            return;
        }
        ColumnLineage merged = ColumnLineage.union(a, c);
        scope.set(li, new ScopeColumn(scope.get(li).qualifier(), scope.get(li).name(), merged, scope.get(li).type()));
        scope.set(ri, new ScopeColumn(scope.get(ri).qualifier(), scope.get(ri).name(), merged, scope.get(ri).type()));
    }

    private ColumnLineage lineage(Expr e, List<ScopeColumn> scope) {
        if (e instanceof Expr.Identifier id) {
            int i = ScopeColumn.find(scope, id);
            return i < 0 ? ColumnLineage.NONE : scope.get(i).lineage();
        }
        if (e instanceof Expr.FunctionCall f && f.name().equalsIgnoreCase("date_trunc") && f.args().size() == 2
                && f.over() == null) {
            boolean unitLast = f.args().get(1) instanceof Expr.StringLiteral;
            Expr column = f.args().get(unitLast ? 0 : 1);
            Expr unit = f.args().get(unitLast ? 1 : 0);
            if (unit instanceof Expr.StringLiteral s) {
                if (!(column instanceof Expr.Identifier)) {
                    return referencesTracked(column, scope) ? ColumnLineage.invalid(asDoris(column)) : ColumnLineage.NONE;
                }
                ColumnLineage inner = lineage(column, scope);
                if (!inner.tracked()) {
                    return inner;
                }
                List<ColumnOrigin> out = new ArrayList<>();
                for (ColumnOrigin o : inner.origins()) {
                    String coarser = DateUnits.coarser(o.unit(), s.value());
                    if (coarser == null) {
                        return ColumnLineage.invalid(asDoris(e));
                    }
                    out.add(o.withUnit(coarser));
                }
                return new ColumnLineage(out, null);
            }
        }
        return referencesTracked(e, scope) ? ColumnLineage.invalid(asDoris(e)) : ColumnLineage.NONE;
    }

    /** An expression as Doris's error texts name it: {@code date_add(d, INTERVAL 2 DAY)} is {@code days_add(d, 2)}. */
    private static String asDoris(Expr e) {
        if (e instanceof Expr.FunctionCall f && f.args().size() == 2 && f.args().get(1) instanceof Expr.Interval iv) {
            String op = switch (f.name().toLowerCase(Locale.ROOT)) {
                case "date_add", "adddate" -> "add";
                case "date_sub", "subdate" -> "sub";
                default -> null;
            };
            if (op != null) {
                String unit = iv.unit().toLowerCase(Locale.ROOT);
                return SqlFormatter.format(Expr.FunctionCall.of(unit + "s_" + op, f.args().get(0), iv.value()));
            }
        }
        return SqlFormatter.format(e);
    }

    private boolean referencesTracked(Expr e, List<ScopeColumn> scope) {
        if (e instanceof Expr.Identifier id) {
            int i = ScopeColumn.find(scope, id);
            return i >= 0 && (scope.get(i).lineage().tracked() || scope.get(i).lineage().invalidExpression() != null);
        }
        for (Expr child : ExprTree.children(e)) {
            if (referencesTracked(child, scope)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Visits an expression: notes non-deterministic calls and analyzes its subqueries. Returns the
     * type of a plain column reference, or null.
     */
    private DataType walk(Expr e, List<ScopeColumn> scope) {
        if (e instanceof Expr.FunctionCall f && (NONDETERMINISTIC.contains(f.name().toLowerCase(Locale.ROOT))
                // Without an argument it reads the clock, as now() does.
                || f.name().equalsIgnoreCase("unix_timestamp") && f.args().isEmpty())) {
            nondeterministic.add(f.name().toLowerCase(Locale.ROOT));
        }
        for (Query q : ExprTree.subqueries(e)) {
            query(q);
        }
        List<ScopeColumn> childScope = e instanceof Expr.Lambda l ? withLambdaParameters(scope, l.params()) : scope;
        List<DataType> children = new ArrayList<>();
        for (Expr child : ExprTree.children(e)) {
            children.add(walk(child, childScope));
        }
        if (e instanceof Expr.Identifier id) {
            int i = ScopeColumn.find(scope, id);
            return i < 0 ? null : scope.get(i).type();
        }
        return null;
    }

    private static List<ScopeColumn> withLambdaParameters(List<ScopeColumn> scope, List<String> params) {
        List<ScopeColumn> out = new ArrayList<>(scope);
        params.forEach(p -> out.add(new ScopeColumn(null, p, ColumnLineage.NONE, null)));
        return out;
    }

    private static List<ScopeColumn> renamed(List<ScopeColumn> cols, List<String> names, String qualifier) {
        List<ScopeColumn> out = new ArrayList<>();
        for (int i = 0; i < cols.size(); i++) {
            String name = i < names.size() ? names.get(i) : cols.get(i).name();
            out.add(new ScopeColumn(qualifier, name, cols.get(i).lineage(), cols.get(i).type()));
        }
        return out;
    }
}
