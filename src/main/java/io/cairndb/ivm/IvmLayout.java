package io.cairndb.ivm;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.ArrayList;
import java.util.List;

/**
 * Where an IVM MV keeps what it maintains. A multiset MV keeps its rows as they are, nothing more. An
 * aggregate MV keeps, besides its visible columns, each group's row count and the state of each
 * aggregate call ({@link AggregateState}) in hidden columns, and each grouping key in the visible
 * column that shows it as it is or else in a hidden column; likewise a state an output shows as it
 * is lives in that output's column (see {@link AggregateState}). Hidden columns are named
 * {@code __DORIS_IVM_...__} and follow the visible ones; the layout is derived again from the plan
 * at every refresh, so it needs no storage of its own.
 */
public record IvmLayout(IvmForm form, List<String> visible, List<String> keyColumns, List<AggregateState> states,
                        List<ColumnMeta> hidden) {
    public static final String HIDDEN_PREFIX = "__DORIS_IVM_";
    /** Whether a group passes the definition's HAVING: only those that do are read as the MV's rows. */
    public static final String HAVING = HIDDEN_PREFIX + "HAVING__";

    public IvmLayout {
        visible = List.copyOf(visible);
        keyColumns = List.copyOf(keyColumns);
        states = List.copyOf(states);
        hidden = List.copyOf(hidden);
    }

    /**
     * The layout of {@code form} for an MV whose visible columns are {@code visible}, in order.
     * {@code stored}: the names of the columns an existing MV table has (null for a new MV); a state
     * it keeps in a hidden column stays there, so that MVs built before states were shared still read.
     */
    public static IvmLayout of(IvmForm form, List<ColumnMeta> visible, java.util.Set<String> stored) {
        List<String> names = visible.stream().map(ColumnMeta::name).toList();
        PlanNode.Aggregate a = form.aggregate();
        if (a == null) {
            return new IvmLayout(form, names, List.of(), List.of(), List.of());
        }
        List<ColumnMeta> hidden = new ArrayList<>();
        List<String> keyColumns = new ArrayList<>();
        for (int j = 0; j < a.keys().size(); j++) {
            PlanColumn key = a.keys().get(j);
            int shown = shownAsIs(form.outputs(), key);
            if (shown >= 0) {
                keyColumns.add(names.get(shown));
            } else {
                String name = HIDDEN_PREFIX + "KEY_" + j + "__";
                keyColumns.add(name);
                hidden.add(column(name, key.type()));
            }
        }
        hidden.add(column(AggregateState.GROUP_COUNT, DataType.BIGINT));
        if (!a.groupingSets().isEmpty()) {
            hidden.add(column(AggregateState.GROUPING, DataType.BIGINT));
        }
        List<AggregateState> alone = states(a, java.util.Map.of());
        java.util.Map<String, String> shared = new java.util.HashMap<>();
        for (int i = 0; i < alone.size(); i++) {
            AggregateState state = alone.get(i);
            int output = shownAsIs(form.outputs(), a.aggregates().get(i).column());
            if (output < 0) {
                continue;
            }
            ColumnMeta column = visible.get(output);
            String kept = state.function().equals("count") && !state.countStar() && state.argNullable() ? state.hiddenCount()
                    : state.function().equals("avg") || state.function().equals("count") ? null : state.hiddenValue();
            DataType type = state.function().equals("count") ? DataType.BIGINT : state.valueStateType();
            if (kept != null && column.type().equals(type) && !shared.containsKey(kept) && (stored == null || !stored.contains(kept))) {
                shared.put(kept, column.name());
            }
        }
        List<AggregateState> states = states(a, shared);
        for (AggregateState state : states) {
            for (AggregateState.Column c : state.columns()) {
                if (hidden.stream().noneMatch(h -> h.name().equals(c.name()))) {
                    hidden.add(column(c.name(), c.type()));
                }
            }
        }
        if (form.having() != null) {
            hidden.add(new ColumnMeta(HAVING, DataType.BOOLEAN, false, false, null, false, null, null, null, ""));
        }
        return new IvmLayout(form, names, keyColumns, states, hidden);
    }

    /** Each aggregate call's state; calls over the same argument share it; {@code shown}: states kept in visible columns. */
    private static List<AggregateState> states(PlanNode.Aggregate a, java.util.Map<String, String> shown) {
        List<AggregateState> states = new ArrayList<>();
        java.util.Map<ScalarExpr, Integer> firstOver = new java.util.HashMap<>();
        for (int i = 0; i < a.aggregates().size(); i++) {
            PlanNode.AggregateAssignment agg = a.aggregates().get(i);
            List<ScalarExpr> args = agg.call().args();
            List<Integer> bits = new ArrayList<>();
            for (ScalarExpr arg : args) {
                int key = arg instanceof ScalarExpr.ColumnRef r ? a.keys().stream().map(PlanColumn::id).toList().indexOf(r.id()) : -1;
                bits.add(a.keys().size() - 1 - key);
            }
            int share = args.isEmpty() ? i : firstOver.computeIfAbsent(args.get(0), x -> states.size());
            states.add(new AggregateState(i, agg.call().function(), args.isEmpty(), args.isEmpty() ? null : args.get(0).type(),
                    !args.isEmpty() && args.get(0).nullable(), share, agg.column().type(), bits, shown));
        }
        return states;
    }

    /** Whether a column is one of the hidden IVM columns. */
    public static boolean isHidden(String column) {
        return column.startsWith(HIDDEN_PREFIX);
    }

    /** The position of the output that is {@code key} itself, or -1. */
    private static int shownAsIs(List<ScalarExpr> outputs, PlanColumn key) {
        for (int i = 0; i < outputs.size(); i++) {
            if (outputs.get(i) instanceof ScalarExpr.ColumnRef r && r.id() == key.id()) {
                return i;
            }
        }
        return -1;
    }

    private static ColumnMeta column(String name, DataType type) {
        return new ColumnMeta(name, type, true, false, null, false, null, null, null, "");
    }
}
