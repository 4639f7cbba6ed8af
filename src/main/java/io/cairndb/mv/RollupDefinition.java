package io.cairndb.mv;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.AggregationType;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.RollupMeta;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.PlanColumn;
import io.cairndb.printer.AggregateStates;
import io.cairndb.printer.FunctionKind;
import io.cairndb.printer.FunctionRegistry;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.ExprTree;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The definition of a synchronous MV (a rollup) checked against every limit of Doris's, each with
 * Doris's message: one table, no HAVING, LIMIT or LATERAL VIEW, plain columns and expressions first
 * and root aggregates after them, no constants, windows, duplicates or auto-increment columns, names
 * unique among the table's columns and its other rollups' columns, and the key model's own rules.
 */
final class RollupDefinition {
    /** Aggregates a rollup stores, by the aggregation its value column merges with. */
    private static final Map<String, AggregationType> STORED = Map.of("sum", AggregationType.SUM, "min", AggregationType.MIN,
            "max", AggregationType.MAX, "count", AggregationType.SUM, "bitmap_union", AggregationType.BITMAP_UNION,
            "hll_union", AggregationType.HLL_UNION);
    /** Doris's short key: at most this many leading columns of a DUPLICATE rollup without ORDER BY, and bytes. */
    private static final int SHORT_KEY_COLUMNS = 3;
    private static final int SHORT_KEY_BYTES = 36;

    private RollupDefinition() {
    }

    /** The base table a CREATE MATERIALIZED VIEW .. AS SELECT reads, checked to be a single table. */
    static Relation.TableRef baseOf(MvStatement.Create s) {
        Query q = s.query();
        if (!q.with().isEmpty() || !(q.body() instanceof QueryBody.QuerySpec spec)) {
            throw invalid("The materialized view only support one table in from clause.");
        }
        if (spec.from() instanceof Relation.LateralView) {
            throw invalid("The lateral view clause is not supported in add materialized view clause");
        }
        if (spec.from() instanceof Relation.SubqueryRelation) {
            throw invalid("table in from clause is invalid, please check if it's single table and not sub-query");
        }
        if (!(spec.from() instanceof Relation.TableRef ref) || ref.incr() != null || !ref.partitions().isEmpty()) {
            throw invalid("The materialized view only support one table in from clause.");
        }
        return ref;
    }

    /**
     * The rollup {@code s} defines on {@code base} (its id, state and time are the caller's), or a
     * failure with Doris's message for the first limit the definition breaks.
     */
    /**
     * {@code baseNames}: Doris's older ADD ROLLUP, whose columns are the table's own, under their names;
     * CREATE MATERIALIZED VIEW names its columns apart from the table's and its other MVs' (seed 004).
     */
    static RollupMeta analyze(StatementContext ctx, MvStatement.Create s, TableMeta base, long id, boolean baseNames) {
        if (base.kind() != TableKind.TABLE) {
            throw invalid("The materialized view only support olap table.");
        }
        if (!s.properties().isEmpty()) {
            throw invalid("Synchronous materialized views take no properties: " + String.join(", ", s.properties().keySet()));
        }
        Query q = s.query();
        QueryBody.QuerySpec spec = (QueryBody.QuerySpec) q.body();
        if (q.limit() != null) {
            throw invalid("The limit clause is not supported in add materialized view clause, expr: limit " + q.limit().count());
        }
        if (spec.having() != null) {
            throw invalid("The having clause is not supported in add materialized view clause, expr:" + SqlFormatter.format(spec.having()));
        }
        if (spec.distinct()) {
            throw invalid("The materialized view does not support SELECT DISTINCT; use GROUP BY");
        }
        List<Expr> exprs = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (QueryBody.SelectItem item : spec.select()) {
            if (!(item instanceof QueryBody.SingleColumn c)) {
                throw invalid("The materialized view not support select star");
            }
            exprs.add(c.expr());
            aliases.add(c.alias());
        }
        int firstAggregate = -1;
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < exprs.size(); i++) {
            Expr e = exprs.get(i);
            String text = SqlFormatter.format(e);
            if (hasWindow(e)) {
                throw invalid("The materialized view only support the single column or function expr. Error column: " + text);
            }
            if (!hasColumn(e)) {
                throw invalid("The materialized view contain constant expr is disallowed, expr: " + text);
            }
            if (!seen.add(text.toLowerCase(Locale.ROOT))) {
                throw invalid("The select expr is duplicated.");
            }
            for (String column : columnsOf(e)) {
                ColumnMeta c = base.column(column);
                if (c != null && c.autoIncrement()) {
                    throw invalid("The materialized view can not involved auto increment column");
                }
            }
            boolean aggregate = isAggregate(e);
            if (!aggregate && containsAggregate(e)) {
                throw invalid("The materialized view's expr calculations cannot be included outside aggregate functions, expr: " + text);
            }
            if (aggregate) {
                firstAggregate = firstAggregate < 0 ? i : firstAggregate;
            } else if (firstAggregate >= 0) {
                throw invalid("The aggregate column should be after none agg column");
            }
        }
        int keyCount = firstAggregate < 0 ? exprs.size() : firstAggregate;
        boolean aggregated = firstAggregate >= 0 || spec.groupBy() != null;
        if (aggregated && keyCount == 0) {
            throw invalid("The materialized view must contain at least one key column");
        }
        if (spec.where() != null) {
            if (!ExprTree.subqueries(spec.where()).isEmpty()) {
                throw invalid("The where clause of a materialized view can not contain a subquery");
            }
            if (containsAggregate(spec.where())) {
                throw invalid("The where clause contained aggregate column is not supported, expr is " + SqlFormatter.format(spec.where()));
            }
        }
        if (spec.groupBy() != null) {
            checkGroupBy(spec.groupBy(), exprs, keyCount);
        }
        // Bound as a query, the definition gets its column names and types, and its name and type errors.
        QueryBinder.Result bound = QueryBinder.bind(ctx, q.orderBy().isEmpty() ? q : new Query(q.with(), q.body(), List.of(), null));
        List<PlanColumn> outputs = bound.plan().outputs();
        List<String> nondeterministic = MvDefinition.lineage(bound).nondeterministicFunctions();
        if (!nondeterministic.isEmpty()) {
            throw invalid("The materialized view contain " + nondeterministic.get(0) + " is disallowed");
        }
        KeyModel model = model(base, aggregated, exprs, keyCount);
        List<String> names = names(base, outputs, aliases, baseNames);
        List<ColumnMeta> columns = new ArrayList<>();
        List<String> defines = new ArrayList<>();
        // A UNIQUE table's rollup keeps the table's key, whose columns come first.
        int keys = keyColumns(q.orderBy(), exprs, aliases, names, outputs, model,
                model == KeyModel.UNIQUE ? base.keyColumns().size() : keyCount);
        for (int i = 0; i < exprs.size(); i++) {
            PlanColumn out = outputs.get(i);
            Expr e = exprs.get(i);
            AggregationType aggregation = null;
            if (i >= keyCount) {
                aggregation = aggregation(base, (Expr.FunctionCall) e);
            }
            boolean key = i < keys;
            if (key && (out.type().kind() == TypeKind.FLOAT || out.type().kind() == TypeKind.DOUBLE)) {
                throw invalid(i == 0 ? "The first column could not be float or double type, use decimal instead"
                        : "Do not support float/double type on key column, you can change it to decimal");
            }
            columns.add(new ColumnMeta(names.get(i), out.type(), out.nullable(), key, model == KeyModel.DUPLICATE ? null : aggregation,
                    false, null, null, null, ""));
            defines.add(SqlFormatter.format(e));
        }
        if (model == KeyModel.DUPLICATE && spec.where() == null && sameAsBase(base, columns, defines)) {
            throw invalid("MV same with base table is useless.");
        }
        String alias = ((Relation.TableRef) spec.from()).alias();
        return new RollupMeta(id, s.name().name(), model, columns, defines,
                spec.where() == null ? null : SqlFormatter.format(spec.where()), alias, s.queryText(),
                RollupMeta.State.BUILDING, System.currentTimeMillis());
    }

    private static KeyModel model(TableMeta base, boolean aggregated, List<Expr> exprs, int keyCount) {
        switch (base.keyModel()) {
            case UNIQUE, PRIMARY -> {
                if (aggregated) {
                    throw invalid("The materialized view of unique table must not has grouping columns");
                }
                boolean valueSeen = false;
                Set<String> present = new HashSet<>();
                for (Expr e : exprs) {
                    ColumnMeta c = plainColumn(base, e);
                    if (c == null) {
                        throw invalid("The materialized view of unique table can only reorder columns, expr: " + SqlFormatter.format(e));
                    }
                    if (c.key() && valueSeen) {
                        throw invalid("The materialized view not support value column before key column");
                    }
                    valueSeen |= !c.key();
                    present.add(c.name().toLowerCase(Locale.ROOT));
                }
                for (ColumnMeta k : base.keyColumns()) {
                    if (!present.contains(k.name().toLowerCase(Locale.ROOT))) {
                        throw invalid("The materialized view of uniq table must contain all key columns. column:" + k.name());
                    }
                }
                return KeyModel.UNIQUE;
            }
            case AGGREGATE -> {
                for (int i = 0; i < keyCount; i++) {
                    for (String column : columnsOf(exprs.get(i))) {
                        ColumnMeta c = base.column(column);
                        if (c != null && !c.key()) {
                            throw invalid("The mvItem[" + column + "]'s isKey must same with all slot, mvItem.isKey=true");
                        }
                    }
                }
                return KeyModel.AGGREGATE;
            }
            default -> {
                return aggregated ? KeyModel.AGGREGATE : KeyModel.DUPLICATE;
            }
        }
    }

    /** GROUP BY lists plain expressions, each a select item, and every plain select item is grouped. */
    private static void checkGroupBy(QueryBody.GroupBy groupBy, List<Expr> exprs, int keyCount) {
        Set<String> grouped = new HashSet<>();
        for (QueryBody.GroupingElement element : groupBy.elements()) {
            if (!(element instanceof QueryBody.SimpleGroupBy)) {
                throw invalid("The materialized view does not support GROUPING SETS, ROLLUP or CUBE");
            }
            for (Expr g : element.exprs()) {
                String text = SqlFormatter.format(g);
                boolean selected = exprs.subList(0, keyCount).stream().anyMatch(e -> SqlFormatter.format(e).equalsIgnoreCase(text));
                if (!selected) {
                    throw invalid("The group expr " + text + " not in select list");
                }
                grouped.add(text.toLowerCase(Locale.ROOT));
            }
        }
        for (int i = 0; i < keyCount; i++) {
            String text = SqlFormatter.format(exprs.get(i));
            if (!grouped.contains(text.toLowerCase(Locale.ROOT))) {
                throw invalid("The select expr " + text + " not in grouping or aggregate columns");
            }
        }
    }

    /**
     * How many leading columns are the key: those of ORDER BY (a prefix of the select list, all the
     * grouped ones of an aggregating rollup), else every plain column of an aggregating rollup, the
     * base's keys of a UNIQUE one, or Doris's short key of a DUPLICATE one.
     */
    private static int keyColumns(List<OrderItem> orderBy, List<Expr> exprs, List<String> aliases, List<String> names,
                                  List<PlanColumn> outputs, KeyModel model, int keyCount) {
        if (!orderBy.isEmpty()) {
            if (orderBy.size() > exprs.size()) {
                throw invalid("The number of columns in order clause must be less than the number of columns in select clause");
            }
            for (int i = 0; i < orderBy.size(); i++) {
                Expr o = orderBy.get(i).expr();
                String text = SqlFormatter.format(o);
                boolean same = text.equalsIgnoreCase(SqlFormatter.format(exprs.get(i)))
                        || o instanceof Expr.Identifier id && id.parts().size() == 1
                        && (id.parts().get(0).equalsIgnoreCase(names.get(i)) || id.parts().get(0).equalsIgnoreCase(aliases.get(i)));
                if (!same) {
                    throw invalid("The order of columns in order by clause must be same as the order of columns in select list, "
                            + SqlFormatter.format(exprs.get(i)) + " vs " + text);
                }
            }
            if (model == KeyModel.AGGREGATE && orderBy.size() != keyCount) {
                throw invalid("The key of columns in mv must be all of group by columns");
            }
            if (model == KeyModel.UNIQUE && orderBy.size() != keyCount) {
                throw invalid("The key of columns in mv must be all of the table's key columns");
            }
            return orderBy.size();
        }
        if (model != KeyModel.DUPLICATE) {
            return keyCount;
        }
        int keys = 0;
        int bytes = 0;
        for (PlanColumn c : outputs) {
            TypeKind kind = c.type().kind();
            boolean floating = kind == TypeKind.FLOAT || kind == TypeKind.DOUBLE;
            if (keys == SHORT_KEY_COLUMNS || floating && keys > 0) {
                break;
            }
            keys++;
            bytes += width(c.type());
            if (kind.isString() || bytes >= SHORT_KEY_BYTES) {
                break;
            }
        }
        return Math.max(keys, 1);
    }

    private static int width(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN, TINYINT -> 1;
            case SMALLINT -> 2;
            case INT, FLOAT, DATE -> 4;
            case BIGINT, DOUBLE, DATETIME -> 8;
            case LARGEINT, DECIMAL -> 16;
            default -> SHORT_KEY_BYTES;
        };
    }

    /** A value column's aggregation; on an AGGREGATE table, the aggregated column's own. */
    private static AggregationType aggregation(TableMeta base, Expr.FunctionCall call) {
        String name = call.name().toLowerCase(Locale.ROOT);
        // <agg>_union(..) keeps the states of <agg>, merged as an agg_state column merges them.
        String merged = AggregateStates.mergedBy(name);
        AggregationType stored = merged != null && name.endsWith("_union") ? AggregationType.GENERIC : STORED.get(name);
        if (stored == null || call.distinct()) {
            throw invalid("The materialized view does not support aggregate function " + SqlFormatter.format(call)
                    + "; it stores sum, min, max, count, bitmap_union, hll_union and <agg>_union of states");
        }
        if (!name.equals("count") && (call.args().size() != 1 || call.args().get(0) instanceof Expr.Star)) {
            throw invalid("The materialized view does not support aggregate function " + SqlFormatter.format(call));
        }
        if (stored == AggregationType.BITMAP_UNION || stored == AggregationType.HLL_UNION) {
            TypeKind needed = stored == AggregationType.BITMAP_UNION ? TypeKind.BITMAP : TypeKind.HLL;
            String input = inputType(base, call.args().get(0), needed);
            if (input != null) {
                throw invalid(stored + " need input a " + needed.name().toLowerCase(Locale.ROOT) + " column, but input " + input);
            }
        }
        if (base.keyModel() == KeyModel.AGGREGATE) {
            ColumnMeta c = call.args().isEmpty() ? null : plainColumn(base, call.args().get(0));
            if (c == null) {
                throw invalid("Aggregate function require single slot argument, invalid argument is: " + SqlFormatter.format(call));
            }
            if (c.key()) {
                throw invalid("The mvItem[" + c.name() + "]'s isKey must same with all slot, mvItem.isKey=false");
            }
            if (c.aggregation() != stored) {
                throw invalid("Aggregate function require same with slot aggregate type, input: " + stored + ", required: " + c.aggregation());
            }
        }
        return stored;
    }

    /**
     * Each column's name: its alias, or the name the query gives it; none may be a column of the table or
     * of one of its other rollups (an alias resolves a clash).
     */
    private static List<String> names(TableMeta base, List<PlanColumn> outputs, List<String> aliases, boolean baseNames) {
        Set<String> taken = new HashSet<>();
        if (!baseNames) {
            base.columns().forEach(c -> taken.add(c.name().toLowerCase(Locale.ROOT)));
            base.rollups().forEach(r -> r.columns().forEach(c -> taken.add(c.name().toLowerCase(Locale.ROOT))));
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            String name = aliases.get(i) != null ? aliases.get(i) : outputs.get(i).name();
            if (!taken.add(name.toLowerCase(Locale.ROOT))) {
                throw new CairnException(ErrorCode.DUPLICATE_COLUMN, "Duplicate column name '" + name
                        + "': a column of a synchronous materialized view must not be named as a column of its table or of its"
                        + " table's other materialized views; give it an alias");
            }
            names.add(name);
        }
        return names;
    }

    private static boolean sameAsBase(TableMeta base, List<ColumnMeta> columns, List<String> defines) {
        if (columns.size() != base.columns().size()) {
            return false;
        }
        for (int i = 0; i < columns.size(); i++) {
            if (!defines.get(i).equalsIgnoreCase(base.columns().get(i).name()) || columns.get(i).key() != base.columns().get(i).key()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Null when {@code arg} gives a value of kind {@code needed}: a column of that type or a call of a
     * function that returns one; else what it gives instead.
     */
    private static String inputType(TableMeta base, Expr arg, TypeKind needed) {
        ColumnMeta c = plainColumn(base, arg);
        if (c != null) {
            return c.type().kind() == needed ? null : c.type().toSql();
        }
        if (arg instanceof Expr.FunctionCall f) {
            String name = f.name().toLowerCase(Locale.ROOT);
            boolean gives = needed == TypeKind.BITMAP ? name.startsWith("to_bitmap") || name.startsWith("bitmap_")
                    : name.startsWith("hll_");
            return gives ? null : SqlFormatter.format(arg);
        }
        return SqlFormatter.format(arg);
    }

    /** The table column {@code e} is, when it is a bare column reference. */
    private static ColumnMeta plainColumn(TableMeta base, Expr e) {
        return e instanceof Expr.Identifier id ? base.column(id.parts().get(id.parts().size() - 1)) : null;
    }

    private static boolean isAggregate(Expr e) {
        return e instanceof Expr.FunctionCall f && f.over() == null
                && FunctionRegistry.instance().kind(f.name().toLowerCase(Locale.ROOT)) == FunctionKind.AGGREGATE;
    }

    private static boolean containsAggregate(Expr e) {
        return isAggregate(e) || ExprTree.children(e).stream().anyMatch(RollupDefinition::containsAggregate);
    }

    private static boolean hasWindow(Expr e) {
        return e instanceof Expr.FunctionCall f && f.over() != null || ExprTree.children(e).stream().anyMatch(RollupDefinition::hasWindow);
    }

    private static boolean hasColumn(Expr e) {
        return e instanceof Expr.Identifier || e instanceof Expr.Star
                || ExprTree.children(e).stream().anyMatch(RollupDefinition::hasColumn);
    }

    private static List<String> columnsOf(Expr e) {
        List<String> out = new ArrayList<>();
        collectColumns(e, out);
        return out;
    }

    private static void collectColumns(Expr e, List<String> out) {
        if (e instanceof Expr.Identifier id) {
            out.add(id.parts().get(id.parts().size() - 1));
        }
        ExprTree.children(e).forEach(c -> collectColumns(c, out));
    }

    private static CairnException invalid(String message) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, message);
    }
}
