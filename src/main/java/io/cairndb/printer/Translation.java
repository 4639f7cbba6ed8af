package io.cairndb.printer;

/** Turns one Doris function call into DuckDB SQL. */
@FunctionalInterface
interface Translation {
    String apply(Call call);
}
