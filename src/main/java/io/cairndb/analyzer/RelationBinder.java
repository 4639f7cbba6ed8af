package io.cairndb.analyzer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Binds the items of a FROM clause: tables, views, CTEs, subqueries, table functions and joins. */
final class RelationBinder {
    /** A bound FROM item: its plan and the fields its names expose. */
    record Bound(PlanNode node, List<BindScope.Field> fields) {
    }

    private final QueryBinder queries;
    private final BindScope outer;

    RelationBinder(QueryBinder queries, BindScope outer) {
        this.queries = queries;
        this.outer = outer;
    }

    Bound bind(Relation r) {
        if (r instanceof Relation.TableRef ref) {
            return tableRef(ref);
        } else if (r instanceof Relation.SubqueryRelation sub) {
            PlanNode plan = queries.query(sub.query(), null);
            return new Bound(plan, fields(plan, sub.alias(), sub.columnAliases()));
        } else if (r instanceof Relation.Join join) {
            return join(join);
        } else if (r instanceof Relation.TableFunction fn) {
            return tableFunction(fn);
        }
        throw new Unbindable("LATERAL VIEW");
    }

    /** The fields of a derived table: its output columns under {@code names} (or their own names). */
    private static List<BindScope.Field> fields(PlanNode plan, String qualifier, List<String> names) {
        List<PlanColumn> outputs = plan.outputs();
        if (names.size() > outputs.size()) {
            throw new Unbindable("more column names than columns");
        }
        List<BindScope.Field> out = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            String name = i < names.size() ? names.get(i) : outputs.get(i).name();
            out.add(new BindScope.Field(qualifier, name, outputs.get(i)));
        }
        return out;
    }

    private Bound tableRef(Relation.TableRef ref) {
        StatementContext ctx = queries.context();
        String qualifier = ref.alias() != null ? ref.alias() : ref.name().name();
        boolean plainName = ref.name().database() == null && ref.incr() == null && ref.partitions().isEmpty();
        if (plainName) {
            PlanNode cte = queries.cte(ref.name().name());
            if (cte != null) {
                return new Bound(cte, fields(cte, qualifier, queries.cteColumns(ref.name().name())));
            }
        }
        String db = ctx.databaseOf(ref.name());
        if (ref.incr() != null || ctx.systemTables().isSystemSchema(db) || ctx.catalog().table(db, ref.name().name()) == null) {
            // Changelog windows, streams and system tables are planned as SQL by the other path.
            throw new Unbindable("@incr, stream or system table");
        }
        TableMeta t = ctx.table(ref.name());
        if (t.isView()) {
            if (!ref.partitions().isEmpty()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Only OLAP tables support PARTITION: " + t.name() + " is a view");
            }
            PlanNode plan = queries.view(t);
            return new Bound(plan, fields(plan, qualifier, t.columnNames()));
        }
        if (ref.temporaryPartitions()) {
            PartitionResolver.requireAll(TemporaryPartitionTable.of(t), ref.partitions());
        } else {
            PartitionResolver.requireAll(t, ref.partitions());
        }
        List<String> hidden = HiddenColumns.excluded(ctx.session(), t);
        List<PlanColumn> outputs = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        List<BindScope.Field> fields = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            PlanColumn column = queries.newColumn(c.name(), c.type(), c.nullable());
            outputs.add(column);
            columns.add(c.name());
            fields.add(new BindScope.Field(qualifier, c.name(), column, !hidden.contains(c.name()), true));
        }
        PlanNode.TableSource source = new PlanNode.TableSource(t.id(), t.database(), t.name(),
                t.kind() == TableKind.MATERIALIZED_VIEW);
        return new Bound(new PlanNode.Scan(source, outputs, columns, ref.partitions(), ref.temporaryPartitions()), fields);
    }

    private Bound tableFunction(Relation.TableFunction fn) {
        if (!fn.name().equalsIgnoreCase("numbers") || !fn.args().isEmpty()) {
            throw new Unbindable("table function " + fn.name());
        }
        long count = TableFunctions.numberCount(fn.properties());
        PlanColumn number = queries.newColumn("number", DataType.BIGINT, false);
        PlanNode node = new PlanNode.TableFunction("numbers", Map.of("number", Long.toString(count)), List.of(),
                List.of(number));
        String qualifier = fn.alias() != null ? fn.alias() : fn.name();
        return new Bound(node, fields(node, qualifier, fn.columnAliases()));
    }

    private Bound join(Relation.Join join) {
        boolean swap = join.type() == Relation.JoinType.RIGHT_SEMI || join.type() == Relation.JoinType.RIGHT_ANTI;
        Bound left = bind(swap ? join.right() : join.left());
        Bound right = bind(swap ? join.left() : join.right());
        PlanNode.JoinKind kind = switch (join.type()) {
            case INNER, CROSS -> join.on() == null && join.using().isEmpty() ? PlanNode.JoinKind.CROSS : PlanNode.JoinKind.INNER;
            case LEFT -> PlanNode.JoinKind.LEFT;
            case RIGHT -> PlanNode.JoinKind.RIGHT;
            case FULL -> PlanNode.JoinKind.FULL;
            case LEFT_SEMI, RIGHT_SEMI -> PlanNode.JoinKind.LEFT_SEMI;
            case LEFT_ANTI, RIGHT_ANTI -> PlanNode.JoinKind.LEFT_ANTI;
        };
        List<BindScope.Field> both = new ArrayList<>(left.fields());
        both.addAll(right.fields());
        ScalarExpr condition;
        List<BindScope.Field> rightFields = right.fields();
        if (!join.using().isEmpty()) {
            if (kind == PlanNode.JoinKind.RIGHT || kind == PlanNode.JoinKind.FULL || swap) {
                throw new Unbindable("USING in a right or full join");
            }
            condition = using(join.using(), left.fields(), right.fields());
            rightFields = right.fields().stream().map(f -> join.using().stream().anyMatch(u -> u.equalsIgnoreCase(f.name()))
                    ? new BindScope.Field(f.qualifier(), f.name(), f.column(), false, false) : f).toList();
        } else if (join.on() != null) {
            condition = new ExpressionBinder(queries, new BindScope(both, outer), null).bind(join.on());
        } else {
            condition = kind == PlanNode.JoinKind.CROSS ? null : new ScalarExpr.Literal(DataType.BOOLEAN, true);
        }
        PlanNode.Join node = new PlanNode.Join(kind, left.node(), right.node(), condition);
        List<BindScope.Field> fields = new ArrayList<>();
        boolean leftNullable = kind == PlanNode.JoinKind.RIGHT || kind == PlanNode.JoinKind.FULL;
        boolean rightNullable = kind == PlanNode.JoinKind.LEFT || kind == PlanNode.JoinKind.FULL;
        left.fields().forEach(f -> fields.add(leftNullable ? f.withColumn(f.column().asNullable()) : f));
        if (kind.keepsRight()) {
            rightFields.forEach(f -> fields.add(rightNullable ? f.withColumn(f.column().asNullable()) : f));
        }
        return new Bound(node, fields);
    }

    /** {@code USING (a, b)}: equalities of the same-named columns of both sides. */
    private static ScalarExpr using(List<String> names, List<BindScope.Field> left, List<BindScope.Field> right) {
        ScalarExpr condition = null;
        for (String name : names) {
            PlanColumn l = BindScope.of(left).local(new Expr.Identifier(List.of(name)));
            PlanColumn r = BindScope.of(right).local(new Expr.Identifier(List.of(name)));
            if (l == null || r == null) {
                throw new Unbindable("USING column missing: " + name.toLowerCase(Locale.ROOT));
            }
            ScalarExpr eq = new ScalarExpr.Call(Operator.EQ.function(), List.of(l.ref(), r.ref()), DataType.BOOLEAN,
                    l.nullable() || r.nullable());
            condition = condition == null ? eq : new ScalarExpr.Call(Operator.AND.function(), List.of(condition, eq),
                    DataType.BOOLEAN, condition.nullable() || eq.nullable());
        }
        return condition;
    }
}
