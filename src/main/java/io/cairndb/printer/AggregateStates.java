package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Doris's aggregate-state combinators: {@code <agg>_state(args)}, a scalar giving the state of
 * {@code <agg>} over one row, of type {@code agg_state<agg(types)>}; {@code <agg>_union(state)}, an
 * aggregate merging states into one; {@code <agg>_merge(state)}, an aggregate merging states into
 * {@code <agg>}'s value. A state is a DuckDB STRUCT laid out per aggregate ({@link StateLayouts}), so
 * it can be stored in a table or an MV column and merged by any later query. A client is shown a
 * state only as binary data, as Doris shows its serialized states.
 */
public final class AggregateStates {
    /** What a combinator does with its aggregate. */
    enum Combinator {
        STATE("_state"), UNION("_union"), MERGE("_merge");

        private final String suffix;

        Combinator(String suffix) {
            this.suffix = suffix;
        }
    }

    /** A combinator call's name: the aggregate it combines and how. */
    record Name(String aggregate, Combinator combinator) {
        FunctionKind kind() {
            return combinator == Combinator.STATE ? FunctionKind.SCALAR : FunctionKind.AGGREGATE;
        }
    }

    private AggregateStates() {
    }

    /** The combinator {@code name} calls, or null when it is not one of an aggregate ({@code isAggregate}). */
    static Name parse(String name, Predicate<String> isAggregate) {
        for (Combinator c : Combinator.values()) {
            if (name.endsWith(c.suffix) && name.length() > c.suffix.length()) {
                String aggregate = name.substring(0, name.length() - c.suffix.length());
                return isAggregate.test(aggregate) ? new Name(aggregate, c) : null;
            }
        }
        return null;
    }

    /** The aggregate {@code name} makes states of ({@code sum} for {@code sum_state}), or null. */
    public static String stateOf(String name) {
        Name n = FunctionRegistry.INSTANCE.combinator(name);
        return n != null && n.combinator() == Combinator.STATE ? n.aggregate() : null;
    }

    /** The aggregate whose states {@code name} merges ({@code sum} for {@code sum_union} and {@code sum_merge}), or null. */
    public static String mergedBy(String name) {
        Name n = FunctionRegistry.INSTANCE.combinator(name);
        return n != null && n.combinator() != Combinator.STATE ? n.aggregate() : null;
    }

    /** Whether an aggregate (lower-case name) has a state here. */
    public static boolean hasState(String aggregate) {
        return StateLayouts.of(aggregate) != null;
    }

    /** The Doris typing of a combinator call; a CairnException when the aggregate has no state or the arguments do not fit. */
    static FunctionSignature resolve(FunctionRegistry registry, String name, Name n, List<ArgumentType> args) {
        StateLayout layout = layout(n.aggregate());
        if (n.combinator() == Combinator.STATE) {
            registry.resolve(n.aggregate(), args);
            if (layout.maxArgs() >= 0 && args.size() > layout.maxArgs()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS_TYPE, "Can not find the compatibility function signature: " + name
                        + "(" + args.stream().map(a -> a.type().toSql()).collect(java.util.stream.Collectors.joining(", ")) + ")");
            }
            DataType state = DataType.aggState(n.aggregate(), args.stream().map(ArgumentType::type).toList(),
                    args.stream().map(ArgumentType::nullable).toList());
            return new FunctionSignature(name, FunctionKind.SCALAR, state, false);
        }
        DataType state = stateArgument(name, n, args.stream().map(ArgumentType::type).toList());
        if (n.combinator() == Combinator.UNION) {
            return new FunctionSignature(name, FunctionKind.AGGREGATE, state, false);
        }
        FunctionSignature value = valueOf(registry, state);
        return new FunctionSignature(name, FunctionKind.AGGREGATE, value.returnType(), value.nullable());
    }

    /** A combinator call as DuckDB SQL. */
    static String translate(Name n, Call c) {
        StateLayout layout = layout(n.aggregate());
        if (n.combinator() == Combinator.STATE) {
            return layout.state(c);
        }
        if (c.distinct()) {
            throw QueryErrors.wrong(c.name() + " does not take DISTINCT: a state merges every state it is given");
        }
        DataType state = stateArgument(c.name(), n, List.of(c.raw(0).type()));
        if (n.combinator() == Combinator.UNION) {
            return layout.union(c::aggregate, c.arg(0), state);
        }
        return layout.merge(c::aggregate, c.arg(0), state, valueOf(FunctionRegistry.INSTANCE, state).returnType());
    }

    /** The DuckDB type a state is stored as. */
    public static String duckType(DataType state) {
        if (state.fieldNames().isEmpty()) {
            throw new IllegalStateException("a state of an unknown aggregate has no storage");
        }
        return layout(state.stateFunction()).duckType(state.children());
    }

    /**
     * A column's declared state type ({@code agg_state<sum(int)>}): its aggregate must have a state
     * and take such arguments.
     */
    public static void checkDeclared(DataType state) {
        FunctionRegistry registry = FunctionRegistry.INSTANCE;
        String aggregate = state.stateFunction();
        if (registry.kind(aggregate) != FunctionKind.AGGREGATE) {
            throw QueryErrors.unknownFunction(aggregate, null);
        }
        layout(aggregate);
        valueOf(registry, state);
    }

    /** The aggregate merging the states of a column into one state (an AGGREGATE KEY table consolidating a batch by key). */
    public static String unionOf(DataType state, String column) {
        return layout(state.stateFunction()).union((f, a) -> f + "(" + a + ")", column, state);
    }

    /** Two states of a column merged into one (an AGGREGATE KEY table merging a written state into its stored one). */
    public static String combine(DataType state, String stored, String written) {
        return layout(state.stateFunction()).combine(stored, written, state);
    }

    /** What a client is shown of a state: binary data, as Doris sends the bytes of its serialized states. */
    public static String shown(String state) {
        return "encode(CAST(" + state + " AS VARCHAR))";
    }

    /**
     * Whether a value of type {@code from} can be stored as a state of type {@code to}: both states of
     * the same aggregate over the same argument types, or types that widen into the target's without
     * changing a value (a TINYINT literal into an INT, an INT into a BIGINT or a DECIMAL; a NULL into
     * any), a nullable argument only where the target's may be NULL.
     */
    public static boolean castable(DataType from, DataType to) {
        if (!signed(from) || !signed(to) || !from.stateFunction().equals(to.stateFunction())
                || from.children().size() != to.children().size()) {
            return false;
        }
        for (int i = 0; i < from.children().size(); i++) {
            DataType f = from.children().get(i);
            boolean fromNull = from.stateNullables().get(i);
            boolean toNull = to.stateNullables().get(i);
            DataType t = to.children().get(i);
            if (f.kind() == TypeKind.NULL_TYPE ? !toNull : !sameArgument(f, t) && !widens(f, t) || fromNull && !toNull) {
                return false;
            }
        }
        return true;
    }

    /** Doris's error for a value that cannot become a state (or a state that cannot become another type). */
    public static CairnException castError(DataType from, DataType to) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "can not cast from origin type " + from.toSql()
                + " to target type=" + to.toSql());
    }

    /** The type two states are brought to (UNION ALL branches ...): the same state, NULL where either may be; null when none. */
    static DataType common(DataType a, DataType b) {
        if (!signed(a) || !signed(b) || !a.stateFunction().equals(b.stateFunction()) || a.children().size() != b.children().size()) {
            return null;
        }
        List<DataType> args = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (int i = 0; i < a.children().size(); i++) {
            DataType x = a.children().get(i);
            DataType y = b.children().get(i);
            if (!sameArgument(x, y) && x.kind() != TypeKind.NULL_TYPE && y.kind() != TypeKind.NULL_TYPE) {
                return null;
            }
            args.add(x.kind() == TypeKind.NULL_TYPE ? y : y.kind() == TypeKind.NULL_TYPE ? x : OperatorTypes.commonType(x, y));
            nullable.add(a.stateNullables().get(i) || b.stateNullables().get(i) || x.kind() == TypeKind.NULL_TYPE
                    || y.kind() == TypeKind.NULL_TYPE);
        }
        return DataType.aggState(a.stateFunction(), args, nullable);
    }

    /** A number whose every value is one of a wider number type too: the state of it is that of the wider one. */
    private static boolean widens(DataType from, DataType to) {
        return from.kind().isNumeric() && to.kind().isNumeric() && to.equals(OperatorTypes.commonType(from, to));
    }

    /** Argument types a state keeps alike: the same type, or two strings (stored alike). */
    private static boolean sameArgument(DataType a, DataType b) {
        return a.equals(b) || a.kind().isString() && b.kind().isString();
    }

    /** A state whose aggregate is known (not one read back from the engine). */
    private static boolean signed(DataType t) {
        return t.kind() == TypeKind.AGG_STATE && !t.fieldNames().isEmpty();
    }

    private static StateLayout layout(String aggregate) {
        StateLayout layout = StateLayouts.of(aggregate);
        if (layout == null) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Aggregate function does not support AggState: " + aggregate);
        }
        return layout;
    }

    /** The state a {@code _union} or {@code _merge} call takes: its one argument, a state of its aggregate. */
    private static DataType stateArgument(String name, Name n, List<DataType> args) {
        if (args.size() != 1) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Incorrect parameter count in the call to function '" + name + "'");
        }
        DataType state = args.get(0);
        if (!signed(state)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS_TYPE, "Can not find the compatibility function signature: "
                    + name + "(" + state.toSql() + "): its argument must be an agg_state<" + n.aggregate() + "(..)>");
        }
        if (!state.stateFunction().equals(n.aggregate())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS_TYPE, name + "(" + state.toSql() + ") does not match function "
                    + n.aggregate() + ": it requires a state of " + n.aggregate() + ", not of " + state.stateFunction());
        }
        return state;
    }

    /** The aggregate's own typing over the arguments a state was made from. */
    private static FunctionSignature valueOf(FunctionRegistry registry, DataType state) {
        List<ArgumentType> args = IntStream.range(0, state.children().size())
                .mapToObj(i -> ArgumentType.of(state.children().get(i), state.stateNullables().get(i))).toList();
        return registry.resolve(state.stateFunction(), args);
    }
}
