package io.cairndb.server;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How SELECT .. INTO OUTFILE and EXPORT write their files, from Doris's file properties: the format
 * (csv, csv_with_names, csv_with_names_and_types, parquet), {@code column_separator} (default tab) and
 * {@code line_delimiter} (default newline), {@code max_file_size} (between 5MB and 2GB, default 1GB),
 * {@code with_bom} (CSV files begin with a UTF-8 byte order mark), {@code compress_type} (of Parquet
 * files: SNAPPY, the default, GZIP, BROTLI, ZSTD, LZ4 or PLAIN) and {@code success_file_name} (an empty
 * file written once all others are; null for none).
 */
record OutfileOptions(String format, String columnSeparator, String lineDelimiter, long maxFileSize, boolean withBom,
                      String compression, String successFileName) {
    static final Set<String> FORMATS = Set.of("csv", "csv_with_names", "csv_with_names_and_types", "parquet");
    /** The properties {@link #of} reads. */
    static final Set<String> PROPERTIES = Set.of("column_separator", "line_delimiter", "max_file_size", "with_bom",
            "compress_type", "success_file_name");
    private static final long MB = 1024L * 1024;
    private static final long MIN_FILE_SIZE = 5 * MB;
    private static final long MAX_FILE_SIZE = 2048 * MB;
    /** Doris's Parquet compressions and DuckDB's names for them. */
    private static final Map<String, String> COMPRESSIONS = Map.of("snappy", "snappy", "gzip", "gzip", "brotli", "brotli",
            "zstd", "zstd", "lz4", "lz4_raw", "plain", "uncompressed");

    /** The options of {@code format} (lower-case, one of {@link #FORMATS}) from {@code props} (keys lower-case, of {@link #PROPERTIES}). */
    static OutfileOptions of(String format, Map<String, String> props) {
        String separator = props.getOrDefault("column_separator", "\t");
        String lineEnd = props.getOrDefault("line_delimiter", "\n");
        if (separator.isEmpty() || lineEnd.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "column_separator and line_delimiter may not be empty");
        }
        long maxFileSize = props.containsKey("max_file_size") ? fileSize(props.get("max_file_size")) : 1024 * MB;
        boolean withBom = bool("with_bom", props.getOrDefault("with_bom", "false"));
        String compression = null;
        if (props.containsKey("compress_type")) {
            compression = COMPRESSIONS.get(props.get("compress_type").toLowerCase(Locale.ROOT));
            if (!format.equals("parquet")) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "compress_type is supported for parquet files only, not " + format);
            }
            if (compression == null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported compress_type: " + props.get("compress_type")
                        + ": SNAPPY, GZIP, BROTLI, ZSTD, LZ4 or PLAIN");
            }
        }
        String success = props.get("success_file_name");
        if (success != null && (success.contains("/") || success.contains("..") || success.isBlank())) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "success_file_name must be a file name: " + success);
        }
        return new OutfileOptions(format, separator, lineEnd, maxFileSize, withBom, compression, success);
    }

    static boolean bool(String name, String value) {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The value of " + name + " must be true or false: " + value);
    }

    /** max_file_size: bytes, or a number with B, K(B), M(B), G(B); between 5MB and 2GB, as in Doris. */
    static long fileSize(String value) {
        String v = value.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        for (String[] s : new String[][] {{"KB", "1024"}, {"MB", "1048576"}, {"GB", "1073741824"}, {"K", "1024"},
                {"M", "1048576"}, {"G", "1073741824"}, {"B", "1"}}) {
            if (v.endsWith(s[0])) {
                unit = Long.parseLong(s[1]);
                v = v.substring(0, v.length() - s[0].length()).trim();
                break;
            }
        }
        long size;
        try {
            size = Long.parseLong(v) * unit;
        } catch (NumberFormatException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid max_file_size: " + value);
        }
        if (size < MIN_FILE_SIZE || size > MAX_FILE_SIZE) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "max_file_size should be between 5MB and 2GB. Given: " + value);
        }
        return size;
    }
}
