package io.cairndb.printer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayList;
import java.util.List;

/**
 * The table generators of {@code LATERAL VIEW} as the SELECT of a DuckDB lateral subquery.
 * Several unnest() calls in one select list advance together, padding the shorter with NULLs,
 * which is how Doris explodes several arrays at once.
 */
final class Generators {
    private static final String OUTER = "_outer";

    private Generators() {
    }

    /** True when rows whose generator yields nothing are kept (with NULLs): OUTER or an _outer generator. */
    static boolean keepsEmpty(String generator, boolean outer) {
        return outer || generator.endsWith(OUTER);
    }

    /**
     * {@code SELECT unnest(..) AS "c1", ...} for a generator call ({@code generator} with its printed
     * {@code args}) and the names of its columns.
     */
    static String select(String generator, List<String> args, List<String> columns) {
        // The _outer variants differ only in keeping empty rows, which the view's join handles.
        String name = generator.endsWith(OUTER) ? generator.substring(0, generator.length() - OUTER.length()) : generator;
        int arity = switch (name) {
            case "explode", "explode_bitmap" -> Math.max(1, args.size());
            case "explode_split" -> 2;
            default -> 1;
        };
        if (args.size() != arity) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Incorrect parameter count in the call to table generator '" + generator + "'");
        }
        List<String> lists = switch (name) {
            case "explode", "explode_bitmap" -> args;
            case "explode_split" -> List.of("string_split(" + args.get(0) + ", " + args.get(1) + ")");
            case "explode_numbers" -> List.of(intRange(args.get(0)));
            case "explode_json_array_int" -> List.of(jsonArray(args.get(0), "BIGINT"));
            case "explode_json_array_double" -> List.of(jsonArray(args.get(0), "DOUBLE"));
            case "explode_json_array_string" -> List.of(jsonArray(args.get(0), "VARCHAR"));
            case "explode_json_array_json" -> List.of(jsonArray(args.get(0), "JSON"));
            case "explode_map" -> List.of("map_keys(" + args.get(0) + ")", "map_values(" + args.get(0) + ")");
            // Positions count from 0.
            case "posexplode" -> List.of(intRange("len(" + args.get(0) + ")"), args.get(0));
            default -> throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "Table generator not supported in LATERAL VIEW: " + generator);
        };
        if (columns.size() != lists.size()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "LATERAL VIEW " + generator + " produces "
                    + lists.size() + " column(s) but " + columns.size() + " name(s) are given");
        }
        List<String> items = new ArrayList<>();
        for (int i = 0; i < lists.size(); i++) {
            items.add("unnest(" + lists.get(i) + ") AS " + SqlText.ident(columns.get(i)));
        }
        return "SELECT " + String.join(", ", items);
    }

    /** [0, n) as INT, the type Doris gives numbers and positions. */
    private static String intRange(String n) {
        return "CAST(range(" + n + ") AS INTEGER[])";
    }

    private static String jsonArray(String json, String elementType) {
        return "TRY_CAST(CAST(" + json + " AS JSON) AS " + elementType + "[])";
    }
}
