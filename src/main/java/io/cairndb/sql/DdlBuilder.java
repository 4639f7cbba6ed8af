package io.cairndb.sql;

import io.cairndb.catalog.AggregationType;
import io.cairndb.catalog.KeyModel;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.CairnSqlParser.*;
import io.cairndb.sql.tree.ColumnDef;
import io.cairndb.sql.tree.DistributionDesc;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.IndexDef;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.PartitionDesc;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static io.cairndb.sql.TreeValues.identifier;
import static io.cairndb.sql.TreeValues.identifiers;
import static io.cairndb.sql.TreeValues.partitionNames;
import static io.cairndb.sql.TreeValues.qualifiedName;
import static io.cairndb.sql.TreeValues.string;
import static io.cairndb.sql.TreeValues.stringOrNull;

/** Builds the DDL statements: databases, tables, views and ALTER TABLE. */
final class DdlBuilder extends CairnSqlBaseVisitor<Object> {
    private static final Set<String> STEP_UNITS = Set.of("DAY", "WEEK", "MONTH", "YEAR");

    private final AstBuilder ast;
    private final ExpressionBuilder expressions;

    DdlBuilder(AstBuilder ast, ExpressionBuilder expressions) {
        this.ast = ast;
        this.expressions = expressions;
    }

    // ------------------------------------------------------------ databases

    /** A catalog qualifier must be {@code internal}: {@code internal.db}. */
    @Override
    public Statement visitCreateDatabase(CreateDatabaseContext ctx) {
        return new Statement.CreateDatabase(TreeValues.databaseName(ctx.qualifiedName()), ctx.EXISTS() != null,
                properties(ctx.propertiesClause()));
    }

    @Override
    public Statement visitDropDatabase(DropDatabaseContext ctx) {
        return new Statement.DropDatabase(TreeValues.databaseName(ctx.qualifiedName()), ctx.EXISTS() != null,
                ctx.FORCE() != null);
    }

    // ------------------------------------------------------------ tables

    @Override
    public Statement visitCreateTableLike(CreateTableLikeContext ctx) {
        return new Statement.CreateTable(qualifiedName(ctx.name), ctx.EXISTS() != null, List.of(), null, null, null,
                null, Map.of(), null, qualifiedName(ctx.source), List.of());
    }

    @Override
    public Statement visitCreateTable(CreateTableContext ctx) {
        if (ctx.tableElement().isEmpty() && ctx.query() == null) {
            throw SyntaxErrors.at(ctx.stop, "CREATE TABLE needs column definitions or AS query");
        }
        // Doris's other engines (mysql, broker, hive, jdbc, ...) are tables whose rows live elsewhere.
        if (ctx.identifier() != null && !identifier(ctx.identifier()).equalsIgnoreCase("olap")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "ENGINE=" + identifier(ctx.identifier())
                    + " is not supported: tables here are OLAP tables, stored and queried by this server");
        }
        List<ColumnDef> columns = new java.util.ArrayList<>();
        List<IndexDef> indexes = new java.util.ArrayList<>();
        for (TableElementContext e : ctx.tableElement()) {
            if (e.indexDef() != null) {
                indexes.add(indexDef(e.indexDef()));
            } else if (e.columnDef() != null) {
                columns.add(columnDef(e.columnDef()));
            } else if (e.ctasColumn() != null) {
                if (ctx.query() == null) {
                    throw SyntaxErrors.at(e.ctasColumn().stop, "column " + e.ctasColumn().getText() + " needs a type");
                }
                // The type comes from the query's column.
                columns.add(new ColumnDef(TreeValues.identifier(e.ctasColumn().identifier()), null, null, null, false, null, null,
                        null, null));
            }
        }
        KeyDescContext key = ctx.keyDesc();
        Statement.KeyDesc keys = key == null ? null
                : new Statement.KeyDesc(KeyModel.valueOf(key.model.getText().toUpperCase(Locale.ROOT)),
                identifiers(key.identifierList()));
        for (TableElementContext e : ctx.tableElement()) {
            if (e.primaryKeyDef() != null) {
                checkRepeatsKey(e.primaryKeyDef(), keys);
            }
        }
        return new Statement.CreateTable(qualifiedName(ctx.qualifiedName()), ctx.EXISTS() != null, columns, keys,
                stringOrNull(ctx.comment), partitionDesc(ctx.partitionDesc()), distribution(ctx.distributionDesc()),
                properties(ctx.propertiesClause()), ctx.query() == null ? null : ast.query(ctx.query()), null, indexes);
    }

    private static IndexDef indexDef(IndexDefContext ctx) {
        return indexDef(ctx.identifier(), ctx.identifierList(), ctx.propertiesClause(), ctx.string());
    }

    /** {@code names} is the index's name, then its type when USING gives one. */
    private static IndexDef indexDef(List<IdentifierContext> names, IdentifierListContext columns, PropertiesClauseContext properties,
                                     StringContext comment) {
        return new IndexDef(identifier(names.get(0)), identifiers(columns), names.size() > 1 ? identifier(names.get(1)) : null,
                properties(properties), stringOrNull(comment));
    }

    @Override
    public Statement visitCreateIndex(CreateIndexContext ctx) {
        IndexDef index = indexDef(ctx.identifier(), ctx.identifierList(), ctx.propertiesClause(), ctx.string());
        return new Statement.AlterTable(qualifiedName(ctx.qualifiedName()), List.of(new Statement.AddIndex(index, ctx.EXISTS() != null)));
    }

    @Override
    public Statement visitDropIndex(DropIndexContext ctx) {
        return new Statement.AlterTable(qualifiedName(ctx.qualifiedName()),
                List.of(new Statement.DropIndex(identifier(ctx.identifier()), ctx.EXISTS() != null)));
    }

    /**
     * A PRIMARY KEY line in the column list only repeats the key of a UNIQUE, PRIMARY or AGGREGATE KEY
     * table: the model comes from the key clause, which a MySQL line cannot choose.
     */
    private static void checkRepeatsKey(PrimaryKeyDefContext line, Statement.KeyDesc keys) {
        List<String> columns = identifiers(line.identifierList());
        if (keys == null || keys.model() == KeyModel.DUPLICATE) {
            throw SyntaxErrors.at(line.start, "PRIMARY KEY (..) in the column list must repeat the table's key: "
                    + "add UNIQUE KEY(..), PRIMARY KEY(..) or AGGREGATE KEY(..) after the column list");
        }
        if (!lowerCase(columns).equals(lowerCase(keys.columns()))) {
            throw SyntaxErrors.at(line.start, "PRIMARY KEY " + columns + " in the column list differs from "
                    + keys.model().keyword() + keys.columns());
        }
    }

    private static List<String> lowerCase(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }

    private static Map<String, String> properties(PropertiesClauseContext ctx) {
        return TreeValues.properties(ctx == null ? null : ctx.propertyList());
    }

    /** KEY markers are accepted and not kept. */
    ColumnDef columnDef(ColumnDefContext ctx) {
        Boolean nullable = null;
        boolean autoIncrement = false;
        Long autoIncrementStart = null;
        Expr defaultValue = null;
        Expr onUpdate = null;
        String comment = null;
        for (ColumnOptionContext option : ctx.columnOption()) {
            if (option instanceof NullabilityContext nullability) {
                nullable = nullability.NOT() == null;
            } else if (option instanceof AutoIncrementContext auto) {
                autoIncrement = true;
                if (auto.INTEGER_VALUE() != null) {
                    BigInteger start = new BigInteger(auto.INTEGER_VALUE().getText());
                    if (start.bitLength() > 63) {
                        throw SyntaxErrors.at(auto.INTEGER_VALUE().getSymbol(), "AUTO_INCREMENT start value is out of range of BIGINT");
                    }
                    autoIncrementStart = auto.MINUS_SIGN() == null ? start.longValue() : -start.longValue();
                }
            } else if (option instanceof ColumnDefaultContext value) {
                defaultValue = defaultValue(value.defaultValue());
            } else if (option instanceof OnUpdateContext update) {
                onUpdate = callWithPrecision("current_timestamp", update.INTEGER_VALUE());
            } else if (option instanceof ColumnCommentContext text) {
                comment = string(text.string());
            }
        }
        AggregationType aggregation = ctx.aggregationType() == null ? null
                : AggregationType.valueOf(ctx.aggregationType().getText().toUpperCase(Locale.ROOT));
        return new ColumnDef(identifier(ctx.identifier()), expressions.dataType(ctx.dataType()), nullable, aggregation,
                autoIncrement, autoIncrementStart, defaultValue, onUpdate, comment);
    }

    /** {@code name} or {@code name(p)}, as a default value or ON UPDATE writes a time function. */
    private static Expr callWithPrecision(String name, TerminalNode precision) {
        List<Expr> args = precision == null ? List.of()
                : List.of(new Expr.IntegerLiteral(new BigInteger(precision.getText())));
        return new Expr.FunctionCall(name, false, args, List.of(), null, null);
    }

    /** Literals, or a call such as CURRENT_TIMESTAMP / CURRENT_TIMESTAMP(3) / now() as a FunctionCall. */
    private Expr defaultValue(DefaultValueContext ctx) {
        if (ctx.NULL() != null) {
            return new Expr.NullLiteral();
        }
        if (ctx.TRUE() != null || ctx.FALSE() != null) {
            return new Expr.BooleanLiteral(ctx.TRUE() != null);
        }
        if (ctx.number() != null) {
            Expr number = expressions.number(ctx.number());
            return ctx.MINUS_SIGN() == null ? number : ExpressionBuilder.negate(number);
        }
        if (ctx.string() != null) {
            return new Expr.StringLiteral(string(ctx.string()));
        }
        return callWithPrecision(expressions.functionName(ctx.functionName()), ctx.INTEGER_VALUE());
    }

    private PartitionDesc partitionDesc(PartitionDescContext ctx) {
        if (ctx == null) {
            return null;
        }
        PartitionDesc.Kind kind = ctx.kind.getType() == CairnSqlLexer.RANGE ? PartitionDesc.Kind.RANGE : PartitionDesc.Kind.LIST;
        List<PartitionDesc.PartitionDef> defs = ctx.partitionDef().stream().map(this::partitionDef).toList();
        PartitionTruncationContext truncation = ctx.partitionTruncation();
        if (truncation == null) {
            return new PartitionDesc(kind, identifiers(ctx.identifierList()), defs, ctx.AUTO() != null, null);
        }
        if (kind != PartitionDesc.Kind.RANGE || !identifier(truncation.function).equalsIgnoreCase("date_trunc")) {
            throw SyntaxErrors.at(truncation.getStart(), "a partition expression is only allowed as"
                    + " [AUTO] PARTITION BY RANGE (date_trunc(col, 'unit'))");
        }
        // As in Doris, a date_trunc partition expression makes the partitioning AUTO with or without the keyword.
        return new PartitionDesc(kind, List.of(identifier(truncation.column)), defs, true, string(truncation.unit));
    }

    private PartitionDesc.PartitionDef partitionDef(PartitionDefContext ctx) {
        if (ctx.namedPartitionDef() != null) {
            return (PartitionDesc.PartitionDef) visit(ctx.namedPartitionDef());
        }
        String unit = ctx.unit == null ? null : TreeValues.timeUnit(ctx.unit, STEP_UNITS);
        return new PartitionDesc.Step(values(ctx.from), values(ctx.to),
                TreeValues.longValue(ctx.INTEGER_VALUE().getSymbol()), unit);
    }

    @Override
    public PartitionDesc.PartitionDef visitLessThanPartition(LessThanPartitionContext ctx) {
        List<PartitionDesc.Value> upper = ctx.MAXVALUE() != null ? List.of(PartitionDesc.Value.MAX)
                : values(ctx.partitionValueList());
        return new PartitionDesc.LessThan(identifier(ctx.identifier()), ctx.EXISTS() != null, upper);
    }

    @Override
    public PartitionDesc.PartitionDef visitFixedRangePartition(FixedRangePartitionContext ctx) {
        return new PartitionDesc.FixedRange(identifier(ctx.identifier()), ctx.EXISTS() != null, values(ctx.lower),
                values(ctx.upper));
    }

    /** {@code IN ("a", "b")} holds two one-value tuples, {@code IN (("a", 1), ("b", 2))} two pairs. */
    @Override
    public PartitionDesc.PartitionDef visitListPartition(ListPartitionContext ctx) {
        List<List<PartitionDesc.Value>> tuples = ctx.partitionTuple().stream()
                .map(t -> t.partitionValueList() != null ? values(t.partitionValueList()) : List.of(value(t.partitionValue())))
                .toList();
        return new PartitionDesc.ListValues(identifier(ctx.identifier()), ctx.EXISTS() != null, tuples);
    }

    private static List<PartitionDesc.Value> values(PartitionValueListContext ctx) {
        return ctx.partitionValue().stream().map(DdlBuilder::value).toList();
    }

    private static PartitionDesc.Value value(PartitionValueContext ctx) {
        if (ctx.MAXVALUE() != null) {
            return PartitionDesc.Value.MAX;
        }
        if (ctx.NULL() != null) {
            return PartitionDesc.Value.NULL;
        }
        return PartitionDesc.Value.of(ctx.string() != null ? string(ctx.string()) : ctx.getText());
    }

    static DistributionDesc distribution(DistributionDescContext ctx) {
        if (ctx == null) {
            return null;
        }
        Token buckets = ctx.INTEGER_VALUE() == null ? null : ctx.INTEGER_VALUE().getSymbol();
        return new DistributionDesc(ctx.RANDOM() != null, identifiers(ctx.identifierList()),
                buckets == null ? null : TreeValues.intValue(buckets), ctx.AUTO() != null);
    }

    @Override
    public Statement visitDropTable(DropTableContext ctx) {
        return new Statement.DropTable(qualifiedName(ctx.qualifiedName()), ctx.EXISTS() != null, ctx.FORCE() != null);
    }

    @Override
    public Statement visitTruncateTable(TruncateTableContext ctx) {
        return new Statement.TruncateTable(qualifiedName(ctx.qualifiedName()), partitionNames(ctx.partitionSpec()));
    }

    // ------------------------------------------------------------ views

    @Override
    public Statement visitCreateView(CreateViewContext ctx) {
        List<MvStatement.Column> columns = ctx.viewColumn().stream()
                .map(c -> new MvStatement.Column(identifier(c.identifier()), stringOrNull(c.string()))).toList();
        return new Statement.CreateView(qualifiedName(ctx.qualifiedName()), ctx.REPLACE() != null, ctx.EXISTS() != null,
                columns, stringOrNull(ctx.string()), ast.query(ctx.query()), AstBuilder.text(ctx.query()));
    }

    @Override
    public Statement visitDropView(DropViewContext ctx) {
        return new Statement.DropView(qualifiedName(ctx.qualifiedName()), ctx.EXISTS() != null);
    }

    // ------------------------------------------------------------ ALTER TABLE

    @Override
    public Statement visitAlterTable(AlterTableContext ctx) {
        QualifiedName table = qualifiedName(ctx.qualifiedName());
        for (AlterClauseContext clause : ctx.alterClause()) {
            requireBaseIndex(table.name(), rollupNamed(clause));
        }
        return new Statement.AlterTable(table, ctx.alterClause().stream().map(c -> (Statement.AlterClause) visit(c)).toList());
    }

    /** The rollup a column clause names ({@code ADD COLUMN .. TO r}, {@code DROP | MODIFY COLUMN .. FROM r}), or null. */
    private static IdentifierContext rollupNamed(AlterClauseContext clause) {
        if (clause instanceof AddColumnContext add) {
            return add.identifier();
        }
        if (clause instanceof AddColumnsContext add) {
            return add.identifier();
        }
        if (clause instanceof DropColumnContext drop) {
            return drop.identifier().size() > 1 ? drop.identifier(1) : null;
        }
        return clause instanceof ModifyColumnContext modify ? modify.identifier() : null;
    }

    /**
     * A column clause may name the table's own base index (Doris calls it by the table's name); a
     * rollup's columns are those of its defining query, which such a clause would change behind it.
     */
    private static void requireBaseIndex(String table, IdentifierContext index) {
        if (index != null && !identifier(index).equals(table)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Changing the columns of rollup " + identifier(index)
                    + " is not supported: drop it and create it again with the columns it should have");
        }
    }

    @Override
    public Statement.AlterClause visitAddColumn(AddColumnContext ctx) {
        ColumnPositionContext position = ctx.columnPosition();
        return new Statement.AddColumns(List.of(columnDef(ctx.columnDef())), after(position), first(position));
    }

    @Override
    public Statement.AlterClause visitAddColumns(AddColumnsContext ctx) {
        return new Statement.AddColumns(ctx.columnDef().stream().map(this::columnDef).toList(), null, false);
    }

    @Override
    public Statement.AlterClause visitDropColumn(DropColumnContext ctx) {
        return new Statement.DropColumn(identifier(ctx.identifier(0)));
    }

    @Override
    public Statement.AlterClause visitModifyColumn(ModifyColumnContext ctx) {
        ColumnPositionContext position = ctx.columnPosition();
        return new Statement.ModifyColumn(columnDef(ctx.columnDef()), after(position), first(position));
    }

    private static String after(ColumnPositionContext ctx) {
        return ctx == null || ctx.identifier() == null ? null : identifier(ctx.identifier());
    }

    private static boolean first(ColumnPositionContext ctx) {
        return ctx != null && ctx.FIRST() != null;
    }

    @Override
    public Statement.AlterClause visitRenameColumn(RenameColumnContext ctx) {
        return new Statement.RenameColumn(identifier(ctx.from), identifier(ctx.to));
    }

    @Override
    public Statement.AlterClause visitAddPartition(AddPartitionContext ctx) {
        return new Statement.AddPartition((PartitionDesc.PartitionDef) visit(ctx.namedPartitionDef()));
    }

    /** FORCE is accepted; dropping is always immediate. */
    @Override
    public Statement.AlterClause visitDropPartition(DropPartitionContext ctx) {
        return new Statement.DropPartition(identifier(ctx.identifier()), ctx.EXISTS() != null);
    }

    @Override
    public Statement.AlterClause visitAddTemporaryPartition(AddTemporaryPartitionContext ctx) {
        return new Statement.AddTemporaryPartition((PartitionDesc.PartitionDef) visit(ctx.namedPartitionDef()));
    }

    @Override
    public Statement.AlterClause visitDropTemporaryPartition(DropTemporaryPartitionContext ctx) {
        return new Statement.DropTemporaryPartition(identifier(ctx.identifier()), ctx.EXISTS() != null);
    }

    @Override
    public Statement.AlterClause visitReplacePartition(ReplacePartitionContext ctx) {
        return new Statement.ReplacePartition(identifiers(ctx.formal), identifiers(ctx.temporary),
                properties(ctx.propertiesClause()));
    }

    @Override
    public Statement.AlterClause visitReplaceTable(ReplaceTableContext ctx) {
        return new Statement.ReplaceTable(qualifiedName(ctx.qualifiedName()), properties(ctx.propertiesClause()));
    }

    @Override
    public Statement.AlterClause visitRenameTable(RenameTableContext ctx) {
        return new Statement.RenameTable(identifier(ctx.identifier()));
    }

    @Override
    public Statement.AlterClause visitSetTableProperties(SetTablePropertiesContext ctx) {
        return new Statement.SetProperties(TreeValues.properties(ctx.propertyList()));
    }

    @Override
    public Statement.AlterClause visitModifyTableComment(ModifyTableCommentContext ctx) {
        return new Statement.ModifyComment(string(ctx.string()));
    }

    @Override
    public Statement.AlterClause visitAddConstraint(AddConstraintContext ctx) {
        String name = identifier(ctx.identifier());
        ConstraintDefContext def = ctx.constraintDef();
        if (def instanceof PrimaryKeyConstraintContext pk) {
            return new Statement.AddConstraint(name, Statement.ConstraintKind.PRIMARY_KEY, identifiers(pk.identifierList()), null,
                    List.of());
        }
        if (def instanceof UniqueConstraintContext unique) {
            return new Statement.AddConstraint(name, Statement.ConstraintKind.UNIQUE, identifiers(unique.identifierList()), null,
                    List.of());
        }
        ForeignKeyConstraintContext fk = (ForeignKeyConstraintContext) def;
        return new Statement.AddConstraint(name, Statement.ConstraintKind.FOREIGN_KEY, identifiers(fk.columns),
                qualifiedName(fk.qualifiedName()), identifiers(fk.referenced));
    }

    @Override
    public Statement.AlterClause visitToggleKeys(CairnSqlParser.ToggleKeysContext ctx) {
        return new Statement.ToggleKeys(ctx.ENABLE() != null);
    }

    @Override
    public Statement.AlterClause visitDropConstraint(DropConstraintContext ctx) {
        return new Statement.DropConstraint(identifier(ctx.identifier()));
    }

    @Override
    public Statement.AlterClause visitAddIndex(AddIndexContext ctx) {
        return new Statement.AddIndex(indexDef(ctx.indexDef()), false);
    }

    @Override
    public Statement.AlterClause visitDropIndexClause(DropIndexClauseContext ctx) {
        return new Statement.DropIndex(identifier(ctx.identifier()), ctx.EXISTS() != null);
    }
}
