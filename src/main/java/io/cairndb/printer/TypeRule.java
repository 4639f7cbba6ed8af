package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;

import java.util.List;

/**
 * A function's Doris typing: its return type from its arguments, and when its result may be NULL.
 * By default the result is nullable when any argument is (Doris's PropagateNullable);
 * {@link #alwaysNullable()} marks functions that give NULL for some non-NULL input, and
 * {@link #neverNullable()} those that never give NULL.
 */
final class TypeRule {
    /** VARCHAR without a length, Doris's VARCHAR(65533). */
    static final DataType VARCHAR = DataType.varchar(-1);

    /** A return type computed from the arguments; DataType.NULL where it cannot tell, null when the arguments do not fit. */
    @FunctionalInterface
    interface Returns {
        DataType of(List<ArgumentType> args);
    }

    @FunctionalInterface
    interface Nulls {
        boolean of(List<ArgumentType> args);
    }

    private final Returns returns;
    private final Nulls nulls;

    private TypeRule(Returns returns, Nulls nulls) {
        this.returns = returns;
        this.nulls = nulls;
    }

    static TypeRule returns(DataType type) {
        return new TypeRule(args -> type, TypeRule::anyNullable);
    }

    static TypeRule returns(Returns returns) {
        return new TypeRule(returns, TypeRule::anyNullable);
    }

    TypeRule alwaysNullable() {
        return new TypeRule(returns, args -> true);
    }

    TypeRule neverNullable() {
        return new TypeRule(returns, args -> false);
    }

    TypeRule nullableWhen(Nulls nulls) {
        return new TypeRule(returns, nulls);
    }

    DataType returnType(List<ArgumentType> args) {
        return returns.of(args);
    }

    boolean nullable(List<ArgumentType> args) {
        return nulls.of(args);
    }

    // Return types.

    /** The type of argument i. */
    static Returns arg(int i) {
        return args -> args.get(i).type();
    }

    /** The common type of the arguments from {@code from} on. */
    static Returns common(int from) {
        return args -> OperatorTypes.commonType(args.subList(Math.min(from, args.size()), args.size()).stream()
                .map(ArgumentType::type).toList());
    }

    /**
     * A string function's result: a STRING when one of the string arguments {@code of} (all when
     * none given) is a STRING, else a VARCHAR.
     */
    static Returns stringOf(int... of) {
        return args -> {
            if (of.length == 0) {
                return args.stream().anyMatch(a -> a.type().kind() == TypeKind.STRING) ? DataType.STRING : VARCHAR;
            }
            for (int i : of) {
                if (i < args.size() && args.get(i).type().kind() == TypeKind.STRING) {
                    return DataType.STRING;
                }
            }
            return VARCHAR;
        };
    }

    /** The element type of the ARRAY at argument i (a MAP's value type); NULL when it is not one. */
    static Returns element(int i) {
        return args -> element(args.get(i).type());
    }

    static DataType element(DataType t) {
        return switch (t.kind()) {
            case ARRAY -> t.children().get(0);
            case MAP -> t.children().get(1);
            default -> DataType.NULL;
        };
    }

    /** An ARRAY of what {@code of} gives. */
    static Returns arrayOf(Returns of) {
        return args -> {
            DataType e = of.of(args);
            return e == null ? null : DataType.array(e);
        };
    }

    /** The ARRAY at argument i, or ARRAY of NULL when the argument is not an ARRAY. */
    static Returns sameArray(int i) {
        return args -> args.get(i).type().kind() == TypeKind.ARRAY ? args.get(i).type() : DataType.array(DataType.NULL);
    }

    // Nullability.

    static boolean anyNullable(List<ArgumentType> args) {
        return args.stream().anyMatch(ArgumentType::nullable);
    }

    static boolean allNullable(List<ArgumentType> args) {
        return args.stream().allMatch(ArgumentType::nullable);
    }

    /** Nullable when an argument is, or when one of {@code parsed} is a string, which may not parse. */
    static Nulls parses(int... parsed) {
        return args -> {
            for (int i : parsed) {
                if (i < args.size() && args.get(i).type().kind().isString()) {
                    return true;
                }
            }
            return anyNullable(args);
        };
    }
}
