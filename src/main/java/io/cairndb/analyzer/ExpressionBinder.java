package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.AggregateStates;
import io.cairndb.printer.ArgumentType;
import io.cairndb.printer.FunctionKind;
import io.cairndb.printer.FunctionRegistry;
import io.cairndb.printer.FunctionSignature;
import io.cairndb.printer.OperatorTypes;
import io.cairndb.sql.tree.Expr;

import io.cairndb.error.CairnException;
import io.cairndb.error.QueryErrors;

import io.cairndb.error.UnknownNames;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Binds the scalar expressions of one scope: names become column references, calls are typed by the
 * function registry, variables and session functions become literals. A {@link Hook} lets the query
 * binder take over sub-expressions first (aggregates, window calls, grouping keys).
 */
final class ExpressionBinder {
    /** Date units that keep a DATE a DATE when added. */
    private static final Set<String> DATE_UNITS = Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY");
    /** The functions that take a unit as a bare word, and those units. */
    private static final Set<String> UNIT_FUNCTIONS = Set.of("timestampdiff", "date_trunc");
    private static final Set<String> UNIT_WORDS = Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE",
            "SECOND", "MILLISECOND", "MICROSECOND");

    /** Binds {@code e} itself, or returns null to let the default rules bind it (and its children, through the hook again). */
    interface Hook {
        ScalarExpr bind(Expr e, ExpressionBinder binder);
    }

    /** Where the expressions stand, for the error an aggregate or window call there gets. */
    enum Clause {
        WHERE("WHERE"), GROUP_BY("GROUP BY"), AGGREGATE_ARGUMENT(null), OTHER(null);

        private final String keyword;

        Clause(String keyword) {
            this.keyword = keyword;
        }

        CairnException aggregateHere() {
            if (this == OTHER) {
                return QueryErrors.wrong("aggregate functions are not allowed here");
            }
            return QueryErrors.wrong(keyword == null ? QueryErrors.NESTED_AGGREGATE : QueryErrors.aggregateIn(keyword));
        }

        CairnException windowHere() {
            if (this == OTHER) {
                return QueryErrors.wrong("analytic expressions are not allowed here");
            }
            return QueryErrors.wrong(keyword == null ? QueryErrors.ANALYTIC_IN_AGGREGATE : QueryErrors.analyticIn(keyword));
        }
    }

    private final QueryBinder queries;
    private final BindScope scope;
    private final Hook hook;
    private final Clause clause;
    /** The select-list aliases being bound in place of their names, so that an alias never expands into itself. */
    private final Set<String> expandingAliases = new HashSet<>();

    ExpressionBinder(QueryBinder queries, BindScope scope, Hook hook) {
        this(queries, scope, hook, Clause.OTHER);
    }

    ExpressionBinder(QueryBinder queries, BindScope scope, Hook hook, Clause clause) {
        this.queries = queries;
        this.scope = scope;
        this.hook = hook;
        this.clause = clause;
    }

    /** The same scope, hook-less, for expressions in {@code where}. */
    ExpressionBinder in(Clause where) {
        return new ExpressionBinder(queries, scope, null, where);
    }

    BindScope scope() {
        return scope;
    }

    /** The same scope without the hook: for the arguments of an aggregate, bound below the aggregation. */
    ExpressionBinder plain() {
        return hook == null ? this : new ExpressionBinder(queries, scope, null, clause);
    }

    ScalarExpr bind(Expr e) {
        if (hook != null) {
            ScalarExpr bound = hook.bind(e, this);
            if (bound != null) {
                return bound;
            }
        }
        return bindDefault(e);
    }

    List<ScalarExpr> bindAll(List<Expr> exprs) {
        List<ScalarExpr> out = new ArrayList<>(exprs.size());
        for (Expr e : exprs) {
            out.add(bind(e));
        }
        return out;
    }

    private ScalarExpr bindDefault(Expr e) {
        if (e instanceof Expr.Identifier id) {
            PlanColumn c = scope.resolve(id);
            if (c != null) {
                return c.ref();
            }
            ScalarExpr field = structField(id);
            if (field != null) {
                return field;
            }
            Expr aliased = scope.alias(id);
            String alias = id.name().toLowerCase(Locale.ROOT);
            if (aliased != null && expandingAliases.add(alias)) {
                try {
                    return bind(aliased);
                } finally {
                    expandingAliases.remove(alias);
                }
            }
            throw scope.unknown(id);
        } else if (e instanceof Expr.NullLiteral) {
            return new ScalarExpr.Literal(DataType.NULL, null);
        } else if (e instanceof Expr.BooleanLiteral b) {
            return new ScalarExpr.Literal(DataType.BOOLEAN, b.value());
        } else if (e instanceof Expr.IntegerLiteral i) {
            DataType t = OperatorTypes.integerLiteral(i.value());
            if (t == null) {
                // Wider than LARGEINT: a DECIMAL literal, as Doris reads it.
                BigDecimal d = new BigDecimal(i.value());
                return new ScalarExpr.Literal(OperatorTypes.decimalLiteral(d), d);
            }
            return new ScalarExpr.Literal(t, i.value());
        } else if (e instanceof Expr.DecimalLiteral d) {
            return new ScalarExpr.Literal(OperatorTypes.decimalLiteral(d.value()), d.value());
        } else if (e instanceof Expr.DoubleLiteral d) {
            return new ScalarExpr.Literal(DataType.DOUBLE, d.value());
        } else if (e instanceof Expr.StringLiteral s) {
            return new ScalarExpr.Literal(DataType.varchar(Math.max(1, s.value().length())), s.value());
        } else if (e instanceof Expr.TypedLiteral t) {
            return new ScalarExpr.Literal(t.type(), t.value());
        } else if (e instanceof Expr.Interval i) {
            return new ScalarExpr.Interval(intervalCount(i.value()), i.unit());
        } else if (e instanceof Expr.Variable v) {
            return sessionLiteral(SessionValues.variable(queries.context().session(), v));
        } else if (e instanceof Expr.FunctionCall f) {
            return function(f);
        } else if (e instanceof Expr.Unary u) {
            return unary(u);
        } else if (e instanceof Expr.Binary b) {
            return binary(b);
        } else if (e instanceof Expr.Between b) {
            ScalarExpr between = predicate(Operator.BETWEEN,
                    ImplicitCasts.comparedWithFirst(List.of(bind(b.value()), bind(b.low()), bind(b.high()))));
            return b.negated() ? not(between) : between;
        } else if (e instanceof Expr.InList in) {
            List<ScalarExpr> args = new ArrayList<>();
            args.add(bind(in.value()));
            args.addAll(bindAll(in.list()));
            ScalarExpr inList = predicate(Operator.IN, ImplicitCasts.comparedWithFirst(args));
            return in.negated() ? not(inList) : inList;
        } else if (e instanceof Expr.IsNull n) {
            return call(n.negated() ? Operator.IS_NOT_NULL : Operator.IS_NULL, List.of(bind(n.value())), OperatorTypes.isNull());
        } else if (e instanceof Expr.Like like) {
            return like(like);
        } else if (e instanceof Expr.Case c) {
            return caseWhen(c);
        } else if (e instanceof Expr.Cast c) {
            ScalarExpr value = bind(c.value());
            if ((value.type().kind() == TypeKind.AGG_STATE || c.type().kind() == TypeKind.AGG_STATE)
                    && !AggregateStates.castable(value.type(), c.type())) {
                throw AggregateStates.castError(value.type(), c.type());
            }
            return new ScalarExpr.Cast(value, c.type(), value.nullable() || !c.type().kind().isString());
        } else if (e instanceof Expr.ArrayConstructor a) {
            List<ScalarExpr> elements = bindAll(a.elements());
            DataType element = elements.isEmpty() ? DataType.NULL
                    : OperatorTypes.commonType(elements.stream().map(ScalarExpr::type).toList());
            return new ScalarExpr.Call(Operator.ARRAY.function(), elements, DataType.array(element), false);
        } else if (e instanceof Expr.Subscript s) {
            return subscript(bind(s.base()), bind(s.index()));
        } else if (e instanceof Expr.ScalarSubquery s) {
            return queries.subquery(ScalarExpr.SubqueryKind.SCALAR, false, null, s.query(), scope);
        } else if (e instanceof Expr.Exists ex) {
            return queries.subquery(ScalarExpr.SubqueryKind.EXISTS, ex.negated(), null, ex.query(), scope);
        } else if (e instanceof Expr.InSubquery in) {
            return queries.subquery(ScalarExpr.SubqueryKind.IN, in.negated(), bind(in.value()), in.query(), scope);
        }
        if (e instanceof Expr.Lambda) {
            throw QueryErrors.wrong("a lambda expression is only allowed as an argument of an array function");
        }
        if (e instanceof Expr.Star) {
            throw QueryErrors.wrong("* is only allowed in a select list or in count(*)");
        }
        // Parameters are bound to their values and DEFAULT is resolved before a statement is bound.
        throw new IllegalStateException("unbound " + e.getClass().getSimpleName());
    }

    private static ScalarExpr sessionLiteral(Object value) {
        if (value == null) {
            return new ScalarExpr.Literal(DataType.NULL, null);
        }
        if (value instanceof Long l) {
            BigInteger v = BigInteger.valueOf(l);
            return new ScalarExpr.Literal(OperatorTypes.integerLiteral(v), v);
        }
        String s = value.toString();
        return new ScalarExpr.Literal(DataType.varchar(Math.max(1, s.length())), s);
    }

    private ScalarExpr function(Expr.FunctionCall f) {
        String name = f.name().toLowerCase(Locale.ROOT);
        if (name.equals("extract") && f.args().size() == 2 && f.args().get(0) instanceof Expr.StringLiteral unit) {
            return function(extract(unit.value(), f.args().get(1)));
        }
        if (f.args().isEmpty() && f.over() == null && SessionValues.isSessionFunction(name)) {
            queries.foldedSessionFunction(name);
            return sessionLiteral(SessionValues.function(queries.context().session(), name));
        }
        FunctionRegistry registry = FunctionRegistry.instance();
        FunctionKind kind = registry.kind(name);
        if (kind == null) {
            throw QueryErrors.unknownFunction(name, null);
        }
        // Aggregates and window calls are bound by the query binder's hook where they are allowed.
        if (f.over() != null) {
            throw kind == FunctionKind.SCALAR ? QueryErrors.notAggregate(name, null) : clause.windowHere();
        }
        if (kind == FunctionKind.AGGREGATE) {
            throw clause.aggregateHere();
        }
        if (kind == FunctionKind.WINDOW) {
            throw QueryErrors.unknownFunction(name, null);
        }
        if (f.distinct() || !f.orderBy().isEmpty() || f.separator() != null) {
            throw QueryErrors.notAggregate(name, null);
        }
        List<ScalarExpr> args = ImplicitCasts.arguments(name, arguments(f.args(), UNIT_FUNCTIONS.contains(name)));
        FunctionSignature sig = signature(name, args);
        return new ScalarExpr.Call(name, args, sig.returnType(), sig.nullable());
    }

    /**
     * The arguments of a call: a bare unit word no column is named after ({@code timestampdiff(MONTH, ..)})
     * is that word as a string; a lambda's parameters take the element types of the array arguments.
     */
    /** {@code s.f} where {@code s} is a STRUCT column: its field {@code f}. */
    private ScalarExpr structField(Expr.Identifier id) {
        if (id.parts().size() != 2) {
            return null;
        }
        PlanColumn struct = scope.resolve(new Expr.Identifier(List.of(id.parts().get(0))));
        if (struct == null || struct.type().kind() != TypeKind.STRUCT) {
            return null;
        }
        int at = -1;
        for (int i = 0; i < struct.type().fieldNames().size(); i++) {
            if (struct.type().fieldNames().get(i).equalsIgnoreCase(id.name())) {
                at = i;
            }
        }
        if (at < 0) {
            throw UnknownNames.qualifiedColumn(id.parts().get(0), id.name(), null);
        }
        ScalarExpr name = new ScalarExpr.Literal(DataType.varchar(id.name().length()), struct.type().fieldNames().get(at));
        return new ScalarExpr.Call("struct_element", List.of(struct.ref(), name), struct.type().children().get(at), true);
    }

    private List<ScalarExpr> arguments(List<Expr> args, boolean takesUnitWord) {
        List<ScalarExpr> out = new ArrayList<>(args.size());
        List<DataType> elementTypes = new ArrayList<>();
        for (Expr a : args) {
            if (a instanceof Expr.Lambda) {
                continue;
            }
            ScalarExpr bound = takesUnitWord && a instanceof Expr.Identifier id && isUnitWord(id) ? unitWord(id) : bind(a);
            if (bound.type().kind() == TypeKind.ARRAY) {
                elementTypes.add(bound.type().children().get(0));
            }
            out.add(bound);
        }
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) instanceof Expr.Lambda l) {
                out.add(i, lambda(l, elementTypes));
            }
        }
        return out;
    }

    private boolean isUnitWord(Expr.Identifier id) {
        return id.parts().size() == 1 && UNIT_WORDS.contains(id.name().toUpperCase(Locale.ROOT)) && scope.resolve(id) == null;
    }

    private static ScalarExpr unitWord(Expr.Identifier id) {
        return new ScalarExpr.Literal(DataType.varchar(id.name().length()), id.name());
    }

    private ScalarExpr lambda(Expr.Lambda l, List<DataType> elementTypes) {
        if (l.params().size() != elementTypes.size()) {
            throw QueryErrors.wrong("The lambda expression takes " + l.params().size()
                    + " parameter(s) but the function has " + elementTypes.size() + " array argument(s)");
        }
        List<PlanColumn> params = new ArrayList<>();
        List<BindScope.Field> fields = new ArrayList<>();
        for (int i = 0; i < l.params().size(); i++) {
            PlanColumn p = queries.newColumn(l.params().get(i), elementTypes.get(i), true);
            params.add(p);
            fields.add(new BindScope.Field(null, p.name(), p));
        }
        ExpressionBinder body = new ExpressionBinder(queries, new BindScope(fields, scope), hook, clause);
        return new ScalarExpr.Lambda(params, body.bind(l.body()));
    }

    /** The argument types the registry and the operator rules read. */
    static List<ArgumentType> argumentTypes(List<ScalarExpr> args) {
        List<ArgumentType> out = new ArrayList<>(args.size());
        for (ScalarExpr a : args) {
            out.add(argumentType(a));
        }
        return out;
    }

    /** An INTERVAL argument is its count's type with the unit as the constant, as the registry reads it. */
    static ArgumentType argumentType(ScalarExpr a) {
        if (a instanceof ScalarExpr.Interval i) {
            return new ArgumentType(i.value().type(), i.value().nullable(), i.unit());
        }
        return new ArgumentType(a.type(), a.nullable(), a instanceof ScalarExpr.Literal l ? l.value() : null);
    }

    private ScalarExpr unary(Expr.Unary u) {
        ScalarExpr operand = bind(u.operand());
        return switch (u.op()) {
            case PLUS -> operand;
            case MINUS -> call(Operator.NEGATIVE, List.of(operand), OperatorTypes.negate(argumentType(operand)));
            case NOT -> not(operand);
            case BIT_NOT -> call(Operator.BITNOT, List.of(operand), OperatorTypes.bitNot(argumentType(operand)));
        };
    }

    /** An operator call of the type the operator rules give; null from them means no such operation. */
    private static ScalarExpr call(Operator op, List<ScalarExpr> args, ArgumentType result) {
        if (result == null) {
            throw QueryErrors.wrong("Can not find the compatibility function signature: " + op.function() + "("
                    + args.stream().map(a -> a.type().toSql()).collect(java.util.stream.Collectors.joining(", ")) + ")");
        }
        return new ScalarExpr.Call(op.function(), args, result.type(), result.nullable());
    }

    private ScalarExpr binary(Expr.Binary b) {
        ScalarExpr l = bind(b.left());
        ScalarExpr r = bind(b.right());
        return switch (b.op()) {
            case EQ -> comparison(Operator.EQ, b.op(), l, r);
            case NE -> comparison(Operator.NE, b.op(), l, r);
            case LT -> comparison(Operator.LT, b.op(), l, r);
            case LE -> comparison(Operator.LE, b.op(), l, r);
            case GT -> comparison(Operator.GT, b.op(), l, r);
            case GE -> comparison(Operator.GE, b.op(), l, r);
            case NULL_SAFE_EQ -> comparison(Operator.EQ_FOR_NULL, b.op(), l, r);
            case AND -> comparison(Operator.AND, b.op(), l, r);
            case OR -> comparison(Operator.OR, b.op(), l, r);
            case ADD, SUBTRACT -> l instanceof ScalarExpr.Interval || r instanceof ScalarExpr.Interval
                    ? dateArithmetic(b, l, r) : arithmetic(b.op(), l, r);
            default -> arithmetic(b.op(), l, r);
        };
    }

    private static ScalarExpr comparison(Operator op, Expr.BinaryOp syntax, ScalarExpr left, ScalarExpr right) {
        List<ScalarExpr> operands = op == Operator.AND || op == Operator.OR ? List.of(left, right)
                : ImplicitCasts.comparedWithFirst(List.of(left, right));
        ScalarExpr l = operands.get(0);
        ScalarExpr r = operands.get(1);
        return call(op, List.of(l, r), OperatorTypes.comparison(syntax, argumentType(l), argumentType(r)));
    }

    private static ScalarExpr arithmetic(Expr.BinaryOp op, ScalarExpr left, ScalarExpr right) {
        ScalarExpr l = ImplicitCasts.numeric(left);
        ScalarExpr r = ImplicitCasts.numeric(right);
        ArgumentType result = OperatorTypes.arithmetic(op, argumentType(l), argumentType(r));
        Operator operator = switch (op) {
            case ADD -> Operator.ADD;
            case SUBTRACT -> Operator.SUBTRACT;
            case MULTIPLY -> Operator.MULTIPLY;
            case DIVIDE -> Operator.DIVIDE;
            case INT_DIVIDE -> Operator.INT_DIVIDE;
            case MOD -> Operator.MOD;
            case BIT_AND -> Operator.BITAND;
            case BIT_OR -> Operator.BITOR;
            default -> Operator.BITXOR;
        };
        return call(operator, List.of(l, r), result);
    }

    /** The units of EXTRACT(unit FROM x). */
    private static final List<String> EXTRACT_UNITS = List.of("year", "quarter", "month", "week", "day", "hour", "minute",
            "second");

    /** EXTRACT(unit FROM x) is the function of that unit, as Doris binds it: year(x), month(x), ... */
    private static Expr.FunctionCall extract(String unit, Expr value) {
        String field = unit.toLowerCase(Locale.ROOT);
        if (!EXTRACT_UNITS.contains(field)) {
            throw QueryErrors.wrong("EXTRACT does not support the unit " + field.toUpperCase(Locale.ROOT) + ": use one of "
                    + String.join(", ", EXTRACT_UNITS.stream().map(u -> u.toUpperCase(Locale.ROOT)).toList()));
        }
        return Expr.FunctionCall.of(field, value);
    }

    /**
     * The count of an INTERVAL: standard SQL quotes it ({@code INTERVAL '90' DAY}), which is the
     * number in the quotes; another string is converted as a cast to an integer would.
     */
    private ScalarExpr intervalCount(Expr value) {
        if (value instanceof Expr.StringLiteral s && s.value().strip().matches("[+-]?\\d{1,18}")) {
            return bind(new Expr.IntegerLiteral(new java.math.BigInteger(s.value().strip())));
        }
        ScalarExpr count = bind(value);
        return count.type().kind().isString() ? new ScalarExpr.Cast(count, DataType.BIGINT, true) : count;
    }

    /** {@code d + INTERVAL n unit}: a DATE stays a DATE for whole days and coarser, anything else is a DATETIME. */
    private static ScalarExpr dateArithmetic(Expr.Binary b, ScalarExpr l, ScalarExpr r) {
        if (b.op() == Expr.BinaryOp.SUBTRACT && l instanceof ScalarExpr.Interval) {
            throw QueryErrors.wrong("An INTERVAL can not be subtracted from: write the date first");
        }
        ScalarExpr date = l instanceof ScalarExpr.Interval ? r : l;
        ScalarExpr.Interval interval = (ScalarExpr.Interval) (l instanceof ScalarExpr.Interval ? l : r);
        DataType type = date.type().kind() == TypeKind.DATE && DATE_UNITS.contains(interval.unit())
                ? DataType.DATE : date.type().kind() == TypeKind.DATETIME ? date.type() : DataType.DATETIME;
        Operator op = b.op() == Expr.BinaryOp.ADD ? Operator.ADD : Operator.SUBTRACT;
        return new ScalarExpr.Call(op.function(), List.of(l, r), type, true);
    }

    private static ScalarExpr predicate(Operator op, List<ScalarExpr> args) {
        return call(op, args, OperatorTypes.predicate(argumentTypes(args)));
    }

    static ScalarExpr not(ScalarExpr e) {
        return predicate(Operator.NOT, List.of(e));
    }

    private ScalarExpr like(Expr.Like like) {
        List<ScalarExpr> args = new ArrayList<>(List.of(bind(like.value()), bind(like.pattern())));
        if (like.escape() != null) {
            args.add(bind(like.escape()));
        }
        ScalarExpr match = predicate(like.kind() == Expr.LikeKind.LIKE ? Operator.LIKE : Operator.REGEXP, args);
        return like.negated() ? not(match) : match;
    }

    private ScalarExpr caseWhen(Expr.Case c) {
        ScalarExpr operand = c.operand() == null ? null : bind(c.operand());
        List<ScalarExpr.When> whens = new ArrayList<>();
        List<DataType> results = new ArrayList<>();
        boolean nullable = c.elseValue() == null;
        for (Expr.WhenClause w : c.whens()) {
            ScalarExpr result = bind(w.result());
            whens.add(new ScalarExpr.When(bind(w.condition()), result));
            results.add(result.type());
            nullable |= result.nullable();
        }
        ScalarExpr elseValue = c.elseValue() == null ? null : bind(c.elseValue());
        if (elseValue != null) {
            results.add(elseValue.type());
            nullable |= elseValue.nullable();
        }
        DataType type = OperatorTypes.commonType(results);
        List<ScalarExpr.When> converted = whens.stream()
                .map(w -> new ScalarExpr.When(w.condition(), ImplicitCasts.to(w.result(), type))).toList();
        return new ScalarExpr.Case(operand, converted, elseValue == null ? null : ImplicitCasts.to(elseValue, type), type,
                nullable);
    }

    private static ScalarExpr subscript(ScalarExpr base, ScalarExpr index) {
        DataType t = base.type();
        DataType element = switch (t.kind()) {
            case ARRAY -> t.children().get(0);
            case MAP -> t.children().get(1);
            default -> throw QueryErrors.wrong("Only an ARRAY or a MAP can be subscripted, not " + t.toSql());
        };
        return new ScalarExpr.Call(Operator.ELEMENT_AT.function(), List.of(base, index), element, true);
    }

    /** The registry's signature of a call over bound arguments. */
    static FunctionSignature signature(String name, List<ScalarExpr> args) {
        FunctionSignature sig = FunctionRegistry.instance().resolve(name, argumentTypes(args));
        if (sig == null) {
            throw QueryErrors.unknownFunction(name, null);
        }
        return sig;
    }
}
