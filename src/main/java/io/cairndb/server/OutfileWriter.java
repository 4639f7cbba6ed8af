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
import java.util.UUID;
import java.util.stream.Stream;

/**
 * SELECT .. INTO OUTFILE and EXPORT as Doris writes local files: {@code file:///dir/prefix_} names files
 * {@code prefix_<query id>_<n>.csv} (or {@code .parquet}), a new one whenever {@code max_file_size}
 * would be passed; CSV rows are the values as text separated by {@code column_separator} (default
 * tab), each ended by {@code line_delimiter} (default newline), NULL written {@code \N}, booleans 1
 * and 0; csv_with_names and csv_with_names_and_types begin each file with the column names (and types).
 * INTO OUTFILE answers Doris's one row: FileNumber, TotalRows, FileSize, URL. Local files are written
 * only with {@code enable_outfile_to_local}, as in Doris, and only inside {@code user_files_secure_path}.
 */
final class OutfileWriter {
    private static final List<ResultColumn> ANSWER = List.of(new ResultColumn("FileNumber", DataType.INT),
            new ResultColumn("TotalRows", DataType.BIGINT), new ResultColumn("FileSize", DataType.BIGINT),
            new ResultColumn("URL", DataType.STRING));
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private OutfileWriter() {
    }

    /** SELECT .. INTO OUTFILE: writes the rows of {@code sql} (the query, printed; {@code columns} its result columns). */
    static RowResult write(StatementContext ctx, Statement.Outfile o, String sql, List<ResultColumn> columns) {
        requireLocal(ctx, o.path(), "INTO OUTFILE");
        String format = o.format() == null ? "csv" : o.format().toLowerCase(Locale.ROOT);
        if (!OutfileOptions.FORMATS.contains(format)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "FORMAT AS " + o.format() + " is not supported: "
                    + "csv, csv_with_names, csv_with_names_and_types or parquet");
        }
        Map<String, String> props = new LinkedHashMap<>();
        Map<String, String> unknown = new LinkedHashMap<>();
        o.properties().forEach((k, v) -> (OutfileOptions.PROPERTIES.contains(k.toLowerCase(Locale.ROOT)) ? props : unknown)
                .put(k.toLowerCase(Locale.ROOT), v));
        if (!unknown.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + unknown);
        }
        OutfileOptions options = OutfileOptions.of(format, props);
        Written written = write(ctx, target(ctx, o.path(), "INTO OUTFILE"), options, sql, columns);
        return new ListRowResult(ANSWER, List.of(Arrays.asList(written.files(), written.rows(), written.bytes(), written.url())));
    }

    /**
     * Where the files {@code path} names go: a directory inside {@code user_files_secure_path} (created when
     * missing) and the start of their names; see {@link #requireLocal} for what is refused.
     */
    static UserFiles.OutputPrefix target(StatementContext ctx, String path, String statement) {
        requireLocal(ctx, path, statement);
        return UserFiles.outputPrefix(ctx.config(), path.substring("file://".length()));
    }

    /**
     * Refuses output to local files unless {@code enable_outfile_to_local} allows it, and output to
     * anything but a {@code file://} path; {@code statement} names the statement in the refusal.
     */
    private static void requireLocal(StatementContext ctx, String path, String statement) {
        if (!ctx.config().flag("enable_outfile_to_local")) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Exporting results to local disk is not allowed. To enable this "
                    + "feature, you need to add `enable_outfile_to_local=true` in fe.conf and restart FE");
        }
        if (!path.startsWith("file://")) {
            int scheme = path.indexOf("://");
            throw new CairnException(ErrorCode.NOT_SUPPORTED, statement + " " + (scheme > 0 ? path.substring(0, scheme) + " storage"
                    : "without a file:/// path") + " is not supported: write to a local file:/// path");
        }
    }

    /** What was written: files, rows, bytes, and the URL of the files (their common prefix). */
    record Written(int files, long rows, long bytes, String url) {
    }

    /** Writes the rows of {@code sql} ({@code columns} its result columns) to files at {@code prefix}, as {@code options} asks. */
    static Written write(StatementContext ctx, UserFiles.OutputPrefix prefix, OutfileOptions options, String sql,
                         List<ResultColumn> columns) {
        String stem = prefix.name() + queryId() + "_";
        Written written = options.format().equals("parquet")
                ? parquet(ctx, sql, prefix.dir(), stem, options)
                : csv(ctx, sql, columns, options, prefix.dir(), stem);
        if (options.successFileName() != null) {
            try {
                Files.write(prefix.dir().resolve(options.successFileName()), new byte[0]);
            } catch (IOException e) {
                throw new CairnException(ErrorCode.INTERNAL, "cannot write " + options.successFileName() + ": " + e.getMessage(), e);
            }
        }
        return new Written(written.files(), written.rows(), written.bytes(), "file://" + prefix.dir().resolve(stem));
    }

    /** Each row as one string computed by DuckDB, written by Java into files that end at a line. */
    private static Written csv(StatementContext ctx, String sql, List<ResultColumn> columns, OutfileOptions options, Path dir,
                               String stem) {
        String format = options.format();
        String separator = options.columnSeparator();
        byte[] lineEnd = options.lineDelimiter().getBytes(StandardCharsets.UTF_8);
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
        byte[] names = header.toString().getBytes(StandardCharsets.UTF_8);
        byte[] head = names;
        if (options.withBom()) {
            head = new byte[BOM.length + names.length];
            System.arraycopy(BOM, 0, head, 0, BOM.length);
            System.arraycopy(names, 0, head, BOM.length, names.length);
        }
        Rotation out = new Rotation(dir, stem, ".csv", options.maxFileSize(), head);
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
        return new Written(out.files, rows, out.total, null);
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
    private static Written parquet(StatementContext ctx, String sql, Path dir, String stem, OutfileOptions options) {
        Path staging = dir.resolve("." + stem + "staging");
        long rows = Sql.execute(ctx.txn().connection(), "COPY (" + sql + ") TO " + Sql.literal(staging.toString())
                + " (FORMAT parquet, FILE_SIZE_BYTES " + options.maxFileSize()
                + (options.compression() == null ? "" : ", COMPRESSION " + options.compression()) + ")");
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
        return new Written(parts.size(), rows, bytes, null);
    }

    /** The n of DuckDB's data_n.parquet. */
    private static long partNumber(Path p) {
        String name = p.getFileName().toString();
        String digits = name.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? 0 : Long.parseLong(digits);
    }

    /** A query id as Doris prints one: two 64-bit halves in hex. */
    private static String queryId() {
        UUID u = UUID.randomUUID();
        return Long.toHexString(u.getMostSignificantBits()) + "-" + Long.toHexString(u.getLeastSignificantBits());
    }
}
