package io.cairndb.analyzer;

import io.cairndb.catalog.FeConfig;
import io.cairndb.engine.QueryShape;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code local("file_path" = "...", "format" = "csv|parquet|json", ...)}: files under user_files_secure_path. */
final class LocalFiles {
    private LocalFiles() {
    }

    static String sql(Map<String, String> props, java.sql.Connection connection, FeConfig config) {
        String path = props.get("file_path");
        if (path == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "file_path is required for local function");
        }
        List<Path> files = UserFiles.of(config).resolve(path);
        String format = props.getOrDefault("format", "csv").toLowerCase(Locale.ROOT);
        String file = "[" + String.join(", ", files.stream().map(f -> Sql.literal(f.toString())).toList()) + "]";
        return switch (format) {
            case "csv", "csv_with_names" -> {
                String sep = props.getOrDefault("column_separator", ",");
                boolean header = format.equals("csv_with_names") || "true".equalsIgnoreCase(props.get("header"));
                // Doris reads CSV fields as strings, named c1, c2, ... unless the file has a header.
                String read = "read_csv(" + file + ", delim = " + Sql.literal(sep) + ", header = " + header
                        + (header ? ")" : ", all_varchar = true)");
                if (header) {
                    yield read;
                }
                int n = QueryShape.columns(connection, "SELECT * FROM " + read).size();
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    names.add(Sql.ident("c" + i));
                }
                yield "(SELECT * FROM " + read + " AS " + Sql.ident("__csv") + "(" + String.join(", ", names) + "))";
            }
            case "parquet" -> "read_parquet(" + file + ")";
            case "json" -> "read_json_auto(" + file + ")";
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported format: " + format);
        };
    }
}
