package io.cairndb.printer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Expr;

import java.util.HashMap;
import java.util.Map;

/**
 * Doris functions as DuckDB built-in SQL. The tables live in {@link ScalarFunctions},
 * {@link StringFunctions}, {@link DateFunctions}, {@link AggregateFunctions} and
 * {@link SketchFunctions} and {@link HashFunctions}; a function not listed is passed through under its own name, so DuckDB
 * either has it or reports it by name.
 */
public final class FunctionMapper {
    static final FunctionMapper INSTANCE = new FunctionMapper();

    private record Entry(int minArgs, int maxArgs, boolean aggregate, Translation translation) {
    }

    private final Map<String, Entry> entries = new HashMap<>();

    private FunctionMapper() {
        ScalarFunctions.register(this);
        StringFunctions.register(this);
        DateFunctions.register(this);
        AggregateFunctions.register(this);
        SketchFunctions.register(this);
        HashFunctions.register(this);
    }

    /** Registers a scalar function under each space-separated name; maxArgs -1 means unbounded. */
    void scalar(String names, int minArgs, int maxArgs, Translation t) {
        add(names, new Entry(minArgs, maxArgs, false, t));
    }

    /** Registers an aggregate; its translation must use {@link Call#aggregate} to keep DISTINCT and OVER. */
    void aggregate(String names, int minArgs, int maxArgs, Translation t) {
        add(names, new Entry(minArgs, maxArgs, true, t));
    }

    /** A scalar function that DuckDB has under another name with the same arguments. */
    void rename(String names, String duckName) {
        scalar(names, 0, -1, c -> duckName + "(" + c.args() + ")");
    }

    /** An aggregate that DuckDB has under another name with the same arguments. */
    void renameAggregate(String names, String duckName) {
        aggregate(names, 0, -1, c -> c.aggregate(duckName, c.args()));
    }

    private void add(String names, Entry entry) {
        for (String name : names.split(" ")) {
            if (entries.put(name, entry) != null) {
                throw new IllegalStateException("function mapped twice: " + name);
            }
        }
    }

    String map(Expr.FunctionCall fn, ExprPrinter printer) {
        Call call = new Call(fn, printer);
        Entry entry = entries.get(fn.name());
        if (entry == null) {
            return call.passThrough();
        }
        int n = fn.args().size();
        if (n < entry.minArgs() || (entry.maxArgs() >= 0 && n > entry.maxArgs())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Incorrect parameter count in the call to function '" + fn.name() + "'");
        }
        if (!entry.aggregate() && (fn.over() != null || fn.distinct() || !fn.orderBy().isEmpty())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "'" + fn.name() + "' is not an aggregate or window function");
        }
        return entry.translation().apply(call);
    }
}
