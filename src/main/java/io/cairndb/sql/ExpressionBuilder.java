package io.cairndb.sql;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.CairnSqlParser.*;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Expr.BinaryOp;
import io.cairndb.sql.tree.Expr.UnaryOp;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.WindowSpec;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.TerminalNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

import static io.cairndb.sql.TreeValues.identifier;
import static io.cairndb.sql.TreeValues.intValue;
import static io.cairndb.sql.TreeValues.qualifiedName;
import static io.cairndb.sql.TreeValues.string;
import static io.cairndb.sql.TreeValues.timeUnit;

/**
 * Builds expressions, literals, window specs and types; shared by {@link AstBuilder}
 * (which it calls back for subqueries) and {@link DdlBuilder}.
 */
final class ExpressionBuilder extends CairnSqlBaseVisitor<Object> {
    private static final Set<String> INTERVAL_UNITS =
            Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND");

    private final AstBuilder ast;

    ExpressionBuilder(AstBuilder ast) {
        this.ast = ast;
    }

    Expr expr(ParserRuleContext ctx) {
        return (Expr) visit(ctx);
    }

    Expr exprOrNull(ParserRuleContext ctx) {
        return ctx == null ? null : expr(ctx);
    }

    List<Expr> exprs(List<? extends ParserRuleContext> contexts) {
        return contexts.stream().map(this::expr).toList();
    }

    // ------------------------------------------------------------ boolean level

    @Override
    public Expr visitExpression(ExpressionContext ctx) {
        return expr(ctx.booleanExpression());
    }

    @Override
    public Expr visitLogicalNot(LogicalNotContext ctx) {
        Expr operand = expr(ctx.booleanExpression());
        if (operand instanceof Expr.Exists exists && !exists.negated()) {
            return new Expr.Exists(exists.query(), true);
        }
        return new Expr.Unary(UnaryOp.NOT, operand);
    }

    @Override
    public Expr visitLogicalBinary(LogicalBinaryContext ctx) {
        int type = ctx.operator.getType();
        BinaryOp op = type == CairnSqlLexer.AND || type == CairnSqlLexer.DOUBLE_AMPERSAND ? BinaryOp.AND : BinaryOp.OR;
        return new Expr.Binary(op, expr(ctx.left), expr(ctx.right));
    }

    @Override
    public Expr visitPredicated(PredicatedContext ctx) {
        return expr(ctx.predicate());
    }

    // ------------------------------------------------------------ predicates

    @Override
    public Expr visitValuePredicate(ValuePredicateContext ctx) {
        return expr(ctx.valueExpression());
    }

    @Override
    public Expr visitComparison(ComparisonContext ctx) {
        BinaryOp op = switch (((TerminalNode) ctx.comparisonOperator().getChild(0)).getSymbol().getType()) {
            case CairnSqlLexer.EQ -> BinaryOp.EQ;
            case CairnSqlLexer.NULL_SAFE_EQ -> BinaryOp.NULL_SAFE_EQ;
            case CairnSqlLexer.NEQ -> BinaryOp.NE;
            case CairnSqlLexer.LT -> BinaryOp.LT;
            case CairnSqlLexer.LTE -> BinaryOp.LE;
            case CairnSqlLexer.GT -> BinaryOp.GT;
            default -> BinaryOp.GE;
        };
        return new Expr.Binary(op, expr(ctx.predicate()), expr(ctx.right));
    }

    /**
     * {@code x IS [NOT] NULL} is an IsNull; {@code x IS TRUE} becomes {@code x <=> TRUE}, which has
     * the same three-valued meaning (false, not null, for a null x), and IS NOT wraps it in NOT.
     */
    @Override
    public Expr visitIsPredicate(IsPredicateContext ctx) {
        Expr value = expr(ctx.predicate());
        boolean negated = ctx.NOT() != null;
        if (ctx.kind.getType() == CairnSqlLexer.NULL) {
            return new Expr.IsNull(value, negated);
        }
        Expr test = new Expr.Binary(BinaryOp.NULL_SAFE_EQ, value,
                new Expr.BooleanLiteral(ctx.kind.getType() == CairnSqlLexer.TRUE));
        return negated ? new Expr.Unary(UnaryOp.NOT, test) : test;
    }

    @Override
    public Expr visitBetween(BetweenContext ctx) {
        return new Expr.Between(expr(ctx.predicate()), expr(ctx.lower), expr(ctx.upper), ctx.NOT() != null);
    }

    @Override
    public Expr visitInSubquery(InSubqueryContext ctx) {
        return new Expr.InSubquery(expr(ctx.predicate()), ast.query(ctx.query()), ctx.NOT() != null);
    }

    @Override
    public Expr visitInList(InListContext ctx) {
        return new Expr.InList(expr(ctx.predicate()), exprs(ctx.expression()), ctx.NOT() != null);
    }

    @Override
    public Expr visitLike(LikeContext ctx) {
        return new Expr.Like(expr(ctx.predicate()), expr(ctx.pattern), Expr.LikeKind.LIKE, ctx.NOT() != null,
                exprOrNull(ctx.escape));
    }

    @Override
    public Expr visitRegexp(RegexpContext ctx) {
        return new Expr.Like(expr(ctx.predicate()), expr(ctx.pattern), Expr.LikeKind.REGEXP, ctx.NOT() != null, null);
    }

    // ------------------------------------------------------------ arithmetic

    @Override
    public Expr visitValueExpressionDefault(ValueExpressionDefaultContext ctx) {
        return expr(ctx.primaryExpression());
    }

    /** A sign in front of a number folds into the literal, so {@code -1} is IntegerLiteral(-1). */
    @Override
    public Expr visitArithmeticUnary(ArithmeticUnaryContext ctx) {
        Expr operand = expr(ctx.valueExpression());
        boolean number = operand instanceof Expr.IntegerLiteral || operand instanceof Expr.DecimalLiteral
                || operand instanceof Expr.DoubleLiteral;
        return switch (ctx.operator.getType()) {
            case CairnSqlLexer.MINUS_SIGN -> number ? negate(operand) : new Expr.Unary(UnaryOp.MINUS, operand);
            case CairnSqlLexer.PLUS -> number ? operand : new Expr.Unary(UnaryOp.PLUS, operand);
            default -> new Expr.Unary(UnaryOp.BIT_NOT, operand);
        };
    }

    static Expr negate(Expr number) {
        if (number instanceof Expr.IntegerLiteral i) {
            return new Expr.IntegerLiteral(i.value().negate());
        }
        if (number instanceof Expr.DecimalLiteral d) {
            return new Expr.DecimalLiteral(d.value().negate());
        }
        return new Expr.DoubleLiteral(-((Expr.DoubleLiteral) number).value());
    }

    @Override
    public Expr visitArithmeticBinary(ArithmeticBinaryContext ctx) {
        BinaryOp op = switch (ctx.operator.getType()) {
            case CairnSqlLexer.PLUS -> BinaryOp.ADD;
            case CairnSqlLexer.MINUS_SIGN -> BinaryOp.SUBTRACT;
            case CairnSqlLexer.ASTERISK -> BinaryOp.MULTIPLY;
            case CairnSqlLexer.SLASH -> BinaryOp.DIVIDE;
            case CairnSqlLexer.DIV -> BinaryOp.INT_DIVIDE;
            case CairnSqlLexer.PERCENT, CairnSqlLexer.MOD -> BinaryOp.MOD;
            case CairnSqlLexer.AMPERSAND -> BinaryOp.BIT_AND;
            case CairnSqlLexer.PIPE -> BinaryOp.BIT_OR;
            default -> BinaryOp.BIT_XOR;
        };
        return new Expr.Binary(op, expr(ctx.left), expr(ctx.right));
    }

    /** {@code a << b} / {@code a >> b} are Doris' bit_shift_left / bit_shift_right. */
    @Override
    public Expr visitShift(ShiftContext ctx) {
        String name = ctx.shiftOperator().LT().isEmpty() ? "bit_shift_right" : "bit_shift_left";
        return Expr.FunctionCall.of(name, expr(ctx.left), expr(ctx.right));
    }

    // ------------------------------------------------------------ primaries

    @Override
    public Expr visitConstantExpression(ConstantExpressionContext ctx) {
        return expr(ctx.constant());
    }

    @Override
    public Expr visitParameter(ParameterContext ctx) {
        return new Expr.Parameter(ast.parameterIndex(ctx.QUESTION().getSymbol()));
    }

    @Override
    public Expr visitInterval(IntervalContext ctx) {
        return new Expr.Interval(expr(ctx.expression()), timeUnit(ctx.unit, INTERVAL_UNITS));
    }

    @Override
    public Expr visitSimpleCase(SimpleCaseContext ctx) {
        return new Expr.Case(expr(ctx.operand), whens(ctx.whenClause()), exprOrNull(ctx.elseValue));
    }

    @Override
    public Expr visitSearchedCase(SearchedCaseContext ctx) {
        return new Expr.Case(null, whens(ctx.whenClause()), exprOrNull(ctx.elseValue));
    }

    private List<Expr.WhenClause> whens(List<WhenClauseContext> contexts) {
        return contexts.stream().map(w -> new Expr.WhenClause(expr(w.condition), expr(w.result))).toList();
    }

    @Override
    public Expr visitCast(CastContext ctx) {
        return new Expr.Cast(expr(ctx.expression()), castType(ctx.castType()));
    }

    @Override
    public Expr visitConvert(ConvertContext ctx) {
        return new Expr.Cast(expr(ctx.expression()), castType(ctx.castType()));
    }

    /** {@code extract(YEAR FROM x)} is the call {@code extract('YEAR', x)}. */
    @Override
    public Expr visitExtract(ExtractContext ctx) {
        String field = identifier(ctx.field).toUpperCase(Locale.ROOT);
        return Expr.FunctionCall.of("extract", new Expr.StringLiteral(field), expr(ctx.valueExpression()));
    }

    @Override
    public Expr visitArrayConstructor(ArrayConstructorContext ctx) {
        return new Expr.ArrayConstructor(exprs(ctx.expression()));
    }

    @Override
    public Expr visitExists(ExistsContext ctx) {
        return new Expr.Exists(ast.query(ctx.query()), false);
    }

    @Override
    public Expr visitSubqueryExpression(SubqueryExpressionContext ctx) {
        return new Expr.ScalarSubquery(ast.query(ctx.query()));
    }

    @Override
    public Expr visitFunctionCallExpression(FunctionCallExpressionContext ctx) {
        return expr(ctx.functionCall());
    }

    @Override
    public Expr visitNiladicFunction(NiladicFunctionContext ctx) {
        return Expr.FunctionCall.of(ctx.name.getText().toLowerCase(Locale.ROOT));
    }

    @Override
    public Expr visitSystemVariableExpression(SystemVariableExpressionContext ctx) {
        return systemVariable(ctx.systemVariable());
    }

    @Override
    public Expr visitUserVariableExpression(UserVariableExpressionContext ctx) {
        return new Expr.Variable(userVariableName(ctx.userVariable()), false, null);
    }

    @Override
    public Expr visitColumnReference(ColumnReferenceContext ctx) {
        return new Expr.Identifier(qualifiedName(ctx.qualifiedName()).parts());
    }

    @Override
    public Expr visitParenthesizedExpression(ParenthesizedExpressionContext ctx) {
        return expr(ctx.expression());
    }

    @Override
    public Expr visitSubscript(SubscriptContext ctx) {
        return new Expr.Subscript(expr(ctx.base), expr(ctx.index));
    }

    /** {@code @@name}, {@code @@session.name}, {@code @@global.name}: name lower-case, scope SESSION / GLOBAL / null. */
    Expr.Variable systemVariable(SystemVariableContext ctx) {
        List<IdentifierContext> parts = ctx.identifier();
        String scope = null;
        if (parts.size() == 2) {
            scope = identifier(parts.get(0)).toUpperCase(Locale.ROOT);
            switch (scope) {
                case "GLOBAL", "SESSION" -> { }
                case "LOCAL" -> scope = "SESSION";
                default -> throw SyntaxErrors.at(parts.get(0).start, "expecting GLOBAL, SESSION or LOCAL");
            }
        }
        String name = identifier(parts.get(parts.size() - 1)).toLowerCase(Locale.ROOT);
        return new Expr.Variable(name, true, scope);
    }

    /** User variable names are case-insensitive in MySQL; they are kept lower-case. */
    String userVariableName(UserVariableContext ctx) {
        String name = ctx.identifier() != null ? identifier(ctx.identifier()) : string(ctx.string());
        return name.toLowerCase(Locale.ROOT);
    }

    // ------------------------------------------------------------ literals

    @Override
    public Expr visitNullLiteral(NullLiteralContext ctx) {
        return new Expr.NullLiteral();
    }

    @Override
    public Expr visitBooleanLiteral(BooleanLiteralContext ctx) {
        return new Expr.BooleanLiteral(ctx.TRUE() != null);
    }

    @Override
    public Expr visitNumericLiteral(NumericLiteralContext ctx) {
        return number(ctx.number());
    }

    @Override
    public Expr visitStringLiteral(StringLiteralContext ctx) {
        return new Expr.StringLiteral(string(ctx.string()));
    }

    @Override
    public Expr visitIntroducedStringLiteral(CairnSqlParser.IntroducedStringLiteralContext ctx) {
        return new Expr.StringLiteral(string(ctx.string()));
    }

    @Override
    public Expr visitTypedLiteral(TypedLiteralContext ctx) {
        DataType type = ctx.type.getType() == CairnSqlLexer.DATE ? DataType.DATE : DataType.DATETIME;
        return new Expr.TypedLiteral(type, string(ctx.string()));
    }

    Expr number(NumberContext ctx) {
        String text = ctx.getText();
        if (ctx.INTEGER_VALUE() != null) {
            return new Expr.IntegerLiteral(new BigInteger(text));
        }
        if (ctx.DECIMAL_VALUE() != null) {
            return new Expr.DecimalLiteral(new BigDecimal(text));
        }
        return new Expr.DoubleLiteral(Double.parseDouble(text));
    }

    // ------------------------------------------------------------ calls and windows

    @Override
    public Expr visitCountStar(CountStarContext ctx) {
        return new Expr.FunctionCall(functionName(ctx.functionName()), false, List.of(new Expr.Star()), List.of(),
                null, window(ctx.overClause()));
    }

    @Override
    public Expr visitGenericCall(GenericCallContext ctx) {
        boolean distinct = ctx.setQuantifier() != null && ctx.setQuantifier().DISTINCT() != null;
        return new Expr.FunctionCall(functionName(ctx.functionName()), distinct, exprs(ctx.functionArgument()),
                sortItems(ctx.sortItem()), exprOrNull(ctx.separator), window(ctx.overClause()));
    }

    /** Function names are lower-case; a qualified name keeps its dots. */
    String functionName(FunctionNameContext ctx) {
        String name = ctx.qualifiedName() != null ? qualifiedName(ctx.qualifiedName()).toString() : ctx.getText();
        return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public Expr visitFunctionArgument(FunctionArgumentContext ctx) {
        return expr(ctx.lambda() != null ? ctx.lambda() : ctx.expression());
    }

    @Override
    public Expr visitLambda(LambdaContext ctx) {
        return new Expr.Lambda(ctx.identifier().stream().map(TreeValues::identifier).toList(),
                expr(ctx.expression()));
    }

    private WindowSpec window(OverClauseContext ctx) {
        if (ctx == null) {
            return null;
        }
        WindowSpec.Frame frame = null;
        WindowFrameContext frameCtx = ctx.windowFrame();
        if (frameCtx != null) {
            WindowSpec.FrameUnit unit = frameCtx.unit.getType() == CairnSqlLexer.ROWS
                    ? WindowSpec.FrameUnit.ROWS : WindowSpec.FrameUnit.RANGE;
            frame = new WindowSpec.Frame(unit, bound(frameCtx.start), frameCtx.end == null ? null : bound(frameCtx.end));
        }
        return new WindowSpec(exprs(ctx.expression()), sortItems(ctx.sortItem()), frame);
    }

    private WindowSpec.Bound bound(FrameBoundContext ctx) {
        if (ctx.CURRENT() != null) {
            return new WindowSpec.Bound(WindowSpec.BoundType.CURRENT_ROW, null);
        }
        boolean preceding = ctx.boundType.getType() == CairnSqlLexer.PRECEDING;
        if (ctx.UNBOUNDED() != null) {
            return new WindowSpec.Bound(preceding ? WindowSpec.BoundType.UNBOUNDED_PRECEDING
                    : WindowSpec.BoundType.UNBOUNDED_FOLLOWING, null);
        }
        return new WindowSpec.Bound(preceding ? WindowSpec.BoundType.PRECEDING : WindowSpec.BoundType.FOLLOWING,
                expr(ctx.valueExpression()));
    }

    List<OrderItem> sortItems(List<SortItemContext> contexts) {
        return contexts.stream().map(this::sortItem).toList();
    }

    private OrderItem sortItem(SortItemContext ctx) {
        boolean ascending = ctx.ordering == null || ctx.ordering.getType() == CairnSqlLexer.ASC;
        OrderItem.NullOrdering nulls = ctx.nullOrdering == null ? OrderItem.NullOrdering.DEFAULT
                : ctx.nullOrdering.getType() == CairnSqlLexer.FIRST ? OrderItem.NullOrdering.FIRST
                : OrderItem.NullOrdering.LAST;
        return new OrderItem(expr(ctx.expression()), ascending, nulls);
    }

    // ------------------------------------------------------------ types

    private DataType castType(CastTypeContext ctx) {
        if (ctx.dataType() != null) {
            return dataType(ctx.dataType(), true);
        }
        String sign = identifier(ctx.identifier(0)).toUpperCase(Locale.ROOT);
        String integer = identifier(ctx.identifier(1)).toUpperCase(Locale.ROOT);
        if (!sign.equals("SIGNED") && !sign.equals("UNSIGNED")) {
            throw SyntaxErrors.at(ctx.identifier(0).start, "unknown data type");
        }
        if (!integer.equals("INT") && !integer.equals("INTEGER")) {
            throw SyntaxErrors.at(ctx.identifier(1).start, "expecting INTEGER");
        }
        return sign.equals("SIGNED") ? DataType.BIGINT : DataType.LARGEINT;
    }

    DataType dataType(DataTypeContext ctx) {
        return dataType(ctx, false);
    }

    private DataType dataType(DataTypeContext ctx, boolean cast) {
        if (ctx instanceof ArrayTypeContext array) {
            return DataType.array(dataType(array.dataType(), cast));
        }
        if (ctx instanceof MapTypeContext map) {
            return DataType.map(dataType(map.dataType(0), cast), dataType(map.dataType(1), cast));
        }
        if (ctx instanceof StructTypeContext struct) {
            return DataType.struct(struct.structField().stream().map(f -> identifier(f.identifier())).toList(),
                    struct.structField().stream().map(f -> dataType(f.dataType(), cast)).toList());
        }
        if (ctx instanceof AggStateTypeContext state) {
            // agg_state<max_by(int not null, int)>: an argument is NULL unless declared NOT NULL.
            return DataType.aggState(identifier(state.function).toLowerCase(Locale.ROOT),
                    state.stateArgument().stream().map(a -> dataType(a.dataType(), cast)).toList(),
                    state.stateArgument().stream().map(a -> a.NOT() == null).toList());
        }
        return primitiveType((PrimitiveTypeContext) ctx, cast);
    }

    /**
     * Maps a type name and its parameters. Display widths such as INT(11) and FLOAT(7, 4) are
     * accepted and ignored; DECIMAL defaults to (9, 0); SIGNED / UNSIGNED exist only in CAST.
     */
    private DataType primitiveType(PrimitiveTypeContext ctx, boolean cast) {
        String name = identifier(ctx.identifier()).toUpperCase(Locale.ROOT);
        List<TerminalNode> params = ctx.INTEGER_VALUE();
        Function<Integer, Integer> param = i -> intValue(params.get(i).getSymbol());
        int maxParams;
        DataType type;
        switch (name) {
            case "BOOLEAN", "BOOL" -> { maxParams = 0; type = DataType.BOOLEAN; }
            case "TINYINT" -> { maxParams = 1; type = DataType.TINYINT; }
            case "SMALLINT" -> { maxParams = 1; type = DataType.SMALLINT; }
            case "INT", "INTEGER" -> { maxParams = 1; type = DataType.INT; }
            case "BIGINT" -> { maxParams = 1; type = DataType.BIGINT; }
            case "LARGEINT" -> { maxParams = 1; type = DataType.LARGEINT; }
            case "FLOAT" -> { maxParams = 2; type = DataType.FLOAT; }
            case "DOUBLE" -> { maxParams = 2; type = DataType.DOUBLE; }
            case "DECIMAL", "DECIMALV2", "DECIMALV3" -> {
                maxParams = 2;
                type = params.isEmpty() ? DataType.decimal(9, 0)
                        : DataType.decimal(param.apply(0), params.size() > 1 ? param.apply(1) : 0);
            }
            case "DATE", "DATEV2" -> { maxParams = 0; type = DataType.DATE; }
            case "DATETIME", "DATETIMEV2", "TIMESTAMP" -> {
                maxParams = 1;
                type = DataType.datetime(params.isEmpty() ? 0 : param.apply(0));
            }
            case "CHAR" -> { maxParams = 1; type = DataType.chars(params.isEmpty() ? -1 : param.apply(0)); }
            case "VARCHAR" -> { maxParams = 1; type = DataType.varchar(params.isEmpty() ? -1 : param.apply(0)); }
            case "STRING", "TEXT" -> { maxParams = 0; type = DataType.STRING; }
            case "JSON", "JSONB" -> { maxParams = 0; type = DataType.JSON; }
            case "BITMAP" -> { maxParams = 0; type = DataType.BITMAP; }
            case "HLL" -> { maxParams = 0; type = DataType.HLL; }
            case "SIGNED", "UNSIGNED" -> {
                if (!cast) {
                    throw SyntaxErrors.at(ctx.start, "unknown data type");
                }
                maxParams = 0;
                type = name.equals("SIGNED") ? DataType.BIGINT : DataType.LARGEINT;
            }
            default -> throw SyntaxErrors.at(ctx.start, "unknown data type");
        }
        if (params.size() > maxParams) {
            throw SyntaxErrors.at(params.get(maxParams).getSymbol(), "too many parameters for type " + name);
        }
        return type;
    }
}
