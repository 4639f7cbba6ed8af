package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.WindowSpec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Short-hand constructors for hand-built ASTs in tests. */
final class Ast {
    private Ast() {
    }

    static Expr.Identifier col(String... parts) {
        return new Expr.Identifier(List.of(parts));
    }

    static Expr.IntegerLiteral num(long v) {
        return new Expr.IntegerLiteral(BigInteger.valueOf(v));
    }

    static Expr.DecimalLiteral dec(String v) {
        return new Expr.DecimalLiteral(new BigDecimal(v));
    }

    static Expr.DoubleLiteral dbl(double v) {
        return new Expr.DoubleLiteral(v);
    }

    static Expr.StringLiteral str(String v) {
        return new Expr.StringLiteral(v);
    }

    static Expr.NullLiteral nul() {
        return new Expr.NullLiteral();
    }

    static Expr.BooleanLiteral bool(boolean v) {
        return new Expr.BooleanLiteral(v);
    }

    static Expr.TypedLiteral date(String v) {
        return new Expr.TypedLiteral(DataType.DATE, v);
    }

    static Expr.TypedLiteral datetime(String v) {
        return new Expr.TypedLiteral(DataType.DATETIME, v);
    }

    static Expr.Interval interval(Expr value, String unit) {
        return new Expr.Interval(value, unit);
    }

    static Expr.FunctionCall fn(String name, Expr... args) {
        return Expr.FunctionCall.of(name, args);
    }

    static Expr.FunctionCall distinct(String name, Expr... args) {
        return new Expr.FunctionCall(name, true, List.of(args), List.of(), null, null);
    }

    static Expr.FunctionCall ordered(String name, List<OrderItem> orderBy, Expr separator, Expr... args) {
        return new Expr.FunctionCall(name, false, List.of(args), orderBy, separator, null);
    }

    static Expr.FunctionCall over(Expr.FunctionCall f, WindowSpec w) {
        return new Expr.FunctionCall(f.name(), f.distinct(), f.args(), f.orderBy(), f.separator(), w);
    }

    static Expr.Star star() {
        return new Expr.Star();
    }

    static Expr.Binary bin(Expr.BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r);
    }

    static Expr.Cast cast(Expr e, DataType t) {
        return new Expr.Cast(e, t);
    }

    static Expr.ArrayConstructor array(Expr... elements) {
        return new Expr.ArrayConstructor(List.of(elements));
    }

    static OrderItem asc(Expr e) {
        return new OrderItem(e, true, OrderItem.NullOrdering.DEFAULT);
    }

    static OrderItem desc(Expr e) {
        return new OrderItem(e, false, OrderItem.NullOrdering.DEFAULT);
    }

    static QueryBody.SingleColumn item(Expr e) {
        return new QueryBody.SingleColumn(e, null);
    }

    static QueryBody.SingleColumn item(Expr e, String alias) {
        return new QueryBody.SingleColumn(e, alias);
    }

    static QueryBody.AllColumns all() {
        return new QueryBody.AllColumns(null);
    }

    static Relation.TableRef table(String name) {
        return Relation.TableRef.of(QualifiedName.of(name));
    }

    static Relation.TableRef table(String name, String alias) {
        return new Relation.TableRef(QualifiedName.of(name), alias, List.of(), null);
    }

    static Relation.Join join(Relation.JoinType type, Relation l, Relation r, Expr on) {
        return new Relation.Join(type, l, r, on, List.of());
    }

    static QueryBody.GroupBy groupBy(QueryBody.GroupingElement... elements) {
        return new QueryBody.GroupBy(Arrays.asList(elements));
    }

    static QueryBody.SimpleGroupBy simple(Expr... exprs) {
        return new QueryBody.SimpleGroupBy(List.of(exprs));
    }

    /** A SELECT block, to be completed with the with-ers below. */
    static Select select(QueryBody.SelectItem... items) {
        return new Select(new QueryBody.QuerySpec(Map.of(), false, List.of(items), null, null, null, null));
    }

    record Select(QueryBody.QuerySpec spec) {
        Select from(Relation r) {
            return new Select(new QueryBody.QuerySpec(Map.of(), spec.distinct(), spec.select(), r, spec.where(),
                    spec.groupBy(), spec.having()));
        }

        Select where(Expr e) {
            return new Select(new QueryBody.QuerySpec(Map.of(), spec.distinct(), spec.select(), spec.from(), e,
                    spec.groupBy(), spec.having()));
        }

        Select groupBy(QueryBody.GroupBy g) {
            return new Select(new QueryBody.QuerySpec(Map.of(), spec.distinct(), spec.select(), spec.from(),
                    spec.where(), g, spec.having()));
        }

        Select having(Expr e) {
            return new Select(new QueryBody.QuerySpec(Map.of(), spec.distinct(), spec.select(), spec.from(),
                    spec.where(), spec.groupBy(), e));
        }

        Select distinct() {
            return new Select(new QueryBody.QuerySpec(Map.of(), true, spec.select(), spec.from(), spec.where(),
                    spec.groupBy(), spec.having()));
        }

        Query query() {
            return Query.of(spec);
        }

        Query orderBy(OrderItem... items) {
            return new Query(List.of(), spec, List.of(items), null);
        }
    }
}
