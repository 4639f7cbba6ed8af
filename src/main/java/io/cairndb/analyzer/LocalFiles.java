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
public final class LocalFiles {
    private LocalFiles() {
    }

    static String sql(Map<String, String> props, java.sql.Connection connection, FeConfig config) {
        String path = props.get("file_path");
        if (path == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "file_path is required for local function");
        }
        return read(UserFiles.of(config).resolve(path), props, connection);
    }

    /**
     * The DuckDB FROM item reading {@code files} as Doris's file properties describe them: {@code format}
     * csv (default), csv_with_names, parquet or json; for CSV {@code column_separator} (default
     * {@code ,}), {@code line_delimiter}, {@code enclose}, {@code trim_double_quotes}, {@code skip_lines}
     * and {@code header}; for JSON {@code read_json_by_line}, {@code strip_outer_array}, {@code json_root}
     * and {@code jsonpaths}. CSV fields are read as strings, named c1, c2, ... unless the file has a
     * header, as Doris reads them; so are the values {@code jsonpaths} picks.
     */
    public static String read(List<Path> files, Map<String, String> props, java.sql.Connection connection) {
        String format = props.getOrDefault("format", "csv").toLowerCase(Locale.ROOT);
        String file = "[" + String.join(", ", files.stream().map(f -> Sql.literal(f.toString())).toList()) + "]";
        return switch (format) {
            case "csv", "csv_with_names" -> csv(file, format.equals("csv_with_names") || "true".equalsIgnoreCase(props.get("header")),
                    props, connection);
            case "parquet" -> "read_parquet(" + file + ")";
            case "json" -> json(file, props);
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported format: " + format);
        };
    }

    private static String csv(String file, boolean header, Map<String, String> props, java.sql.Connection connection) {
        StringBuilder read = new StringBuilder("read_csv(").append(file)
                .append(", delim = ").append(Sql.literal(props.getOrDefault("column_separator", ",")))
                .append(", header = ").append(header);
        String lineDelimiter = props.get("line_delimiter");
        if (lineDelimiter != null) {
            // Written as \n or \r\n (an HTTP header cannot hold a line break); DuckDB takes that spelling.
            String escaped = lineDelimiter.replace("\n", "\\n").replace("\r", "\\r");
            if (!List.of("\\n", "\\r\\n", "\\r").contains(escaped)) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "line_delimiter must be \\n, \\r\\n or \\r: " + lineDelimiter);
            }
            read.append(", new_line = ").append(Sql.literal(escaped));
        }
        String enclose = props.get("enclose");
        if (enclose != null) {
            read.append(", quote = ").append(Sql.literal(enclose));
        } else if ("true".equalsIgnoreCase(props.get("trim_double_quotes"))) {
            read.append(", quote = '\"'");
        }
        long skip = number(props, "skip_lines");
        if (skip > 0) {
            read.append(", skip = ").append(skip);
        }
        if (header) {
            return read.append(")").toString();
        }
        read.append(", all_varchar = true)");
        int n = QueryShape.columns(connection, "SELECT * FROM " + read).size();
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            names.add(Sql.ident("c" + i));
        }
        return "(SELECT * FROM " + read + " AS " + Sql.ident("__csv") + "(" + String.join(", ", names) + "))";
    }

    private static String json(String file, Map<String, String> props) {
        boolean byLine = "true".equalsIgnoreCase(props.get("read_json_by_line"));
        boolean outerArray = "true".equalsIgnoreCase(props.get("strip_outer_array"));
        if (byLine && outerArray) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "read_json_by_line and strip_outer_array can not both be true");
        }
        String layout = byLine ? "newline_delimited" : outerArray ? "array" : "auto";
        String paths = props.get("jsonpaths");
        String root = props.get("json_root");
        if (paths == null && root == null) {
            return "read_json_auto(" + file + ", format = " + Sql.literal(layout) + ")";
        }
        // Each object as JSON text, then json_root and the paths picked from it (c1, c2, .. as CSV fields).
        String object = root == null ? "json" : "json_extract(json, " + Sql.literal(root) + ")";
        String objects = "read_json_objects(" + file + ", format = " + Sql.literal(layout) + ")";
        if (paths == null) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "json_root needs jsonpaths: name the fields to load under the root");
        }
        List<String> picked = new ArrayList<>();
        List<String> list = jsonPaths(paths);
        for (int i = 0; i < list.size(); i++) {
            picked.add("json_extract_string(" + object + ", " + Sql.literal(list.get(i)) + ") AS " + Sql.ident("c" + (i + 1)));
        }
        return "(SELECT " + String.join(", ", picked) + " FROM " + objects + ")";
    }

    /** The jsonpaths property: a JSON array of paths such as {@code ["$.k", "$.v.w"]}. */
    private static List<String> jsonPaths(String text) {
        List<String> out = new ArrayList<>();
        try {
            com.fasterxml.jackson.databind.JsonNode array = new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
            if (array != null && array.isArray()) {
                for (com.fasterxml.jackson.databind.JsonNode path : array) {
                    if (!path.isTextual() || !path.asText().startsWith("$")) {
                        out.clear();
                        break;
                    }
                    out.add(path.asText());
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            out.clear();
        }
        if (out.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "jsonpaths must be a JSON array of paths such as [\"$.k\", \"$.v\"]: " + text);
        }
        return out;
    }

    private static long number(Map<String, String> props, String name) {
        String v = props.get(name);
        if (v == null) {
            return 0;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, name + " must be a whole number of 0 or more: " + v);
    }
}
