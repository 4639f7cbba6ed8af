package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;
import io.cairndb.printer.AggregateStates;

import java.util.ArrayList;
import java.util.List;

/**
 * A write's {@code <agg>_state(args)} values made states of the target columns' types, as Doris's
 * insert casts a state function's arguments to its column's: {@code max_by_state(k2, k1 + 10)}
 * (a BIGINT key) goes into an {@code agg_state<max_by(int not null, int)>} column as the state of
 * {@code max_by(k2, CAST(k1 + 10 AS INT))}. Only a state made in the write's own select list or VALUES
 * is so remade; a state read or merged from elsewhere must already be of the column's type.
 */
public final class StateArguments {
    private StateArguments() {
    }

    /** The write's source plan, its outputs' state calls remade for the {@code targets} types (one per output). */
    public static PlanNode castTo(PlanNode plan, List<DataType> targets) {
        if (plan instanceof PlanNode.Project p) {
            List<PlanNode.Assignment> out = new ArrayList<>();
            for (int i = 0; i < p.assignments().size(); i++) {
                PlanNode.Assignment a = p.assignments().get(i);
                ScalarExpr e = remade(a.expr(), targets.get(i));
                out.add(e == a.expr() ? a : new PlanNode.Assignment(new PlanColumn(a.column().id(), a.column().name(), e.type(),
                        a.column().nullable()), e));
            }
            return new PlanNode.Project(p.input(), out);
        }
        if (plan instanceof PlanNode.Values v) {
            List<List<ScalarExpr>> rows = new ArrayList<>();
            v.rows().forEach(r -> rows.add(new ArrayList<>(r)));
            List<PlanColumn> outputs = new ArrayList<>(v.outputs());
            for (int i = 0; i < outputs.size(); i++) {
                DataType target = targets.get(i);
                List<ScalarExpr> cells = new ArrayList<>();
                for (List<ScalarExpr> r : rows) {
                    ScalarExpr cell = r.get(i) instanceof ScalarExpr.Cast c && c.type().kind() == TypeKind.AGG_STATE ? c.value() : r.get(i);
                    cells.add(remade(cell, target));
                }
                if (target.kind() == TypeKind.AGG_STATE && cells.stream().allMatch(c -> AggregateStates.castable(c.type(), target))) {
                    for (int r = 0; r < rows.size(); r++) {
                        ScalarExpr cell = cells.get(r);
                        rows.get(r).set(i, cell.type().equals(target) ? cell : new ScalarExpr.Cast(cell, target, cell.nullable()));
                    }
                    PlanColumn c = outputs.get(i);
                    outputs.set(i, new PlanColumn(c.id(), c.name(), target, c.nullable()));
                }
            }
            return new PlanNode.Values(outputs, rows);
        }
        return plan;
    }

    /** A state call of the target's aggregate over the target's argument types; anything else as it is. */
    private static ScalarExpr remade(ScalarExpr e, DataType target) {
        if (target.kind() != TypeKind.AGG_STATE || !(e instanceof ScalarExpr.Call call)
                || call.type().kind() != TypeKind.AGG_STATE || !call.function().equals(target.stateFunction() + "_state")
                || AggregateStates.castable(call.type(), target) || call.args().size() != target.children().size()) {
            return e;
        }
        List<ScalarExpr> args = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (int i = 0; i < call.args().size(); i++) {
            ScalarExpr arg = call.args().get(i);
            DataType type = target.children().get(i);
            args.add(arg.type().equals(type) ? arg : new ScalarExpr.Cast(arg, type, arg.nullable()));
            nullable.add(arg.nullable());
        }
        DataType state = DataType.aggState(target.stateFunction(), target.children(), nullable);
        return new ScalarExpr.Call(call.function(), args, state, false);
    }
}
