package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.Operator;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.WindowSpec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bound expressions in the shape {@link ExprPrinter} spells as DuckDB SQL: column references become
 * the plan printer's column names, typed arithmetic and sums carry the Doris type they are computed
 * in, and each subquery a placeholder that the plan printer prints from its plan.
 */
final class ExprSyntax {
    private final Map<Expr, DataType> types = new IdentityHashMap<>();
    private final Map<Query, PlanNode> subqueries = new IdentityHashMap<>();

    /** The type a printed node must be computed in (integer widening, SUM of integers, AVG of decimals), or null. */
    DataType type(Expr e) {
        return types.get(e);
    }

    /** The plan a placeholder query stands for. */
    PlanNode subquery(Query placeholder) {
        return subqueries.get(placeholder);
    }

    static String columnName(int id) {
        return "#" + id;
    }

    static Expr column(int id) {
        return new Expr.Identifier(List.of(columnName(id)));
    }

    Expr of(ScalarExpr e) {
        if (e instanceof ScalarExpr.ColumnRef c) {
            return column(c.id());
        } else if (e instanceof ScalarExpr.Literal l) {
            return literal(l);
        } else if (e instanceof ScalarExpr.Interval i) {
            return new Expr.Interval(of(i.value()), i.unit());
        } else if (e instanceof ScalarExpr.Call c) {
            return call(c);
        } else if (e instanceof ScalarExpr.Cast c) {
            return new Expr.Cast(of(c.value()), c.type());
        } else if (e instanceof ScalarExpr.Case c) {
            List<Expr.WhenClause> whens = c.whens().stream().map(w -> new Expr.WhenClause(of(w.condition()), of(w.result())))
                    .toList();
            return new Expr.Case(c.operand() == null ? null : of(c.operand()), whens,
                    c.elseValue() == null ? null : of(c.elseValue()));
        } else if (e instanceof ScalarExpr.Subquery s) {
            Query placeholder = Query.of(new QueryBody.Values(List.of()));
            subqueries.put(placeholder, s.plan());
            return switch (s.kind()) {
                case SCALAR -> new Expr.ScalarSubquery(placeholder);
                case EXISTS -> new Expr.Exists(placeholder, s.negated());
                case IN -> new Expr.InSubquery(of(s.operand()), placeholder, s.negated());
            };
        }
        ScalarExpr.Lambda l = (ScalarExpr.Lambda) e;
        return new Expr.Lambda(l.params().stream().map(p -> columnName(p.id())).toList(), of(l.body()));
    }

    List<Expr> of(List<ScalarExpr> exprs) {
        List<Expr> out = new ArrayList<>(exprs.size());
        exprs.forEach(x -> out.add(of(x)));
        return out;
    }

    private static Expr literal(ScalarExpr.Literal l) {
        Object v = l.value();
        if (v == null) {
            return new Expr.NullLiteral();
        } else if (v instanceof Boolean b) {
            return new Expr.BooleanLiteral(b);
        } else if (v instanceof BigInteger i) {
            return new Expr.IntegerLiteral(i);
        } else if (v instanceof BigDecimal d) {
            return new Expr.DecimalLiteral(d);
        } else if (v instanceof Double d) {
            return new Expr.DoubleLiteral(d);
        }
        TypeKind kind = l.type().kind();
        return kind == TypeKind.DATE || kind == TypeKind.DATETIME
                ? new Expr.TypedLiteral(l.type(), v.toString()) : new Expr.StringLiteral(v.toString());
    }

    private Expr call(ScalarExpr.Call c) {
        Operator op = Operator.of(c.function());
        if (op == null) {
            return function(c.function(), false, c.args(), List.of(), null, c.type());
        }
        List<ScalarExpr> a = c.args();
        return switch (op) {
            case ADD -> arithmetic(Expr.BinaryOp.ADD, c);
            case SUBTRACT -> arithmetic(Expr.BinaryOp.SUBTRACT, c);
            case MULTIPLY -> arithmetic(Expr.BinaryOp.MULTIPLY, c);
            case DIVIDE -> binary(Expr.BinaryOp.DIVIDE, a);
            case INT_DIVIDE -> binary(Expr.BinaryOp.INT_DIVIDE, a);
            case MOD -> binary(Expr.BinaryOp.MOD, a);
            case BITAND -> binary(Expr.BinaryOp.BIT_AND, a);
            case BITOR -> binary(Expr.BinaryOp.BIT_OR, a);
            case BITXOR -> binary(Expr.BinaryOp.BIT_XOR, a);
            case EQ -> binary(Expr.BinaryOp.EQ, a);
            case NE -> binary(Expr.BinaryOp.NE, a);
            case LT -> binary(Expr.BinaryOp.LT, a);
            case LE -> binary(Expr.BinaryOp.LE, a);
            case GT -> binary(Expr.BinaryOp.GT, a);
            case GE -> binary(Expr.BinaryOp.GE, a);
            case EQ_FOR_NULL -> binary(Expr.BinaryOp.NULL_SAFE_EQ, a);
            case AND -> binary(Expr.BinaryOp.AND, a);
            case OR -> binary(Expr.BinaryOp.OR, a);
            case NEGATIVE -> new Expr.Unary(Expr.UnaryOp.MINUS, of(a.get(0)));
            case BITNOT -> new Expr.Unary(Expr.UnaryOp.BIT_NOT, of(a.get(0)));
            case NOT -> not(a.get(0));
            case IS_NULL -> new Expr.IsNull(of(a.get(0)), false);
            case IS_NOT_NULL -> new Expr.IsNull(of(a.get(0)), true);
            case LIKE, REGEXP -> like(op, a, false);
            case IN -> new Expr.InList(of(a.get(0)), of(a.subList(1, a.size())), false);
            case BETWEEN -> new Expr.Between(of(a.get(0)), of(a.get(1)), of(a.get(2)), false);
            case ARRAY -> new Expr.ArrayConstructor(of(a));
            case ELEMENT_AT -> new Expr.Subscript(of(a.get(0)), of(a.get(1)));
        };
    }

    /** NOT over a predicate that has a negated spelling keeps that spelling. */
    private Expr not(ScalarExpr operand) {
        Operator inner = operand instanceof ScalarExpr.Call c ? Operator.of(c.function()) : null;
        if (inner != null) {
            List<ScalarExpr> a = ((ScalarExpr.Call) operand).args();
            switch (inner) {
                case LIKE, REGEXP:
                    return like(inner, a, true);
                case IN:
                    return new Expr.InList(of(a.get(0)), of(a.subList(1, a.size())), true);
                case BETWEEN:
                    return new Expr.Between(of(a.get(0)), of(a.get(1)), of(a.get(2)), true);
                default:
                    break;
            }
        }
        return new Expr.Unary(Expr.UnaryOp.NOT, of(operand));
    }

    private Expr like(Operator op, List<ScalarExpr> a, boolean negated) {
        return new Expr.Like(of(a.get(0)), of(a.get(1)), op == Operator.LIKE ? Expr.LikeKind.LIKE : Expr.LikeKind.REGEXP,
                negated, a.size() > 2 ? of(a.get(2)) : null);
    }

    private Expr binary(Expr.BinaryOp op, List<ScalarExpr> a) {
        return new Expr.Binary(op, of(a.get(0)), of(a.get(1)));
    }

    /** Integer +, - and * are computed in the Doris type of the call, one step wider than the operands. */
    private Expr arithmetic(Expr.BinaryOp op, ScalarExpr.Call c) {
        Expr.Binary b = new Expr.Binary(op, of(c.args().get(0)), of(c.args().get(1)));
        if (c.args().stream().allMatch(x -> x.type().kind().isInteger()) && c.type().kind().isInteger()) {
            types.put(b, c.type());
        }
        return b;
    }

    /** An aggregate or scalar call; {@code over} is the window of an analytic call (nullable). */
    Expr function(String name, boolean distinct, List<ScalarExpr> args, List<PlanNode.SortKey> orderBy, WindowSpec over,
                  DataType type) {
        List<Expr> printedArgs = args.isEmpty() && name.equals("count") ? List.of(new Expr.Star()) : of(args);
        Expr.FunctionCall f = new Expr.FunctionCall(name, distinct, printedArgs, orderItems(orderBy), null, over);
        boolean integerSum = name.equals("sum") && args.size() == 1 && args.get(0).type().kind().isInteger();
        boolean decimalAvg = name.equals("avg") && args.size() == 1 && args.get(0).type().kind() == TypeKind.DECIMAL;
        if (integerSum || decimalAvg) {
            types.put(f, type);
        }
        return f;
    }

    List<OrderItem> orderItems(List<PlanNode.SortKey> keys) {
        return keys.stream().map(k -> new OrderItem(of(k.expr()), k.ascending(),
                k.nullsFirst() ? OrderItem.NullOrdering.FIRST : OrderItem.NullOrdering.LAST)).toList();
    }
}
