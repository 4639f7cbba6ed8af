package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.UserFiles;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.engine.EngineErrors;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * SELECT .. INTO OUTFILE as Doris writes local files: {@code file:///dir/prefix_} names files
 * {@code prefix_<query id>_<n>.csv} (or {@code .parquet}), a new one whenever {@code max_file_size}
 * would be passed; CSV rows are the values as text separated by {@code column_separator} (default
 * tab), each ended by {@code line_delimiter} (default newline), NULL written {@code \N}, booleans 1
 * and 0; csv_with_names and csv_with_names_and_types begin each file with the column names (and types).
 * The answer is Doris's one row: FileNumber, TotalRows, FileSize, URL. Local files are written only
 * with {@code enable_outfile_to_local}, as in Doris, and only inside {@code user_files_secure_path}.
 */
final class OutfileWriter {
    private static final long MB = 1024L * 1024;
    private static final long MIN_FILE_SIZE = 5 * MB;
    private static final long MAX_FILE_SIZE = 2048 * MB;
    private static final Set<String> FORMATS = Set.of("csv", "csv_with_names", "csv_with_names_and_types", "parquet");
    private static final Set<String> PROPERTIES = Set.of("column_separator", "line_delimiter", "max_file_size",
            "success_file_name");
    private static final List<ResultColumn> ANSWER = List.of(new ResultColumn("FileNumber", DataType.INT),
            new ResultColumn("TotalRows", DataType.BIGINT), new ResultColumn("FileSize", DataType.BIGINT),
            new ResultColumn("URL", DataType.STRING));

    private OutfileWriter() {
    }

    /** Writes the rows of {@code sql} (the query, printed; {@code columns} its result columns) to files. */
    static RowResult write(StatementContext ctx, Statement.Outfile o, String sql, List<ResultColumn> columns) {
        if (!ctx.config().flag("enable_outfile_to_local")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Exporting results to local disk is not allowed. To enable this "
                    + "feature, you need to add `enable_outfile_to_local=true` in fe.conf and restart FE");
        }
        if (!o.path().startsWith("file://")) {
            int scheme = o.path().indexOf("://");
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "INTO OUTFILE " + (scheme > 0 ? o.path().substring(0, scheme) + " storage"
                    : "without a file:/// path") + " is not supported: write to a local file:/// path");
        }
        String format = o.format() == null ? "csv" : o.format().toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(format)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "FORMAT AS " + o.format() + " is not supported: "
                    + "csv, csv_with_names, csv_with_names_and_types or parquet");
        }
        Map<String, String> props = new LinkedHashMap<>();
        Map<String, String> unknown = new LinkedHashMap<>();
        o.properties().forEach((k, v) -> (PROPERTIES.contains(k.toLowerCase(Locale.ROOT)) ? props : unknown)
                .put(k.toLowerCase(Locale.ROOT), v));
        if (!unknown.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + unknown);
        }
        long maxFileSize = props.containsKey("max_file_size") ? fileSize(props.get("max_file_size")) : 1024 * MB;
        UserFiles.OutputPrefix prefix = UserFiles.outputPrefix(ctx.config(), o.path().substring("file://".length()));
        String id = queryId();
        String stem = prefix.name() + id + "_";
        Written written = format.equals("parquet")
                ? parquet(ctx, sql, prefix.dir(), stem, maxFileSize)
                : csv(ctx, sql, columns, format, props, prefix.dir(), stem, maxFileSize);
        String success = props.get("success_file_name");
        if (success != null) {
            if (success.contains("/") || success.contains("..") || success.isBlank()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "success_file_name must be a file name: " + success);
            }
            try {
                Files.write(prefix.dir().resolve(success), new byte[0]);
            } catch (IOException e) {
                throw new CairnException(ErrorCode.INTERNAL, "cannot write " + success + ": " + e.getMessage(), e);
            }
        }
        return new ListRowResult(ANSWER, List.of(Arrays.asList(written.files(), written.rows(), written.bytes(),
                "file://" + prefix.dir().resolve(stem))));
    }

    private record Written(int files, long rows, long bytes) {
    }

    /** Each row as one string computed by DuckDB, written by Java into files that end at a line. */
    private static Written csv(StatementContext ctx, String sql, List<ResultColumn> columns, String format, Map<String, String> props,
                               Path dir, String stem, long maxFileSize) {
        String separator = props.getOrDefault("column_separator", "\t");
        byte[] lineEnd = props.getOrDefault("line_delimiter", "\n").getBytes(StandardCharsets.UTF_8);
        if (separator.isEmpty() || lineEnd.length == 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "column_separator and line_delimiter may not be empty");
        }
        List<String> aliases = new ArrayList<>();
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String c = Sql.ident("c" + i);
            aliases.add(c);
            String text = columns.get(i).type().kind() == TypeKind.BOOLEAN ? "CASE WHEN " + c + " THEN '1' WHEN NOT " + c + " THEN '0' END"
                    : "CAST(" + c + " AS VARCHAR)";
            cells.add("coalesce(" + text + ", '\\N')");
        }
        String row = "SELECT " + String.join(" || " + Sql.literal(separator) + " || ", cells) + " FROM (" + sql + ") AS "
                + Sql.ident("__outfile") + "(" + String.join(", ", aliases) + ")";
        StringBuilder header = new StringBuilder();
        if (!format.equals("csv")) {
            header.append(String.join(separator, columns.stream().map(ResultColumn::name).toList()))
                    .append(new String(lineEnd, StandardCharsets.UTF_8));
            if (format.equals("csv_with_names_and_types")) {
                header.append(String.join(separator, columns.stream().map(c -> c.type().toString()).toList()))
                        .append(new String(lineEnd, StandardCharsets.UTF_8));
            }
        }
        byte[] head = header.toString().getBytes(StandardCharsets.UTF_8);
        Rotation out = new Rotation(dir, stem, ".csv", maxFileSize, head);
        long rows = 0;
        try (java.sql.Statement st = ctx.txn().connection().createStatement(); ResultSet r = ctx.txn().query(st, row); out) {
            while (r.next()) {
                out.write(r.getString(1).getBytes(StandardCharsets.UTF_8), lineEnd);
                rows++;
            }
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot write " + dir.resolve(stem) + ": " + e.getMessage(), e);
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
        return new Written(out.files, rows, out.total);
    }

    /** Files named {@code stem<n>.ext}, each begun with {@code head}, a new one before a line would pass the size. */
    private static final class Rotation implements AutoCloseable {
        private final Path dir;
        private final String stem;
        private final String ext;
        private final long max;
        private final byte[] head;
        private OutputStream current;
        private long size;
        int files;
        long total;

        Rotation(Path dir, String stem, String ext, long max, byte[] head) {
            this.dir = dir;
            this.stem = stem;
            this.ext = ext;
            this.max = max;
            this.head = head;
        }

        void write(byte[] line, byte[] end) throws IOException {
            long length = line.length + end.length;
            if (current == null || size > head.length && size + length > max) {
                next();
            }
            current.write(line);
            current.write(end);
            size += length;
            total += length;
        }

        private void next() throws IOException {
            if (current != null) {
                current.close();
            }
            current = new java.io.BufferedOutputStream(Files.newOutputStream(dir.resolve(stem + files + ext)), 1 << 16);
            files++;
            current.write(head);
            size = head.length;
            total += head.length;
        }

        @Override
        public void close() throws IOException {
            if (current == null) {
                // No row: one file all the same, as the query's answer was written.
                next();
            }
            current.close();
        }
    }

    /** DuckDB writes Parquet itself, in files of about the size asked, renamed after the query. */
    private static Written parquet(StatementContext ctx, String sql, Path dir, String stem, long maxFileSize) {
        Path staging = dir.resolve("." + stem + "staging");
        long rows = Sql.execute(ctx.txn().connection(), "COPY (" + sql + ") TO " + Sql.literal(staging.toString())
                + " (FORMAT parquet, FILE_SIZE_BYTES " + maxFileSize + ")");
        List<Path> parts;
        try (Stream<Path> list = Files.list(staging)) {
            parts = list.sorted(Comparator.comparingLong(OutfileWriter::partNumber)).toList();
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot list " + staging + ": " + e.getMessage(), e);
        }
        long bytes = 0;
        try {
            for (int i = 0; i < parts.size(); i++) {
                Path target = dir.resolve(stem + i + ".parquet");
                Files.move(parts.get(i), target, StandardCopyOption.ATOMIC_MOVE);
                bytes += Files.size(target);
            }
            Files.delete(staging);
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot write " + dir.resolve(stem) + ": " + e.getMessage(), e);
        }
        return new Written(parts.size(), rows, bytes);
    }

    /** The n of DuckDB's data_n.parquet. */
    private static long partNumber(Path p) {
        String name = p.getFileName().toString();
        String digits = name.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? 0 : Long.parseLong(digits);
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

    /** A query id as Doris prints one: two 64-bit halves in hex. */
    private static String queryId() {
        UUID u = UUID.randomUUID();
        return Long.toHexString(u.getMostSignificantBits()) + "-" + Long.toHexString(u.getLeastSignificantBits());
    }
}
