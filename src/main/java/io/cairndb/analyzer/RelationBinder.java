package io.cairndb.analyzer;

import io.cairndb.catalog.Access;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogTables;
import io.cairndb.changelog.IncrPlanner;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.engine.QueryShape;
import io.cairndb.engine.ResultColumn;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.error.UnknownNames;
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

    /** The engine's row identifier, which every table has. */
    private static final String ROW_ID = "rowid";

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
        return lateralView((Relation.LateralView) r);
    }

    /** {@code LATERAL VIEW [OUTER] generator(args) alias AS c1, ..}: a Generate node over the source. */
    private Bound lateralView(Relation.LateralView view) {
        Bound source = bind(view.source());
        String name = view.generator().name().toLowerCase(Locale.ROOT);
        List<ScalarExpr> args = new ExpressionBinder(queries, new BindScope(source.fields(), outer), null)
                .bindAll(view.generator().args());
        List<DataType> types = GeneratorTypes.of(name, args);
        if (types.size() != view.columns().size()) {
            throw QueryErrors.wrong("LATERAL VIEW " + name + " produces " + types.size() + " column(s) but "
                    + view.columns().size() + " name(s) are given");
        }
        List<PlanColumn> generated = new ArrayList<>();
        List<BindScope.Field> fields = new ArrayList<>(source.fields());
        for (int i = 0; i < types.size(); i++) {
            PlanColumn c = queries.newColumn(view.columns().get(i), types.get(i), true);
            generated.add(c);
            fields.add(new BindScope.Field(view.alias(), c.name(), c));
        }
        return new Bound(new PlanNode.Generate(source.node(), name, args, view.outer(), generated), fields);
    }

    /** The fields of a derived table: its output columns under {@code names} (or their own names). */
    private static List<BindScope.Field> fields(PlanNode plan, String qualifier, List<String> names) {
        List<PlanColumn> outputs = plan.outputs();
        if (names.size() > outputs.size()) {
            throw QueryErrors.wrong("The derived table " + qualifier + " has " + outputs.size() + " column(s) but "
                    + names.size() + " column name(s) are given");
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
        if (ctx.systemTables().isSystemSchema(db)) {
            return systemTable(ref, db, qualifier);
        }
        if (ctx.catalog().table(db, ref.name().name()) == null) {
            StreamMeta stream = ctx.stream(ref.name());
            if (stream == null) {
                ctx.table(ref.name());
            }
            requireSelect(db, stream.name());
            return streamRead(ref, stream, qualifier);
        }
        TableMeta t = ctx.table(ref.name());
        requireSelect(db, t.name());
        if (ref.incr() != null) {
            return changelogWindow(ref, t, qualifier);
        }
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
        Leaf leaf = tableColumns(t, qualifier);
        if (queries.exposesRowColumns()) {
            addHidden(leaf, qualifier, List.of(ROW_ID), List.of(DataType.BIGINT));
            if (ChangelogTables.tracked(t)) {
                addHidden(leaf, qualifier, List.of(ChangelogTables.ROW_TSO, ChangelogTables.ROW_SINCE),
                        List.of(DataType.BIGINT, DataType.BIGINT));
            }
        }
        return new Bound(new PlanNode.Scan(source(t), leaf.outputs, leaf.columns, ref.partitions(), ref.temporaryPartitions()),
                leaf.fields);
    }

    /** Reading a table, view, MV or stream by name needs SELECT_PRIV on it (not on what a view reads). */
    private void requireSelect(String db, String name) {
        if (!queries.insideView()) {
            queries.context().access().require(Access.SELECT, db, name);
        }
    }

    /** The columns a leaf node produces, their source names and the fields that name them. */
    private record Leaf(List<PlanColumn> outputs, List<String> columns, List<BindScope.Field> fields) {
        Leaf() {
            this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }

        void add(PlanColumn column, String source, BindScope.Field field) {
            outputs.add(column);
            columns.add(source);
            fields.add(field);
        }
    }

    /** A table's columns; hidden ones (the sequence column) are left out of {@code *}. */
    private Leaf tableColumns(TableMeta t, String qualifier) {
        List<String> hidden = HiddenColumns.excluded(queries.context().session(), t);
        Leaf leaf = new Leaf();
        for (ColumnMeta c : t.columns()) {
            PlanColumn column = queries.newColumn(c.name(), c.type(), c.nullable());
            leaf.add(column, c.name(), new BindScope.Field(qualifier, c.name(), column, !hidden.contains(c.name()), true));
        }
        return leaf;
    }

    /** Columns only a name selects (the hidden change columns), never {@code *}. */
    private void addHidden(Leaf leaf, String qualifier, List<String> names, List<DataType> types) {
        for (int i = 0; i < names.size(); i++) {
            PlanColumn column = queries.newColumn(names.get(i), types.get(i), false);
            leaf.add(column, names.get(i), new BindScope.Field(qualifier, names.get(i), column, false, true));
        }
    }

    private static PlanNode.TableSource source(TableMeta t) {
        return new PlanNode.TableSource(t.id(), t.database(), t.name(), t.kind() == TableKind.MATERIALIZED_VIEW);
    }

    /** {@code t@incr(..)}: the table's changes in a commit-time window, with the changelog columns. */
    private Bound changelogWindow(Relation.TableRef ref, TableMeta t, String qualifier) {
        if (t.isView() || ref.temporaryPartitions()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "INCR query requires changelog enabled on base table.");
        }
        Leaf leaf = tableColumns(t, qualifier);
        addHidden(leaf, qualifier, IncrPlanner.HIDDEN_COLUMNS, List.of(DataType.TINYINT, DataType.BIGINT, DataType.BIGINT));
        return new Bound(new PlanNode.ChangeScan(source(t), ref.incr(), null, leaf.outputs, leaf.columns, ref.partitions()),
                leaf.fields);
    }

    /** A stream: the unconsumed changes of its table, with the stream columns. */
    private Bound streamRead(Relation.TableRef ref, StreamMeta stream, String qualifier) {
        TableMeta t = queries.context().catalog().tableById(stream.tableDatabase(), stream.tableId());
        if (ref.incr() != null || !ref.partitions().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "A stream can not be read with @incr or PARTITION: " + stream.name());
        }
        if (t == null) {
            throw new CairnException(ErrorCode.NO_SUCH_TABLE, "The base table of stream " + stream.name() + " no longer exists");
        }
        Leaf leaf = tableColumns(t, qualifier);
        addHidden(leaf, qualifier, StreamPlanner.HIDDEN_COLUMNS, List.of(DataType.STRING, DataType.LARGEINT));
        PlanNode.ChangeScan scan = new PlanNode.ChangeScan(source(t), null, List.of(stream.database(), stream.name()),
                leaf.outputs, leaf.columns, List.of());
        return new Bound(scan, leaf.fields);
    }

    /** A system table: its columns are those of the rows the system supplies for it. */
    private Bound systemTable(Relation.TableRef ref, String db, String qualifier) {
        if (ref.incr() != null || !ref.partitions().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "A system table can not be read with @incr or PARTITION: "
                    + ref.name().name());
        }
        String item = queries.context().systemTables().fromItem(queries.context(), db, ref.name().name());
        if (item == null) {
            throw new CairnException(ErrorCode.NO_SUCH_TABLE, "Table [" + ref.name().name() + "] does not exist in database ["
                    + db + "].");
        }
        return systemScan(db, ref.name().name(), false, Map.of(), item, qualifier);
    }

    private Bound systemScan(String db, String name, boolean function, Map<String, String> properties, String item,
                             String qualifier) {
        StatementContext ctx = queries.context();
        Leaf leaf = new Leaf();
        for (ResultColumn c : QueryShape.columns(ctx.txn().connection(), "SELECT * FROM " + item)) {
            PlanColumn column = queries.newColumn(c.name(), c.type(), true);
            leaf.add(column, c.name(), new BindScope.Field(qualifier, c.name(), column));
        }
        return new Bound(new PlanNode.SystemScan(db, name, function, properties, leaf.outputs, leaf.columns), leaf.fields);
    }

    private Bound tableFunction(Relation.TableFunction fn) {
        if (!fn.args().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Table function " + fn.name()
                    + " takes properties (\"key\" = \"value\", ..), not arguments");
        }
        String qualifier = fn.alias() != null ? fn.alias() : fn.name();
        if (!fn.name().equalsIgnoreCase("numbers")) {
            if (!fn.columnAliases().isEmpty()) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Table function " + fn.name()
                    + " names its own columns: alias them in the select list");
            }
            String item = TableFunctions.sql(fn, queries.context());
            return systemScan(null, fn.name().toLowerCase(Locale.ROOT), true, fn.properties(), item, qualifier);
        }
        long count = TableFunctions.numberCount(fn.properties());
        PlanColumn number = queries.newColumn("number", DataType.BIGINT, false);
        PlanNode node = new PlanNode.TableFunction("numbers", Map.of("number", Long.toString(count)), List.of(),
                List.of(number));
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
        List<BindScope.Field> leftFields = left.fields();
        List<BindScope.Field> rightFields = right.fields();
        if (!join.using().isEmpty()) {
            condition = using(join.using(), left.fields(), right.fields());
            if (kind == PlanNode.JoinKind.FULL) {
                return fullUsing(join.using(), left, right, condition);
            }
            // The column of a USING pair that a bare name finds is the preserved side's; the other only
            // qualified. A semi or anti join keeps one side only (the probing one, also when swapped).
            if (kind == PlanNode.JoinKind.RIGHT) {
                leftFields = unnamed(left.fields(), join.using());
            } else {
                rightFields = unnamed(right.fields(), join.using());
            }
        } else if (join.on() != null) {
            // The engine words a misplaced aggregate in ON as one in WHERE; so does the binder.
            condition = new ExpressionBinder(queries, new BindScope(both, outer), null, ExpressionBinder.Clause.WHERE)
                    .bind(join.on());
        } else {
            condition = kind == PlanNode.JoinKind.CROSS ? null : new ScalarExpr.Literal(DataType.BOOLEAN, true);
        }
        PlanNode.Join node = new PlanNode.Join(kind, left.node(), right.node(), condition);
        List<BindScope.Field> fields = new ArrayList<>();
        boolean leftNullable = kind == PlanNode.JoinKind.RIGHT || kind == PlanNode.JoinKind.FULL;
        boolean rightNullable = kind == PlanNode.JoinKind.LEFT || kind == PlanNode.JoinKind.FULL;
        leftFields.forEach(f -> fields.add(leftNullable ? f.withColumn(f.column().asNullable()) : f));
        if (kind.keepsRight()) {
            rightFields.forEach(f -> fields.add(rightNullable ? f.withColumn(f.column().asNullable()) : f));
        }
        return new Bound(node, fields);
    }

    /**
     * A FULL JOIN .. USING (a, ..): each USING column, by its bare name and first in {@code *}, is the
     * value of whichever side has a row, as in MySQL and Doris (COALESCE of both sides); each side's
     * own column stays reachable qualified.
     */
    private Bound fullUsing(List<String> using, Bound left, Bound right, ScalarExpr condition) {
        PlanNode.Join node = new PlanNode.Join(PlanNode.JoinKind.FULL, left.node(), right.node(), condition);
        List<PlanNode.Assignment> assignments = new ArrayList<>();
        node.outputs().forEach(c -> assignments.add(new PlanNode.Assignment(c, c.ref())));
        List<BindScope.Field> fields = new ArrayList<>();
        for (String name : using) {
            PlanColumn l = BindScope.of(left.fields()).local(new Expr.Identifier(List.of(name))).asNullable();
            PlanColumn r = BindScope.of(right.fields()).local(new Expr.Identifier(List.of(name))).asNullable();
            if (!l.type().equals(r.type())) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "USING (" + name + ") in a FULL JOIN of a " + l.type() + " and a "
                        + r.type() + " column: write the condition with ON");
            }
            PlanColumn merged = queries.newColumn(l.name(), l.type(), true);
            assignments.add(new PlanNode.Assignment(merged, new ScalarExpr.Call("coalesce", List.of(l.ref(), r.ref()), l.type(),
                    true)));
            fields.add(new BindScope.Field(null, l.name(), merged));
        }
        unnamed(left.fields(), using).forEach(f -> fields.add(f.withColumn(f.column().asNullable())));
        unnamed(right.fields(), using).forEach(f -> fields.add(f.withColumn(f.column().asNullable())));
        return new Bound(new PlanNode.Project(node, assignments), fields);
    }

    /** The fields with the USING columns hidden from bare names and {@code *}. */
    private static List<BindScope.Field> unnamed(List<BindScope.Field> fields, List<String> using) {
        return fields.stream().map(f -> using.stream().anyMatch(u -> u.equalsIgnoreCase(f.name()))
                ? new BindScope.Field(f.qualifier(), f.name(), f.column(), false, false) : f).toList();
    }

    /** {@code USING (a, b)}: equalities of the same-named columns of both sides. */
    private static ScalarExpr using(List<String> names, List<BindScope.Field> left, List<BindScope.Field> right) {
        ScalarExpr condition = null;
        for (String name : names) {
            PlanColumn l = BindScope.of(left).local(new Expr.Identifier(List.of(name)));
            PlanColumn r = BindScope.of(right).local(new Expr.Identifier(List.of(name)));
            if (l == null || r == null) {
                throw UnknownNames.column(name, null);
            }
            ScalarExpr eq = new ScalarExpr.Call(Operator.EQ.function(), List.of(l.ref(), r.ref()), DataType.BOOLEAN,
                    l.nullable() || r.nullable());
            condition = condition == null ? eq : new ScalarExpr.Call(Operator.AND.function(), List.of(condition, eq),
                    DataType.BOOLEAN, condition.nullable() || eq.nullable());
        }
        return condition;
    }
}
