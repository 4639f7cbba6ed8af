package io.cairndb.analyzer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.FunctionKind;
import io.cairndb.printer.FunctionRegistry;
import io.cairndb.printer.FunctionSignature;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.WindowSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The window calls of one query block, collected while its select list and ORDER BY are bound. */
final class WindowCalls {
    private final QueryBinder queries;
    private final List<PlanNode.WindowAssignment> windows = new ArrayList<>();

    WindowCalls(QueryBinder queries) {
        this.queries = queries;
    }

    List<PlanNode.WindowAssignment> windows() {
        return windows;
    }

    /** Binds an analytic call with {@code binder} (the scope it is computed over) and returns its column. */
    ScalarExpr add(Expr.FunctionCall f, ExpressionBinder binder) {
        String name = f.name().toLowerCase(Locale.ROOT);
        FunctionKind kind = FunctionRegistry.instance().kind(name);
        if (kind == null) {
            throw QueryErrors.unknownFunction(name, null);
        }
        if (kind == FunctionKind.SCALAR) {
            throw QueryErrors.notAggregate(name, null);
        }
        if (f.separator() != null || !f.orderBy().isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, name + " with ORDER BY or SEPARATOR inside its parentheses"
                    + " can not be used as an analytic function");
        }
        List<ScalarExpr> args = SelectBinder.isStarArgument(f) ? List.of() : binder.bindAll(f.args());
        WindowSpec over = f.over();
        List<ScalarExpr> partitionBy = binder.bindAll(over.partitionBy());
        List<PlanNode.SortKey> orderBy = new ArrayList<>();
        for (OrderItem item : over.orderBy()) {
            orderBy.add(QueryBinder.sortKey(binder.bind(item.expr()), item));
        }
        PlanNode.Frame frame = over.frame() == null ? null : new PlanNode.Frame(
                PlanNode.FrameUnit.valueOf(over.frame().unit().name()), bound(over.frame().start(), binder),
                over.frame().end() == null ? null : bound(over.frame().end(), binder));
        PlanNode.WindowCall call = new PlanNode.WindowCall(name, args, f.distinct(), partitionBy, orderBy, frame);
        for (PlanNode.WindowAssignment w : windows) {
            if (w.call().equals(call)) {
                return w.column().ref();
            }
        }
        FunctionSignature sig = ExpressionBinder.signature(name, args);
        PlanColumn column = queries.newColumn(SqlFormatter.format(f), sig.returnType(), sig.nullable());
        windows.add(new PlanNode.WindowAssignment(column, call));
        return column.ref();
    }

    private static PlanNode.FrameBound bound(WindowSpec.Bound b, ExpressionBinder binder) {
        return new PlanNode.FrameBound(PlanNode.BoundKind.valueOf(b.type().name()),
                b.offset() == null ? null : binder.bind(b.offset()));
    }
}
