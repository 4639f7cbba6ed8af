package io.cairndb.catalog;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A Doris-dialect column type. {@code precision}/{@code scale} apply to DECIMAL and DATETIME
 * (scale = fractional seconds), {@code length} to CHAR/VARCHAR (-1 when unspecified),
 * {@code children} to ARRAY (one), MAP (key, value) and STRUCT (with {@code fieldNames}). An
 * AGG_STATE's children are the argument types of its aggregate, and its {@code fieldNames} the
 * aggregate's name followed by each argument's nullability ({@code "null"} or {@code "not null"}),
 * both parts of the state's type as in Doris ({@code agg_state<max_by(int not null, int null)>}).
 */
public record DataType(TypeKind kind, int precision, int scale, int length,
                       List<DataType> children, List<String> fieldNames) {

    public static final DataType BOOLEAN = of(TypeKind.BOOLEAN);
    public static final DataType TINYINT = of(TypeKind.TINYINT);
    public static final DataType SMALLINT = of(TypeKind.SMALLINT);
    public static final DataType INT = of(TypeKind.INT);
    public static final DataType BIGINT = of(TypeKind.BIGINT);
    public static final DataType LARGEINT = of(TypeKind.LARGEINT);
    public static final DataType FLOAT = of(TypeKind.FLOAT);
    public static final DataType DOUBLE = of(TypeKind.DOUBLE);
    public static final DataType DATE = of(TypeKind.DATE);
    public static final DataType DATETIME = of(TypeKind.DATETIME);
    public static final DataType STRING = of(TypeKind.STRING);
    public static final DataType JSON = of(TypeKind.JSON);
    public static final DataType BITMAP = of(TypeKind.BITMAP);
    public static final DataType HLL = of(TypeKind.HLL);
    public static final DataType NULL = of(TypeKind.NULL_TYPE);

    public DataType {
        children = List.copyOf(children);
        fieldNames = List.copyOf(fieldNames);
    }

    public static DataType of(TypeKind kind) {
        return new DataType(kind, 0, 0, -1, List.of(), List.of());
    }

    public static DataType decimal(int precision, int scale) {
        return new DataType(TypeKind.DECIMAL, precision, scale, -1, List.of(), List.of());
    }

    public static DataType datetime(int fractionalDigits) {
        return new DataType(TypeKind.DATETIME, 0, fractionalDigits, -1, List.of(), List.of());
    }

    public static DataType varchar(int length) {
        return new DataType(TypeKind.VARCHAR, 0, 0, length, List.of(), List.of());
    }

    public static DataType chars(int length) {
        return new DataType(TypeKind.CHAR, 0, 0, length, List.of(), List.of());
    }

    public static DataType array(DataType element) {
        return new DataType(TypeKind.ARRAY, 0, 0, -1, List.of(element), List.of());
    }

    public static DataType map(DataType key, DataType value) {
        return new DataType(TypeKind.MAP, 0, 0, -1, List.of(key, value), List.of());
    }

    public static DataType struct(List<String> names, List<DataType> types) {
        return new DataType(TypeKind.STRUCT, 0, 0, -1, types, names);
    }

    /** The state of aggregate {@code function} (lower-case) over arguments of these types and nullability. */
    public static DataType aggState(String function, List<DataType> args, List<Boolean> nullable) {
        if (args.size() != nullable.size()) {
            throw new IllegalArgumentException("an AGG_STATE needs the nullability of each argument");
        }
        List<String> names = new java.util.ArrayList<>();
        names.add(function);
        nullable.forEach(n -> names.add(n ? "null" : "not null"));
        return new DataType(TypeKind.AGG_STATE, 0, 0, -1, args, names);
    }

    /** The aggregate an AGG_STATE is the state of. */
    public String stateFunction() {
        return fieldNames.get(0);
    }

    /** Whether each argument of an AGG_STATE's aggregate may be NULL. */
    public List<Boolean> stateNullables() {
        return fieldNames.subList(1, fieldNames.size()).stream().map(n -> n.equals("null")).toList();
    }

    /** The type as Doris prints it in SHOW CREATE TABLE and DESC. */
    public String toSql() {
        return switch (kind) {
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            case DATETIME -> scale == 0 ? "DATETIME" : "DATETIME(" + scale + ")";
            case CHAR -> "CHAR(" + (length < 0 ? 1 : length) + ")";
            case VARCHAR -> length < 0 ? "VARCHAR(65533)" : "VARCHAR(" + length + ")";
            case STRING -> "TEXT";
            case ARRAY -> "ARRAY<" + children.get(0).toSql() + ">";
            case MAP -> "MAP<" + children.get(0).toSql() + "," + children.get(1).toSql() + ">";
            case STRUCT -> "STRUCT<" + java.util.stream.IntStream.range(0, children.size())
                    .mapToObj(i -> fieldNames.get(i) + ":" + children.get(i).toSql())
                    .collect(Collectors.joining(",")) + ">";
            // A state read back from the engine, whose aggregate the engine does not know, is only "agg_state".
            case AGG_STATE -> fieldNames.isEmpty() ? "agg_state" : "agg_state<" + stateFunction() + "(" + java.util.stream.IntStream.range(0, children.size())
                    .mapToObj(i -> children.get(i).toSql() + " " + fieldNames.get(i + 1))
                    .collect(Collectors.joining(", ")) + ")>";
            case NULL_TYPE -> "NULL";
            default -> kind.name();
        };
    }

    @Override
    public String toString() {
        return toSql();
    }
}
