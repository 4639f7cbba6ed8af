package io.cairndb.engine;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Maps DuckDB result column type names back to dialect types, for result-set metadata. */
public final class DuckResultTypes {
    /** A fixed-size array type, such as INTEGER[3]; compiled once, as it is tried on every result column. */
    private static final Pattern FIXED_ARRAY = Pattern.compile(".*\\[\\d+]$");

    private DuckResultTypes() {
    }

    public static DataType toDataType(String duckType) {
        String t = duckType.trim();
        String upper = t.toUpperCase(Locale.ROOT);
        if (upper.endsWith("[]")) {
            return DataType.array(toDataType(t.substring(0, t.length() - 2)));
        }
        if (FIXED_ARRAY.matcher(upper).matches()) {
            return DataType.array(toDataType(t.substring(0, t.lastIndexOf('['))));
        }
        if (upper.startsWith("DECIMAL")) {
            int open = upper.indexOf('(');
            if (open < 0) {
                return DataType.decimal(18, 3);
            }
            String[] ps = upper.substring(open + 1, upper.indexOf(')')).split(",");
            return DataType.decimal(Integer.parseInt(ps[0].trim()), Integer.parseInt(ps[1].trim()));
        }
        if (upper.startsWith("MAP(")) {
            List<String> parts = splitTopLevel(t.substring(4, t.length() - 1));
            return DataType.map(toDataType(parts.get(0)), toDataType(parts.get(1)));
        }
        if (upper.startsWith("STRUCT(")) {
            List<String> names = new ArrayList<>();
            List<DataType> types = new ArrayList<>();
            for (String field : splitTopLevel(t.substring(7, t.length() - 1))) {
                String f = field.trim();
                int space;
                String name;
                if (f.startsWith("\"")) {
                    int end = f.indexOf('"', 1);
                    name = f.substring(1, end);
                    space = end + 1;
                } else {
                    space = f.indexOf(' ');
                    name = f.substring(0, space);
                }
                names.add(name);
                types.add(toDataType(f.substring(space).trim()));
            }
            return DataType.struct(names, types);
        }
        return switch (upper) {
            case "BOOLEAN" -> DataType.BOOLEAN;
            case "TINYINT" -> DataType.TINYINT;
            case "SMALLINT", "UTINYINT" -> DataType.SMALLINT;
            case "INTEGER", "USMALLINT" -> DataType.INT;
            case "BIGINT", "UINTEGER" -> DataType.BIGINT;
            case "HUGEINT", "UBIGINT", "UHUGEINT" -> DataType.LARGEINT;
            case "FLOAT" -> DataType.FLOAT;
            case "DOUBLE" -> DataType.DOUBLE;
            case "DATE" -> DataType.DATE;
            case "TIMESTAMP", "TIMESTAMP_S", "TIMESTAMP WITH TIME ZONE" -> DataType.datetime(0);
            case "TIMESTAMP_MS" -> DataType.datetime(3);
            case "TIMESTAMP_NS" -> DataType.datetime(6);
            case "JSON" -> DataType.JSON;
            case "\"NULL\"", "NULL" -> DataType.NULL;
            // Binary data: what a client is shown of an aggregate state.
            case "BLOB" -> DataType.of(TypeKind.AGG_STATE);
            default -> DataType.of(TypeKind.STRING);
        };
    }

    /** Splits "a, b(c, d), e" at top-level commas. */
    static List<String> splitTopLevel(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '(' || c == '[')) {
                depth++;
            } else if (!quoted && (c == ')' || c == ']')) {
                depth--;
            } else if (!quoted && c == ',' && depth == 0) {
                out.add(s.substring(start, i).trim());
                start = i + 1;
            }
        }
        out.add(s.substring(start).trim());
        return out;
    }
}
