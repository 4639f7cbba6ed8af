package io.cairndb.server;

import io.cairndb.analyzer.LocalFiles;
import io.cairndb.catalog.Access;
import io.cairndb.engine.QueryShape;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.Sql;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.Statement;
import io.cairndb.write.FilteredRowsException;
import io.cairndb.write.LoadTransaction;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Doris's Stream Load: the body of an HTTP PUT, staged in a file, loaded into one table by an INSERT
 * that the loading user's session runs, so that privileges, every key model, the changelog, streams,
 * rollups and ON COMMIT MVs see it like any INSERT, and a label makes it exactly-once. The headers are
 * Doris's: {@code label}, {@code format} (csv, csv_with_names, json, parquet), {@code column_separator}
 * (default {@code \t}), {@code line_delimiter}, {@code enclose}, {@code skip_lines}, {@code columns}
 * (file columns by position, and derived columns {@code c = expr}), {@code where}, {@code partitions},
 * {@code temporary_partitions}, {@code strict_mode}, {@code timezone}, {@code partial_columns} and
 * {@code partial_update_new_key_behavior} (a partial-column update, as INSERT's), {@code read_json_by_line},
 * {@code strip_outer_array}, {@code trim_double_quotes}, {@code jsonpaths} and {@code json_root}, {@code group_commit}
 * (sync_mode and async_mode commit the load on its own, visible when answered, under a group_commit_ label),
 * {@code max_filter_ratio} (the share of rows a non-strict load may filter out:
 * rows with NULL for a NOT NULL column, an over-long string or no partition; past it the load fails, and
 * either way the rejected rows are served at its ErrorURL).
 */
public final class StreamLoad {
    /** Doris load headers this load does not carry out: refused rather than ignored. */
    private static final Set<String> UNSUPPORTED = Set.of("fuzzy_parse", "num_as_string",
            "merge_type", "delete", "function_column.sequence_col", "exec_mem_limit", "send_batch_parallelism", "load_to_single_tablet",
            "hidden_columns", "compress_type", "escape", "unique_key_update_mode",
            "memtable_on_sink_node", "comment", "load_mem_limit", "skip_lines_num");
    private static final Set<String> FILE_OPTIONS = Set.of("format", "column_separator", "line_delimiter", "enclose", "skip_lines",
            "read_json_by_line", "strip_outer_array", "trim_double_quotes", "jsonpaths", "json_root");

    /** What Doris answers for a load, in its JSON field order. */
    public record Result(long txnId, String label, String status, String existingJobStatus, String message, long totalRows,
                         long loadedRows, long filteredRows, long unselectedRows, long loadBytes, long loadTimeMs,
                         String errorLog) {
    }

    /** Doris's message for a load that filtered out more rows than max_filter_ratio allows. */
    static final String TOO_MANY_FILTERED = "[DATA_QUALITY_ERROR]too many filtered rows";

    private StreamLoad() {
    }

    /**
     * Loads {@code body} ({@code bytes} long) into {@code database.table} as {@code session}'s user;
     * {@code headers} are keyed in lower case. Failures come back as a Fail result, never thrown.
     */
    public static Result run(Database db, Session session, String database, String table, Map<String, String> headers, Path body,
                             long bytes) {
        long started = System.currentTimeMillis();
        String group = headers.getOrDefault("group_commit", "off_mode").toLowerCase(Locale.ROOT);
        if (!List.of("off_mode", "sync_mode", "async_mode").contains(group)) {
            return failed("group_commit must be off_mode, sync_mode or async_mode, not " + group, headers, bytes, started);
        }
        boolean grouped = !group.equals("off_mode");
        if (grouped && headers.containsKey("label")) {
            return failed("label and group_commit can't be set at same time", headers, bytes, started);
        }
        // Group commit: the load commits on its own at once, visible when answered (also in async_mode).
        String label = grouped ? "group_commit_" + java.util.UUID.randomUUID().toString().replace("-", "")
                : headers.getOrDefault("label", LoadInfo.statementLabel());
        try {
            return load(db, session, database, table, label, headers, body, bytes);
        } catch (CairnException e) {
            boolean duplicate = e.getMessage() != null && e.getMessage().startsWith("Label [" + label + "] has already been used");
            long txnId = 0;
            if (!duplicate) {
                // A failed load is an aborted transaction, as Doris lists it (SHOW LOAD CANCELLED, doris_fe_txn_failed).
                txnId = db.transactionHistory().nextId();
                db.transactionHistory().record(new LoadTransaction(txnId, database, label, LoadTransaction.ABORTED,
                        LoadTransaction.BACKEND_STREAMING, started, null, null, String.valueOf(e.getMessage()), session.loadTimeoutMs()));
            }
            if (e instanceof FilteredRowsException f) {
                return new Result(txnId, label, "Fail", null, TOO_MANY_FILTERED, f.totalRows(), 0, f.filteredRows(), 0, bytes,
                        System.currentTimeMillis() - started, LoadErrorLogs.write(db, txnId, f.rejected()));
            }
            return new Result(txnId, label, duplicate ? "Label Already Exists" : "Fail", duplicate ? "FINISHED" : null, e.getMessage(),
                    0, 0, 0, 0, bytes, System.currentTimeMillis() - started, null);
        }
    }

    /** A load refused before it began: nothing was written, no transaction was opened. */
    private static Result failed(String message, Map<String, String> headers, long bytes, long started) {
        return new Result(0, headers.getOrDefault("label", ""), "Fail", null, message, 0, 0, 0, 0, bytes,
                System.currentTimeMillis() - started, null);
    }

    /** As {@link #run}, for a load that succeeds; a failure is thrown with its MySQL error (LOAD DATA reports it so). */
    static Result load(Database db, Session session, String database, String table, String label, Map<String, String> headers,
                       Path body, long bytes) {
        long started = System.currentTimeMillis();
        // The body's shape is read on a connection of its own: the session's runs only its statements' transactions.
        try (java.sql.Connection probe = db.connect()) {
            // Checked first: a user who may not load into the table learns nothing of it.
            session.access().require(Access.LOAD, database, table);
            Map<String, String> file = fileOptions(headers);
            if (headers.containsKey("timezone")) {
                session.execute("SET time_zone = " + Sql.literal(headers.get("timezone")));
            }
            boolean strict = "true".equalsIgnoreCase(headers.get("strict_mode"));
            double maxFilterRatio = maxFilterRatio(headers, strict);
            session.execute("SET enable_insert_strict = " + strict);
            String item = LocalFiles.read(List.of(body), file, probe);
            List<String> fileColumns = new ArrayList<>();
            QueryShape.columns(probe, "SELECT * FROM " + item).forEach(c -> fileColumns.add(c.name()));
            Statement.Insert insert = insert(database, table, label, headers, fileColumns, session);
            SessionVariables variables = session.variables();
            Map<String, String> forLoad = new java.util.LinkedHashMap<>();
            forLoad.put("insert_max_filter_ratio", Double.toString(maxFilterRatio));
            forLoad.put("enable_unique_key_partial_update", headers.getOrDefault("partial_columns", "false"));
            forLoad.put("partial_update_new_key_behavior", headers.getOrDefault("partial_update_new_key_behavior", "APPEND"));
            Map<String, String> before = new java.util.LinkedHashMap<>();
            forLoad.keySet().forEach(n -> before.put(n, variables.get(n)));
            StatementResult r;
            try {
                forLoad.forEach(variables::setSession);
                r = session.load(insert, item, "STREAM LOAD INTO " + database + "." + table + " (label " + label + ")");
            } finally {
                before.forEach(variables::setSession);
            }
            UpdateCount count = (UpdateCount) r;
            long loaded = count.affectedRows();
            long filtered = count.warnings();
            long total = headers.containsKey("where") ? countRows(probe, item) : loaded + filtered;
            SessionLoads.LastInsert done = session.loads().lastInsert();
            long txnId = done == null ? 0 : done.id();
            return new Result(txnId, label, "Success", null, "OK", total, loaded, filtered, total - loaded - filtered, bytes,
                    System.currentTimeMillis() - started,
                    count.rejectedRows().isEmpty() ? null : LoadErrorLogs.write(db, txnId, count.rejectedRows()));
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("closing a connection failed", e);
        }
    }

    /**
     * The max_filter_ratio header, 0 by default as in Doris. A strict load fails at its first bad row, so
     * it takes none above 0.
     */
    private static double maxFilterRatio(Map<String, String> headers, boolean strict) {
        String text = headers.getOrDefault("max_filter_ratio", "0").strip();
        double ratio;
        try {
            ratio = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            ratio = -1;
        }
        if (!(ratio >= 0 && ratio <= 1)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "max_filter_ratio must be between 0 and 1, not " + text);
        }
        if (strict && ratio > 0) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "max_filter_ratio above 0 needs strict_mode false: a strict load fails at its first row that cannot be loaded");
        }
        return ratio;
    }

    private static Map<String, String> fileOptions(Map<String, String> headers) {
        for (String h : headers.keySet()) {
            if (UNSUPPORTED.contains(h)) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Stream Load header " + h + " is not supported");
            }
        }
        Map<String, String> file = new HashMap<>();
        file.put("column_separator", "\t");
        for (String option : FILE_OPTIONS) {
            if (headers.containsKey(option)) {
                file.put(option, headers.get(option));
            }
        }
        String format = file.getOrDefault("format", "csv").toLowerCase(Locale.ROOT);
        if (format.equals("csv_with_names_and_types")) {
            // The second line names the types, which the table already has.
            file.put("format", "csv_with_names");
            file.put("skip_lines", "1");
        }
        return file;
    }

    /**
     * {@code INSERT INTO t (targets) SELECT * FROM (SELECT mapped, derived FROM (SELECT c1 AS f1, .. FROM
     * stream_load())) WHERE where}: file columns renamed as {@code columns} names them (or as the
     * table's columns, in order), derived columns computed from them, then the WHERE filter.
     */
    private static Statement.Insert insert(String database, String table, String label, Map<String, String> headers,
                                           List<String> fileColumns, Session session) {
        List<String> tableColumns = tableColumns(session, database, table);
        List<String> names = new ArrayList<>();
        List<QueryBody.SelectItem> derived = new ArrayList<>();
        List<String> targets = new ArrayList<>();
        String columns = headers.get("columns");
        // JSON and Parquet fields go to the columns of their names; CSV fields and jsonpaths' picks by position.
        boolean named = !"csv".equalsIgnoreCase(headers.getOrDefault("format", "csv")) && !headers.containsKey("jsonpaths")
                && columns == null;
        if (columns == null) {
            if (!named) {
                names.addAll(tableColumns);
                if (names.size() != fileColumns.size()) {
                    // Most often a comma file loaded without a separator: say which one was used.
                    String separator = headers.containsKey("column_separator") ? ""
                            : "; the default column_separator is \\t (tab): set the column_separator header "
                            + "(-H \"column_separator:,\" for a comma file)";
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The data has " + fileColumns.size() + " column(s) but table "
                            + table + " has " + names.size() + separator + ", or name the data's columns with the columns header");
                }
            }
        } else {
            for (String item : topLevel(columns, ',')) {
                int eq = assignment(item);
                if (eq < 0) {
                    names.add(unquoted(item.strip()));
                } else {
                    String target = unquoted(item.substring(0, eq).strip());
                    derived.add(new QueryBody.SingleColumn(SqlParser.parseExpression(item.substring(eq + 1)), target));
                    targets.add(target);
                }
            }
            if (names.size() > fileColumns.size()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The columns header names " + names.size()
                        + " column(s) of the data, which has " + fileColumns.size());
            }
        }
        List<QueryBody.SelectItem> renamed = new ArrayList<>();
        if (named) {
            for (String c : fileColumns) {
                renamed.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(c)), c));
                names.add(c);
            }
        } else {
            for (int i = 0; i < names.size(); i++) {
                renamed.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(fileColumns.get(i))), names.get(i)));
            }
        }
        Relation staged = new Relation.TableFunction("stream_load", List.of(), Map.of(), "__staged", List.of());
        Query source = Query.of(select(renamed, staged, null));
        List<QueryBody.SelectItem> mapped = new ArrayList<>();
        List<String> insertColumns = new ArrayList<>();
        for (String n : names) {
            if (tableColumns.stream().anyMatch(c -> c.equalsIgnoreCase(n)) && !targets.contains(n)) {
                mapped.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(n)), n));
                insertColumns.add(n);
            }
        }
        mapped.addAll(derived);
        insertColumns.addAll(targets);
        Relation loaded = new Relation.SubqueryRelation(source, "__file", List.of());
        Query withDerived = Query.of(select(mapped, loaded, null));
        Expr where = headers.containsKey("where") ? SqlParser.parseExpression(headers.get("where")) : null;
        Query rows = where == null ? withDerived
                : Query.of(select(List.of(new QueryBody.AllColumns(null)), new Relation.SubqueryRelation(withDerived, "__row", List.of()), where));
        List<String> partitions = headers.containsKey("temporary_partitions") ? list(headers.get("temporary_partitions"))
                : headers.containsKey("partitions") ? list(headers.get("partitions")) : List.of();
        return new Statement.Insert(QualifiedName.of(database, table), partitions, headers.containsKey("temporary_partitions"),
                insertColumns, rows, false, label);
    }

    private static QueryBody.QuerySpec select(List<QueryBody.SelectItem> items, Relation from, Expr where) {
        return new QueryBody.QuerySpec(Map.of(), false, items, from, where, null, null);
    }

    private static List<String> tableColumns(Session session, String database, String table) {
        List<String> out = new ArrayList<>();
        try (RowResult r = (RowResult) session.execute("SHOW COLUMNS FROM " + quoted(database) + "." + quoted(table)).get(0)) {
            while (r.next()) {
                out.add(String.valueOf(r.value(0)));
            }
        }
        return out;
    }

    private static long countRows(java.sql.Connection probe, String item) {
        return ((Number) Sql.scalar(probe, "SELECT count(*) FROM " + item)).longValue();
    }

    /** The position of the {@code =} of {@code name = expr}, or -1 for a plain name. */
    private static int assignment(String item) {
        int depth = 0;
        for (int i = 0; i < item.length(); i++) {
            char ch = item.charAt(i);
            if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
            } else if (ch == '=' && depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** {@code text} split at {@code separator}s outside parentheses and quotes. */
    private static List<String> topLevel(String text, char separator) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quote != 0) {
                quote = ch == quote ? 0 : quote;
            } else if (ch == '\'' || ch == '"' || ch == '`') {
                quote = ch;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
            } else if (ch == separator && depth == 0) {
                out.add(text.substring(start, i));
                start = i + 1;
            }
        }
        out.add(text.substring(start));
        return out.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static List<String> list(String text) {
        return topLevel(text, ',').stream().map(StreamLoad::unquoted).toList();
    }

    /** A name in the dialect's quotes: the SHOW that reads the table's columns checks the user's privileges. */
    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    private static String unquoted(String name) {
        return name.length() > 1 && name.startsWith("`") && name.endsWith("`") ? name.substring(1, name.length() - 1) : name;
    }
}
