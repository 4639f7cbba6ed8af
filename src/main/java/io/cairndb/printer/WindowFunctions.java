package io.cairndb.printer;

import io.cairndb.catalog.DataType;

import java.util.List;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.DOUBLE;
import static io.cairndb.printer.TypeRule.arg;
import static io.cairndb.printer.TypeRule.returns;

/** Window functions, which DuckDB has under the same names and meanings. */
final class WindowFunctions {
    private WindowFunctions() {
    }

    static void register(FunctionRegistry m) {
        m.window("row_number rank dense_rank", 0, 0, returns(BIGINT).neverNullable());
        m.window("ntile", 1, 1, returns(BIGINT).neverNullable());
        m.window("percent_rank cume_dist", 0, 0, returns(DOUBLE).neverNullable());
        // Beyond the partition lag and lead give their default (NULL when none is given).
        m.window("lag lead", 1, 3, returns(WindowFunctions::shifted).nullableWhen(
                a -> a.size() < 3 || a.get(0).nullable() || a.get(2).nullable()));
        // A frame can be empty.
        m.window("first_value last_value", 1, 2, returns(arg(0)).alwaysNullable());
        m.window("nth_value", 2, 2, returns(arg(0)).alwaysNullable());
    }

    /** lag(x, n, default): the common type of x and its default. */
    private static DataType shifted(List<ArgumentType> args) {
        return args.size() < 3 ? args.get(0).type()
                : OperatorTypes.commonType(List.of(args.get(0).type(), args.get(2).type()));
    }
}
