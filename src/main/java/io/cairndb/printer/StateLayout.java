package io.cairndb.printer;

import io.cairndb.catalog.DataType;

import java.util.List;

/**
 * How one aggregate keeps its intermediate state in DuckDB (see {@link AggregateStates}): a STRUCT
 * of what merging needs, itself never NULL (a field may be: the sum of no values is NULL, not 0).
 * Each method prints SQL over the SQL of its operands.
 */
interface StateLayout {
    /** Prints an aggregate call over SQL arguments: the combinator call's own (keeping its window), or a plain one. */
    @FunctionalInterface
    interface Aggregating {
        String call(String function, String args);
    }

    /** The most arguments the aggregate's state takes (-1: as many as the aggregate). */
    default int maxArgs() {
        return -1;
    }

    /** The DuckDB type of the state of the aggregate over arguments of these types. */
    String duckType(List<DataType> args);

    /** A row's state, from the arguments of {@code <agg>_state}. */
    String state(Call c);

    /** The aggregate of the states {@code s} (of type {@code state}) into one state. */
    String union(Aggregating agg, String s, DataType state);

    /** The aggregate of the states {@code s} into the aggregate's value, of type {@code result}. */
    String merge(Aggregating agg, String s, DataType state, DataType result);

    /** Two states as one, as a scalar: an AGGREGATE KEY table merging a written row into its stored one. */
    String combine(String a, String b, DataType state);

    /** A field of a state. */
    static String field(String state, String name) {
        return "struct_extract(" + state + ", '" + name + "')";
    }

    /** A state of one field. */
    static String pack(String name, String value) {
        return "struct_pack(" + name + " := " + value + ")";
    }

    static String cast(String value, String duckType) {
        return "CAST(" + value + " AS " + duckType + ")";
    }
}
