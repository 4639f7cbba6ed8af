package io.cairndb.sql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.CairnSqlParser.*;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.cairndb.sql.TreeValues.identifier;
import static io.cairndb.sql.TreeValues.identifierOrNull;
import static io.cairndb.sql.TreeValues.identifiers;
import static io.cairndb.sql.TreeValues.partitionNames;
import static io.cairndb.sql.TreeValues.qualifiedName;
import static io.cairndb.sql.TreeValues.temporaryPartitionNames;
import static io.cairndb.sql.TreeValues.string;

/**
 * Turns a parse tree into {@code io.cairndb.sql.tree} records: statements, queries and relations
 * here, expressions in {@link ExpressionBuilder}, DDL in {@link DdlBuilder}. One instance serves
 * one token stream.
 */
final class AstBuilder extends CairnSqlBaseVisitor<Object> {
    private final CommonTokenStream tokens;
    private final ExpressionBuilder expressions = new ExpressionBuilder(this);
    private final DdlBuilder ddl = new DdlBuilder(this, expressions);
    private final StreamAdminBuilder streams = new StreamAdminBuilder();
    private final MvBuilder mvs = new MvBuilder(this, expressions);
    private final AccountBuilder accounts = new AccountBuilder();
    private final ShowBuilder shows = new ShowBuilder(this);
    private final ExportBuilder exports = new ExportBuilder(this);
    /** Token indexes of all {@code ?} placeholders, ascending. */
    private final int[] parameterTokens;
    /** How many placeholders precede the statement being built: numbering restarts per statement. */
    private int parameterBase;

    AstBuilder(CommonTokenStream tokens) {
        this.tokens = tokens;
        this.parameterTokens = tokens.getTokens().stream()
                .filter(t -> t.getType() == CairnSqlLexer.QUESTION)
                .mapToInt(Token::getTokenIndex)
                .toArray();
    }

    Statement statement(StatementContext ctx) {
        parameterBase = parameterPosition(ctx.start.getTokenIndex());
        return (Statement) (ctx.showStatement() != null ? shows.visit(ctx.showStatement()) : visit(ctx.getChild(0)));
    }

    Query query(QueryContext ctx) {
        return (Query) visit(ctx);
    }

    Expr expression(ExpressionContext ctx) {
        return expressions.expr(ctx);
    }

    int parameterIndex(Token token) {
        return parameterPosition(token.getTokenIndex()) - parameterBase;
    }

    private int parameterPosition(int tokenIndex) {
        int position = Arrays.binarySearch(parameterTokens, tokenIndex);
        return position >= 0 ? position : -position - 1;
    }

    /** The original text of a rule, comments and spacing included. */
    static String text(ParserRuleContext ctx) {
        return ctx.start.getInputStream().getText(Interval.of(ctx.start.getStartIndex(), ctx.stop.getStopIndex()));
    }

    // ------------------------------------------------------------ statement families

    @Override
    public Statement visitRoutineLoad(RoutineLoadContext ctx) {
        throw new CairnException(ErrorCode.NOT_SUPPORTED, "ROUTINE LOAD is not supported: load with Stream Load, "
                + "INSERT INTO .. SELECT or LOAD DATA LOCAL INFILE");
    }

    @Override
    public Statement visitExportStatement(ExportStatementContext ctx) {
        return (Statement) exports.visit(ctx.getChild(0));
    }

    @Override
    public Statement visitQueryStatement(QueryStatementContext ctx) {
        Query query = query(ctx.query());
        OutfileClauseContext out = ctx.outfileClause();
        if (out == null) {
            return new Statement.QueryStatement(query);
        }
        return new Statement.Outfile(query, TreeValues.string(out.path), out.format == null ? null : identifier(out.format),
                TreeValues.properties(out.propertiesClause() == null ? null : out.propertiesClause().propertyList()));
    }

    @Override
    public Statement visitDdlStatement(DdlStatementContext ctx) {
        return (Statement) ddl.visit(ctx.getChild(0));
    }

    @Override
    public Statement visitStreamStatement(StreamStatementContext ctx) {
        return (Statement) streams.visit(ctx.getChild(0));
    }

    @Override
    public Statement visitAccountStatement(CairnSqlParser.AccountStatementContext ctx) {
        return (Statement) accounts.visit(ctx.getChild(0));
    }

    @Override
    public Statement visitMvStatement(MvStatementContext ctx) {
        return (Statement) mvs.visit(ctx.getChild(0));
    }

    @Override
    public Statement visitAdminStatement(AdminStatementContext ctx) {
        return (Statement) streams.visit(ctx.getChild(0));
    }

    @Override
    public Statement visitDmlStatement(DmlStatementContext ctx) {
        return (Statement) visit(ctx.getChild(0));
    }

    @Override
    public Statement visitSessionStatement(SessionStatementContext ctx) {
        return (Statement) visit(ctx.getChild(0));
    }

    /** The level is upper-case: VERBOSE, GRAPH, DUMP, PLAN or e.g. "SHAPE PLAN"; null when absent. */
    @Override
    public Statement visitExplainStatement(ExplainStatementContext ctx) {
        ExplainLevelContext level = ctx.explainLevel();
        String name = null;
        if (level != null) {
            name = level.getChildCount() == 1 ? level.getText() : level.getChild(0).getText() + " PLAN";
            name = name.toUpperCase(Locale.ROOT);
        }
        if (ctx.refreshMaterializedView() != null) {
            return new Statement.Explain(name, (Statement) mvs.visit(ctx.refreshMaterializedView()));
        }
        ParserRuleContext target = ctx.queryStatement() != null ? ctx.queryStatement() : ctx.dmlStatement();
        return new Statement.Explain(name, (Statement) visit(target));
    }

    // ------------------------------------------------------------ queries

    /**
     * A parenthesized query that is the whole body merges into this query when that loses
     * nothing, so {@code (SELECT a FROM t) ORDER BY a} is an ordinary query.
     */
    @Override
    public Query visitQuery(QueryContext ctx) {
        List<Query.WithQuery> with = ctx.withClause() == null ? List.of()
                : ctx.withClause().namedQuery().stream().map(this::namedQuery).toList();
        QueryBody body = queryTerm(ctx.queryTerm());
        List<OrderItem> orderBy = orderBy(ctx.orderByClause());
        Query.Limit limit = limit(ctx.limitClause());
        if (body instanceof QueryBody.Nested nested) {
            Query inner = nested.query();
            if (with.isEmpty() && orderBy.isEmpty() && limit == null) {
                return inner;
            }
            if (inner.orderBy().isEmpty() && inner.limit() == null && (with.isEmpty() || inner.with().isEmpty())) {
                return new Query(with.isEmpty() ? inner.with() : with, inner.body(), orderBy, limit);
            }
        }
        return new Query(with, body, orderBy, limit);
    }

    private Query.WithQuery namedQuery(NamedQueryContext ctx) {
        List<String> columns = ctx.columnAliases() == null ? List.of() : identifiers(ctx.columnAliases().identifierList());
        return new Query.WithQuery(identifier(ctx.identifier()), columns, query(ctx.query()));
    }

    private QueryBody queryTerm(QueryTermContext ctx) {
        if (ctx instanceof QueryTermDefaultContext primary) {
            return (QueryBody) visit(primary.queryPrimary());
        }
        SetOperationContext op = (SetOperationContext) ctx;
        QueryBody.SetOpType type = switch (op.operator.getType()) {
            case CairnSqlLexer.UNION -> QueryBody.SetOpType.UNION;
            case CairnSqlLexer.INTERSECT -> QueryBody.SetOpType.INTERSECT;
            default -> QueryBody.SetOpType.EXCEPT;
        };
        boolean all = op.setQuantifier() != null && op.setQuantifier().ALL() != null;
        return new QueryBody.SetOperation(type, all, operand(queryTerm(op.left)), operand(queryTerm(op.right)));
    }

    /** Parentheses around a plain operand only group; Nested stays where the operand has its own WITH / ORDER BY / LIMIT. */
    private static QueryBody operand(QueryBody body) {
        if (body instanceof QueryBody.Nested nested && nested.query().with().isEmpty()
                && nested.query().orderBy().isEmpty() && nested.query().limit() == null) {
            return nested.query().body();
        }
        return body;
    }

    @Override
    public QueryBody visitQueryPrimaryDefault(QueryPrimaryDefaultContext ctx) {
        return (QueryBody) visit(ctx.querySpecification());
    }

    @Override
    public QueryBody visitParenthesizedQuery(ParenthesizedQueryContext ctx) {
        return new QueryBody.Nested(query(ctx.query()));
    }

    @Override
    public QueryBody visitInlineValues(InlineValuesContext ctx) {
        return new QueryBody.Values(ctx.valuesRow().stream()
                .map(row -> row.valuesItem().stream()
                        .map(item -> item.DEFAULT() != null ? new Expr.DefaultValue() : expression(item.expression()))
                        .toList())
                .toList());
    }

    @Override
    public QueryBody visitQuerySpecification(QuerySpecificationContext ctx) {
        Map<String, String> hints = new LinkedHashMap<>();
        List<Token> hidden = tokens.getHiddenTokensToRight(ctx.SELECT().getSymbol().getTokenIndex());
        if (hidden != null) {
            hidden.stream().filter(t -> t.getType() == CairnSqlLexer.HINT).forEach(t -> Hints.readSetVar(t.getText(), hints));
        }
        boolean distinct = ctx.setQuantifier() != null && ctx.setQuantifier().DISTINCT() != null;
        List<QueryBody.SelectItem> select = ctx.selectItem().stream().map(i -> (QueryBody.SelectItem) visit(i)).toList();
        FromClauseContext from = ctx.fromClause();
        Relation relation = from == null || from.DUAL() != null ? null : relations(from.relation());
        return new QueryBody.QuerySpec(hints, distinct, select, relation, where(ctx.whereClause()),
                groupBy(ctx.groupByClause()),
                ctx.havingClause() == null ? null : expression(ctx.havingClause().expression()));
    }

    @Override
    public QueryBody.SelectItem visitSelectAllQualified(SelectAllQualifiedContext ctx) {
        return new QueryBody.AllColumns(qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public QueryBody.SelectItem visitSelectAll(SelectAllContext ctx) {
        return new QueryBody.AllColumns(null);
    }

    @Override
    public QueryBody.SelectItem visitSelectSingle(SelectSingleContext ctx) {
        AliasContext alias = ctx.alias();
        String name = alias == null ? null : alias.identifier() != null ? identifier(alias.identifier()) : string(alias.string());
        return new QueryBody.SingleColumn(expression(ctx.expression()), name);
    }

    Expr where(WhereClauseContext ctx) {
        return ctx == null ? null : expression(ctx.expression());
    }

    /** Plain expressions written next to each other form one SimpleGroupBy. */
    private QueryBody.GroupBy groupBy(GroupByClauseContext ctx) {
        if (ctx == null) {
            return null;
        }
        List<QueryBody.GroupingElement> elements = new ArrayList<>();
        List<Expr> simple = new ArrayList<>();
        for (GroupingElementContext element : ctx.groupingElement()) {
            if (element instanceof SingleGroupingExpressionContext single) {
                simple.add(expression(single.expression()));
                continue;
            }
            if (!simple.isEmpty()) {
                elements.add(new QueryBody.SimpleGroupBy(simple));
                simple = new ArrayList<>();
            }
            elements.add(groupingElement(element));
        }
        if (!simple.isEmpty()) {
            elements.add(new QueryBody.SimpleGroupBy(simple));
        }
        return new QueryBody.GroupBy(elements);
    }

    private QueryBody.GroupingElement groupingElement(GroupingElementContext ctx) {
        if (ctx instanceof RollupContext rollup) {
            return new QueryBody.Rollup(expressions.exprs(rollup.expression()));
        }
        if (ctx instanceof CubeContext cube) {
            return new QueryBody.Cube(expressions.exprs(cube.expression()));
        }
        return new QueryBody.GroupingSets(((GroupingSetsContext) ctx).groupingSet().stream()
                .map(set -> expressions.exprs(set.expression()))
                .toList());
    }

    List<OrderItem> orderBy(OrderByClauseContext ctx) {
        return ctx == null ? List.of() : expressions.sortItems(ctx.sortItem());
    }

    static Query.Limit limit(LimitClauseContext ctx) {
        if (ctx == null) {
            return null;
        }
        long offset = ctx.offset == null ? 0 : TreeValues.longValue(ctx.offset);
        return new Query.Limit(TreeValues.longValue(ctx.count), offset);
    }

    // ------------------------------------------------------------ relations

    /** A comma-separated FROM list: commas are cross joins. */
    Relation relations(List<RelationContext> contexts) {
        Relation result = relation(contexts.get(0));
        for (int i = 1; i < contexts.size(); i++) {
            result = new Relation.Join(Relation.JoinType.CROSS, result, relation(contexts.get(i)), null, List.of());
        }
        return result;
    }

    private Relation relation(RelationContext ctx) {
        Relation result = relationPrimary(ctx.relationPrimary());
        for (JoinPartContext join : ctx.joinPart()) {
            JoinCriteriaContext criteria = join.joinCriteria();
            Expr on = criteria == null || criteria.ON() == null ? null : expression(criteria.expression());
            List<String> using = criteria == null ? List.of() : identifiers(criteria.identifierList());
            result = new Relation.Join(joinType(join.joinType()), result, relationPrimary(join.relationPrimary()), on, using);
        }
        return result;
    }

    private static Relation.JoinType joinType(JoinTypeContext ctx) {
        if (ctx == null || ctx.INNER() != null) {
            return Relation.JoinType.INNER;
        }
        if (ctx.CROSS() != null) {
            return Relation.JoinType.CROSS;
        }
        if (ctx.FULL() != null) {
            return Relation.JoinType.FULL;
        }
        boolean left = ctx.LEFT() != null;
        if (ctx.SEMI() != null) {
            return left ? Relation.JoinType.LEFT_SEMI : Relation.JoinType.RIGHT_SEMI;
        }
        if (ctx.ANTI() != null) {
            return left ? Relation.JoinType.LEFT_ANTI : Relation.JoinType.RIGHT_ANTI;
        }
        return left ? Relation.JoinType.LEFT : Relation.JoinType.RIGHT;
    }

    private Relation relationPrimary(RelationPrimaryContext ctx) {
        Relation result = (Relation) visit(ctx.relationBase());
        for (LateralViewContext view : ctx.lateralView()) {
            Expr.FunctionCall generator = new Expr.FunctionCall(
                    qualifiedName(view.qualifiedName()).toString().toLowerCase(Locale.ROOT), false,
                    expressions.exprs(view.expression()), List.of(), null, null);
            result = new Relation.LateralView(result, generator, view.OUTER() != null, identifier(view.identifier()),
                    identifiers(view.identifierList()));
        }
        return result;
    }

    @Override
    public Relation visitTableName(TableNameContext ctx) {
        Map<String, String> incr = null;
        IncrementalReadContext incremental = ctx.incrementalRead();
        if (incremental != null) {
            if (!identifier(incremental.identifier()).equalsIgnoreCase("incr")) {
                throw SyntaxErrors.at(incremental.identifier().start, "expecting @incr");
            }
            incr = TreeValues.properties(incremental.propertyList());
        }
        String alias = ctx.tableAlias() == null ? null : identifier(ctx.tableAlias().identifier());
        TemporaryPartitionSpecContext temporary = ctx.temporaryPartitionSpec();
        return temporary == null
                ? new Relation.TableRef(qualifiedName(ctx.qualifiedName()), alias, partitionNames(ctx.partitionSpec()), incr)
                : new Relation.TableRef(qualifiedName(ctx.qualifiedName()), alias, temporaryPartitionNames(temporary), true, incr);
    }

    @Override
    public Relation visitTableFunction(TableFunctionContext ctx) {
        TableFunctionArgumentsContext arguments = ctx.tableFunctionArguments();
        List<Expr> args = arguments == null ? List.of() : expressions.exprs(arguments.expression());
        Map<String, String> properties = arguments == null ? Map.of() : TreeValues.properties(arguments.property());
        DerivedAliasContext alias = ctx.derivedAlias();
        return new Relation.TableFunction(qualifiedName(ctx.qualifiedName()).toString().toLowerCase(Locale.ROOT), args,
                properties, alias == null ? null : identifier(alias.identifier()), columnAliases(alias));
    }

    @Override
    public Relation visitSubqueryRelation(SubqueryRelationContext ctx) {
        DerivedAliasContext alias = ctx.derivedAlias();
        return new Relation.SubqueryRelation(query(ctx.query()), alias == null ? null : identifier(alias.identifier()),
                columnAliases(alias));
    }

    private static List<String> columnAliases(DerivedAliasContext alias) {
        return alias == null || alias.columnAliases() == null ? List.of() : identifiers(alias.columnAliases().identifierList());
    }

    @Override
    public Relation visitParenthesizedRelation(ParenthesizedRelationContext ctx) {
        return relation(ctx.relation());
    }

    // ------------------------------------------------------------ DML

    @Override
    public Statement visitLoadDataStatement(CairnSqlParser.LoadDataStatementContext ctx) {
        return LoadDataBuilder.build(ctx, TreeValues.qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitInsertStatement(InsertStatementContext ctx) {
        List<String> columns = ctx.columnAliases() == null ? List.of() : identifiers(ctx.columnAliases().identifierList());
        TemporaryPartitionSpecContext temporary = ctx.temporaryPartitionSpec();
        List<String> partitions = temporary == null ? partitionNames(ctx.partitionSpec()) : temporaryPartitionNames(temporary);
        return new Statement.Insert(qualifiedName(ctx.qualifiedName()), partitions, temporary != null, columns,
                query(ctx.query()), ctx.OVERWRITE() != null, identifierOrNull(ctx.identifier()));
    }

    @Override
    public Statement visitUpdateStatement(UpdateStatementContext ctx) {
        List<Statement.Assignment> assignments = ctx.assignment().stream()
                .map(a -> new Statement.Assignment(qualifiedName(a.qualifiedName()).name(),
                        a.DEFAULT() != null ? new Expr.DefaultValue() : expression(a.expression())))
                .toList();
        String alias = ctx.tableAlias() == null ? null : identifier(ctx.tableAlias().identifier());
        Relation from = ctx.relation().isEmpty() ? null : relations(ctx.relation());
        return new Statement.Update(qualifiedName(ctx.qualifiedName()), alias, assignments, from, where(ctx.whereClause()));
    }

    @Override
    public Statement visitDeleteStatement(DeleteStatementContext ctx) {
        String alias = ctx.tableAlias() == null ? null : identifier(ctx.tableAlias().identifier());
        Relation using = ctx.relation().isEmpty() ? null : relations(ctx.relation());
        return new Statement.Delete(qualifiedName(ctx.qualifiedName()), alias, partitionNames(ctx.partitionSpec()),
                using, where(ctx.whereClause()));
    }

    // ------------------------------------------------------------ session

    @Override
    public Statement visitSetStatement(SetStatementContext ctx) {
        return new Statement.SetStatement(ctx.setItem().stream().map(i -> (Statement.SetItem) visit(i)).toList());
    }

    @Override
    public Statement.SetItem visitSetVariableItem(SetVariableItemContext ctx) {
        Statement.Scope scope = ctx.scope != null && ctx.scope.getType() == CairnSqlLexer.GLOBAL
                ? Statement.Scope.GLOBAL : Statement.Scope.SESSION;
        return new Statement.SetVariable(scope, identifier(ctx.identifier()).toLowerCase(Locale.ROOT),
                setValue(ctx.setValue()));
    }

    @Override
    public Statement.SetItem visitSetSystemVariableItem(SetSystemVariableItemContext ctx) {
        Expr.Variable variable = expressions.systemVariable(ctx.systemVariable());
        Statement.Scope scope = "GLOBAL".equals(variable.scope()) ? Statement.Scope.GLOBAL : Statement.Scope.SESSION;
        return new Statement.SetVariable(scope, variable.name(), setValue(ctx.setValue()));
    }

    /** A bare word such as ON, OFF or utf8 is the string it spells, as in MySQL. */
    private Expr setValue(SetValueContext ctx) {
        if (ctx.DEFAULT() != null) {
            return new Expr.DefaultValue();
        }
        if (ctx.ON() != null) {
            return new Expr.StringLiteral(ctx.ON().getText());
        }
        Expr value = expression(ctx.expression());
        if (value instanceof Expr.Identifier id && id.parts().size() == 1) {
            return new Expr.StringLiteral(id.name());
        }
        return value;
    }

    @Override
    public Statement.SetItem visitSetUserVariableItem(SetUserVariableItemContext ctx) {
        return new Statement.SetUserVariable(expressions.userVariableName(ctx.userVariable()), expression(ctx.expression()));
    }

    @Override
    public Statement.SetItem visitSetNamesItem(SetNamesItemContext ctx) {
        return new Statement.SetNames(charsetName(ctx.charset), ctx.collation == null ? null : charsetName(ctx.collation));
    }

    @Override
    public Statement.SetItem visitSetCharsetItem(SetCharsetItemContext ctx) {
        return new Statement.SetNames(charsetName(ctx.charsetName()), null);
    }

    private static String charsetName(CharsetNameContext ctx) {
        return ctx.identifier() != null ? identifier(ctx.identifier()) : string(ctx.string());
    }

    /**
     * SET [scope] TRANSACTION sets the variables transaction_isolation ('READ-COMMITTED', ...)
     * and transaction_read_only (a boolean). Without a scope MySQL limits it to the next
     * transaction; CairnDB applies it to the session.
     */
    @Override
    public Statement visitSetTransaction(SetTransactionContext ctx) {
        Statement.Scope scope = ctx.scope != null && ctx.scope.getType() == CairnSqlLexer.GLOBAL
                ? Statement.Scope.GLOBAL : Statement.Scope.SESSION;
        List<Statement.SetItem> items = new ArrayList<>();
        for (TransactionCharacteristicContext characteristic : ctx.transactionCharacteristic()) {
            if (characteristic instanceof IsolationLevelCharacteristicContext isolation) {
                String level = isolation.isolationLevel().children.stream()
                        .map(c -> c.getText().toUpperCase(Locale.ROOT))
                        .reduce((a, b) -> a + "-" + b)
                        .orElseThrow();
                items.add(new Statement.SetVariable(scope, "transaction_isolation", new Expr.StringLiteral(level)));
            } else {
                boolean readOnly = ((AccessModeCharacteristicContext) characteristic).ONLY() != null;
                items.add(new Statement.SetVariable(scope, "transaction_read_only", new Expr.BooleanLiteral(readOnly)));
            }
        }
        return new Statement.SetStatement(items);
    }

    @Override
    public Statement visitBeginTransaction(BeginTransactionContext ctx) {
        return new Statement.Transaction(Statement.TransactionKind.BEGIN,
                ctx.identifier() == null ? null : identifier(ctx.identifier()));
    }

    @Override
    public Statement visitCommitTransaction(CommitTransactionContext ctx) {
        return new Statement.Transaction(Statement.TransactionKind.COMMIT);
    }

    @Override
    public Statement visitRollbackTransaction(RollbackTransactionContext ctx) {
        return new Statement.Transaction(Statement.TransactionKind.ROLLBACK);
    }

    @Override
    public Statement visitSavepoint(CairnSqlParser.SavepointContext ctx) {
        return new Statement.Savepoint(Statement.SavepointAction.SET, identifier(ctx.identifier()));
    }

    @Override
    public Statement visitRollbackToSavepoint(CairnSqlParser.RollbackToSavepointContext ctx) {
        return new Statement.Savepoint(Statement.SavepointAction.ROLLBACK_TO, identifier(ctx.identifier()));
    }

    @Override
    public Statement visitReleaseSavepoint(CairnSqlParser.ReleaseSavepointContext ctx) {
        return new Statement.Savepoint(Statement.SavepointAction.RELEASE, identifier(ctx.identifier()));
    }

    @Override
    public Statement visitLockTables(CairnSqlParser.LockTablesContext ctx) {
        return new Statement.LockTables(ctx.lockTarget().stream()
                .map(t -> new Statement.LockTarget(qualifiedName(t.qualifiedName()), t.WRITE() != null)).toList());
    }

    @Override
    public Statement visitUnlockTables(CairnSqlParser.UnlockTablesContext ctx) {
        return new Statement.UnlockTables();
    }

    @Override
    public Statement visitKillStatement(KillStatementContext ctx) {
        return new Statement.Kill(TreeValues.longValue(ctx.INTEGER_VALUE().getSymbol()), ctx.QUERY() != null);
    }

    /** USE internal.db selects db. */
    @Override
    public Statement visitUseDatabase(UseDatabaseContext ctx) {
        return new Statement.UseDatabase(TreeValues.databaseName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitDescribeStatement(DescribeStatementContext ctx) {
        return new Statement.Describe(qualifiedName(ctx.qualifiedName()), ctx.ALL() != null);
    }

    static String like(LikeClauseContext ctx) {
        return ctx == null ? null : string(ctx.string());
    }
}
