package io.cairndb.printer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dialect's functions: for each, how many arguments it takes, its Doris return type and
 * nullability ({@link TypeRule}), and its DuckDB spelling ({@link Translation}). The tables live in
 * {@link ScalarFunctions}, {@link StringFunctions}, {@link DateFunctions}, {@link AggregateFunctions},
 * {@link WindowFunctions}, {@link SketchFunctions} and {@link HashFunctions}; the aggregate-state
 * combinators of the aggregates ({@code sum_state}, {@code sum_union}, {@code sum_merge}) are
 * {@link AggregateStates}'. A function DuckDB has
 * under the same name and meaning is registered with a pass-through translation; a function not
 * registered at all (a user's UDF, a DuckDB function) is passed through under its own name, so
 * DuckDB either has it or reports it by name.
 */
public final class FunctionRegistry {
    /**
     * avg(x) of a DECIMAL computed from sum(x) and count(x) exactly as avg computes it: transparent
     * rewrite rolls a DECIMAL average up from an MV's sums and counts with it.
     */
    public static final String DECIMAL_AVERAGE = "decimal_average_of_sum_and_count";

    static final FunctionRegistry INSTANCE = new FunctionRegistry();

    private record Entry(int minArgs, int maxArgs, FunctionKind kind, TypeRule rule, Translation translation) {
    }

    private final Map<String, Entry> entries = new HashMap<>();

    private FunctionRegistry() {
        ScalarFunctions.register(this);
        StringFunctions.register(this);
        DateFunctions.register(this);
        AggregateFunctions.register(this);
        WindowFunctions.register(this);
        SketchFunctions.register(this);
        HashFunctions.register(this);
    }

    public static FunctionRegistry instance() {
        return INSTANCE;
    }

    /** True for a function of the dialect; {@code name} is lower-case. */
    public boolean isKnown(String name) {
        return entries.containsKey(name) || combinator(name) != null;
    }

    /** Whether the function is a scalar, an aggregate or a window function; null when unknown. */
    public FunctionKind kind(String name) {
        Entry entry = entries.get(name);
        if (entry != null) {
            return entry.kind();
        }
        AggregateStates.Name combinator = combinator(name);
        return combinator == null ? null : combinator.kind();
    }

    /** The aggregate-state combinator ({@code sum_state}, {@code sum_union}, {@code sum_merge}) a name calls, or null. */
    AggregateStates.Name combinator(String name) {
        return AggregateStates.parse(name, base -> entries.containsKey(base) && entries.get(base).kind() == FunctionKind.AGGREGATE);
    }

    /**
     * The Doris return type and nullability of a call ({@code count(*)} has no arguments). Null for
     * an unknown function; a CairnException when the call has the wrong number of arguments, or
     * arguments the function cannot take together (no common type).
     */
    public FunctionSignature resolve(String name, List<ArgumentType> args) {
        Entry entry = entries.get(name);
        if (entry == null) {
            AggregateStates.Name combinator = combinator(name);
            return combinator == null ? null : AggregateStates.resolve(this, name, combinator, args);
        }
        checkArity(name, entry, args.size());
        io.cairndb.catalog.DataType type = entry.rule().returnType(args);
        if (type == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS_TYPE,
                    "Can not find a common type for the arguments of function '" + name + "'");
        }
        return new FunctionSignature(name, entry.kind(), type, entry.rule().nullable(args));
    }

    /** Every registered name. */
    Set<String> names() {
        return Collections.unmodifiableSet(entries.keySet());
    }

    /** The least and the most arguments a function takes (-1: unbounded); null when unknown. */
    int[] arity(String name) {
        Entry entry = entries.get(name);
        return entry == null ? null : new int[] {entry.minArgs(), entry.maxArgs()};
    }

    /** Registers a scalar function under each space-separated name; maxArgs -1 means unbounded. */
    void scalar(String names, int minArgs, int maxArgs, TypeRule rule, Translation t) {
        add(names, new Entry(minArgs, maxArgs, FunctionKind.SCALAR, rule, t));
    }

    /** A scalar function that DuckDB has under the same name and meaning. */
    void passThrough(String names, int minArgs, int maxArgs, TypeRule rule) {
        scalar(names, minArgs, maxArgs, rule, Call::passThrough);
    }

    /** A scalar function that DuckDB has under another name with the same arguments. */
    void rename(String names, String duckName, int minArgs, int maxArgs, TypeRule rule) {
        scalar(names, minArgs, maxArgs, rule, c -> duckName + "(" + c.args() + ")");
    }

    /** Registers an aggregate; its translation must use {@link Call#aggregate} to keep DISTINCT and OVER. */
    void aggregate(String names, int minArgs, int maxArgs, TypeRule rule, Translation t) {
        add(names, new Entry(minArgs, maxArgs, FunctionKind.AGGREGATE, rule, t));
    }

    /** An aggregate that DuckDB has under the same name and meaning. */
    void passThroughAggregate(String names, int minArgs, int maxArgs, TypeRule rule) {
        aggregate(names, minArgs, maxArgs, rule, Call::passThrough);
    }

    /** An aggregate that DuckDB has under another name with the same arguments. */
    void renameAggregate(String names, String duckName, int minArgs, int maxArgs, TypeRule rule) {
        aggregate(names, minArgs, maxArgs, rule, c -> c.aggregate(duckName, c.args()));
    }

    /** A window function that DuckDB has under the same name and meaning. */
    void window(String names, int minArgs, int maxArgs, TypeRule rule) {
        add(names, new Entry(minArgs, maxArgs, FunctionKind.WINDOW, rule, Call::passThrough));
    }

    private void add(String names, Entry entry) {
        if (entry.rule() == null || entry.translation() == null) {
            throw new IllegalStateException("function without a type rule or a translation: " + names);
        }
        for (String name : names.split(" ")) {
            if (entries.put(name, entry) != null) {
                throw new IllegalStateException("function registered twice: " + name);
            }
        }
    }

    private static void checkArity(String name, Entry entry, int n) {
        if (n < entry.minArgs() || (entry.maxArgs() >= 0 && n > entry.maxArgs())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Incorrect parameter count in the call to function '" + name + "'");
        }
    }

    String map(Call call) {
        Entry entry = entries.get(call.name());
        if (entry == null) {
            AggregateStates.Name combinator = combinator(call.name());
            return combinator == null ? call.passThrough() : AggregateStates.translate(combinator, call);
        }
        checkArity(call.name(), entry, call.arity());
        if (entry.kind() == FunctionKind.SCALAR && (call.distinct() || call.orderedOrWindowed())) {
            throw QueryErrors.notAggregate(call.name(), null);
        }
        return entry.translation().apply(call);
    }
}
