package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.error.QueryErrors;
import io.cairndb.plan.ScalarExpr;

import java.util.List;

/** The Doris types of the columns a LATERAL VIEW table generator produces. */
final class GeneratorTypes {
    private static final String OUTER = "_outer";

    private GeneratorTypes() {
    }

    /** One type per generated column; a generator the binder does not know is left to the other path. */
    static List<DataType> of(String name, List<ScalarExpr> args) {
        String base = name.endsWith(OUTER) ? name.substring(0, name.length() - OUTER.length()) : name;
        return switch (base) {
            case "explode" -> args.stream().map(GeneratorTypes::element).toList();
            case "explode_bitmap", "explode_json_array_int" -> List.of(DataType.BIGINT);
            case "explode_split", "explode_json_array_string" -> List.of(DataType.STRING);
            case "explode_numbers" -> List.of(DataType.INT);
            case "explode_json_array_double" -> List.of(DataType.DOUBLE);
            case "explode_json_array_json" -> List.of(DataType.JSON);
            case "explode_map" -> mapEntries(args);
            case "posexplode" -> List.of(DataType.INT, element(args.isEmpty() ? null : args.get(0)));
            default -> throw new CairnException(ErrorCode.NOT_SUPPORTED, "Table generator not supported in LATERAL VIEW: " + name);
        };
    }

    private static DataType element(ScalarExpr array) {
        if (array == null || array.type().kind() != TypeKind.ARRAY) {
            throw QueryErrors.wrong("explode takes an ARRAY, not " + (array == null ? "nothing" : array.type().toSql()));
        }
        return array.type().children().get(0);
    }

    private static List<DataType> mapEntries(List<ScalarExpr> args) {
        if (args.size() != 1 || args.get(0).type().kind() != TypeKind.MAP) {
            throw QueryErrors.wrong("explode_map takes one MAP");
        }
        return args.get(0).type().children();
    }
}
