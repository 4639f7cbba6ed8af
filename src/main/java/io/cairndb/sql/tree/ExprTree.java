package io.cairndb.sql.tree;

import java.util.ArrayList;
import java.util.List;

/** Generic traversal of expression trees: the direct sub-expressions and subqueries of a node. */
public final class ExprTree {
    private ExprTree() {
    }

    /** The direct sub-expressions of {@code e} (window specs and ORDER BY items included). */
    public static List<Expr> children(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e instanceof Expr.FunctionCall f) {
            out.addAll(f.args());
            f.orderBy().forEach(o -> out.add(o.expr()));
            if (f.separator() != null) {
                out.add(f.separator());
            }
            if (f.over() != null) {
                out.addAll(f.over().partitionBy());
                f.over().orderBy().forEach(o -> out.add(o.expr()));
            }
        } else if (e instanceof Expr.Unary u) {
            out.add(u.operand());
        } else if (e instanceof Expr.Binary b) {
            out.add(b.left());
            out.add(b.right());
        } else if (e instanceof Expr.Between b) {
            out.add(b.value());
            out.add(b.low());
            out.add(b.high());
        } else if (e instanceof Expr.InList in) {
            out.add(in.value());
            out.addAll(in.list());
        } else if (e instanceof Expr.InSubquery in) {
            out.add(in.value());
        } else if (e instanceof Expr.IsNull n) {
            out.add(n.value());
        } else if (e instanceof Expr.Like l) {
            out.add(l.value());
            out.add(l.pattern());
            if (l.escape() != null) {
                out.add(l.escape());
            }
        } else if (e instanceof Expr.Case c) {
            if (c.operand() != null) {
                out.add(c.operand());
            }
            for (Expr.WhenClause w : c.whens()) {
                out.add(w.condition());
                out.add(w.result());
            }
            if (c.elseValue() != null) {
                out.add(c.elseValue());
            }
        } else if (e instanceof Expr.Cast c) {
            out.add(c.value());
        } else if (e instanceof Expr.ArrayConstructor a) {
            out.addAll(a.elements());
        } else if (e instanceof Expr.Subscript s) {
            out.add(s.base());
            out.add(s.index());
        } else if (e instanceof Expr.Lambda l) {
            out.add(l.body());
        } else if (e instanceof Expr.Interval i) {
            out.add(i.value());
        }
        return out;
    }

    /** The subqueries directly inside {@code e}. */
    public static List<Query> subqueries(Expr e) {
        if (e instanceof Expr.InSubquery in) {
            return List.of(in.query());
        }
        if (e instanceof Expr.Exists ex) {
            return List.of(ex.query());
        }
        if (e instanceof Expr.ScalarSubquery s) {
            return List.of(s.query());
        }
        return List.of();
    }
}
