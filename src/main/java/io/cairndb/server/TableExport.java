package io.cairndb.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.analyzer.UserFiles;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.system.Tablets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * EXPORT TABLE. Doris submits an export job and answers at once; here the job runs inside the statement:
 * it is recorded EXPORTING (SHOW EXPORT lists it meanwhile), writes the rows as SELECT .. INTO OUTFILE
 * writes them (one writer: {@code parallelism} is recorded, not used), and ends FINISHED, or CANCELLED
 * with the error, which the statement then fails with. Everything the statement names (properties,
 * partitions, columns, the WHERE clause, the path) is checked before the job is recorded or a file written.
 */
final class TableExport {
    private static final Set<String> PROPERTIES = Set.of("label", "columns", "format", "column_separator", "line_delimiter",
            "max_file_size", "with_bom", "compress_type", "timeout", "parallelism", "exec_mem_limit", "delete_existing_files",
            "data_consistency");
    private static final String LABEL_REGEX = "^[-_A-Za-z0-9:]{1,128}$";
    private static final ObjectMapper JSON = new ObjectMapper();

    private TableExport() {
    }

    static UpdateCount run(StatementContext ctx, ExportStatement.Export e, ExportJobs jobs) {
        if (e.storage() != null) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "EXPORT WITH " + e.storage().toUpperCase(Locale.ROOT)
                    + " is not supported: export to a local file:/// path");
        }
        Map<String, String> props = properties(e.properties());
        String format = props.getOrDefault("format", "csv").toLowerCase(Locale.ROOT);
        if (!OutfileOptions.FORMATS.contains(format)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "format " + props.get("format") + " is not supported: "
                    + "csv, csv_with_names, csv_with_names_and_types or parquet");
        }
        Map<String, String> fileProps = new LinkedHashMap<>(props);
        fileProps.keySet().retainAll(OutfileOptions.PROPERTIES);
        OutfileOptions options = OutfileOptions.of(format, fileProps);
        int parallelism = number(props, "parallelism", "The value of parallelism is invalid!");
        long timeout = props.containsKey("timeout") ? number(props, "timeout", "The value of timeout is invalid: " + props.get("timeout"))
                : ctx.session().variable("query_timeout") == null ? 0 : Long.parseLong(ctx.session().variable("query_timeout"));
        if (props.containsKey("exec_mem_limit")) {
            number(props, "exec_mem_limit", "The value of exec_mem_limit is invalid: " + props.get("exec_mem_limit"));
        }
        if (OutfileOptions.bool("delete_existing_files", props.getOrDefault("delete_existing_files", "false"))) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Local file system does not support delete existing files");
        }
        String consistency = props.getOrDefault("data_consistency", "partition").toLowerCase(Locale.ROOT);
        if (!consistency.equals("partition") && !consistency.equals("none")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The value of data_consistency is invalid: " + consistency
                    + ": partition or none");
        }
        String label = props.getOrDefault("label", "export_" + UUID.randomUUID());
        if (!label.matches(LABEL_REGEX)) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Label format error. regex: " + LABEL_REGEX + ", label: " + label);
        }

        String database = ctx.databaseOf(e.table());
        TableMeta t = ctx.table(e.table());
        List<String> partitions = partitions(t, e.partitions());
        List<String> columns = columns(ctx, t, e.columns(), props.get("columns"));
        Query query = query(QualifiedName.of(database, t.name()), partitions, columns, e.where());
        String sql = ctx.translator().answering(query).sql();
        List<ResultColumn> described = ctx.translator().describe(query);
        jobs.requireFreeLabel(database, label);
        UserFiles.OutputPrefix target = OutfileWriter.target(ctx, e.path(), "EXPORT");

        Map<String, Object> info = new LinkedHashMap<>();
        info.put("db", database);
        info.put("tbl", t.name());
        if (e.where() != null) {
            info.put("where expr", SqlFormatter.format(e.where()));
        }
        info.put("partitions", partitions.isEmpty() ? List.of("*") : partitions);
        info.put("broker", "local");
        info.put("column_separator", options.columnSeparator());
        info.put("line_delimiter", options.lineDelimiter());
        info.put("format", format);
        info.put("with_bom", String.valueOf(options.withBom()));
        if (!columns.isEmpty()) {
            info.put("columns", String.join(",", columns));
        }
        info.put("tablet_num", t.isView() ? 0
                : Tablets.count(t, partitions.isEmpty() ? t.partitioning().partitions().size() : partitions.size()));
        info.put("max_file_size", props.getOrDefault("max_file_size", ""));
        info.put("delete_existing_files", props.getOrDefault("delete_existing_files", ""));
        info.put("parallelism", parallelism);
        info.put("data_consistency", consistency);
        long now = System.currentTimeMillis();
        ExportJob job = new ExportJob(ctx.catalog().newId(), label, database, t.name(), ExportJob.State.EXPORTING, json(info),
                e.path(), now, now, null, timeout, null, null);
        jobs.add(job, ctx.txn()::interrupt);
        OutfileWriter.Written w;
        try {
            w = OutfileWriter.write(ctx, target, options, sql, described);
        } catch (RuntimeException failure) {
            String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
            if (!jobs.end(job.cancelled("RUN_FAIL", message, System.currentTimeMillis()))) {
                throw cancelled(label);
            }
            throw failure;
        }
        Map<String, String> file = new LinkedHashMap<>();
        file.put("fileNumber", Integer.toString(w.files()));
        file.put("totalRows", Long.toString(w.rows()));
        file.put("fileSize", Long.toString(w.bytes()));
        file.put("url", w.url());
        if (!jobs.end(job.finished(json(List.of(List.of(file))), System.currentTimeMillis()))) {
            throw cancelled(label);
        }
        return UpdateCount.NONE;
    }

    private static CairnException cancelled(String label) {
        return new CairnException(ErrorCode.QUERY_INTERRUPTED, "Export job [" + label + "] was cancelled (CANCEL EXPORT)");
    }

    /** The properties with their keys in lower case; unknown ones refused by name, as Doris refuses them. */
    private static Map<String, String> properties(Map<String, String> given) {
        Map<String, String> props = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        given.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            if (PROPERTIES.contains(key)) {
                props.put(key, v);
            } else {
                unknown.add(k);
            }
        });
        if (!unknown.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid property key: " + unknown);
        }
        return props;
    }

    private static int number(Map<String, String> props, String key, String refusal) {
        String value = props.get(key);
        if (value == null) {
            return 1;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // refused below
        }
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, refusal);
    }

    /** The partitions named, checked as Doris checks them; empty for all ({@code PARTITION (*)} too). */
    private static List<String> partitions(TableMeta t, List<String> names) {
        if (names.isEmpty() || names.equals(List.of("*"))) {
            return List.of();
        }
        if (t.isView()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table[" + t.name() + "] is VIEW type, do not support export PARTITION.");
        }
        if (t.partitioning().kind() == PartitionScheme.Kind.UNPARTITIONED) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Table[" + t.name() + "] is not partitioned.");
        }
        List<String> out = new ArrayList<>();
        for (String name : names) {
            if (t.partition(name) == null) {
                throw new CairnException(ErrorCode.UNKNOWN_PARTITION, "Partition [" + name + "] does not exist in Table[" + t.name() + "]");
            }
            out.add(t.partition(name).name());
        }
        return out;
    }

    /**
     * The columns to export, from the column list or the "columns" property (not both), each a column of
     * the table, as the table spells it; empty for all of them.
     */
    private static List<String> columns(StatementContext ctx, TableMeta t, List<String> listed, String property) {
        if (!listed.isEmpty() && property != null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Columns are given twice: in a column list and in the columns property");
        }
        if (property != null && property.isBlank()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "columns can not be empty");
        }
        List<String> names = property == null ? listed
                : Arrays.stream(property.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        List<String> out = new ArrayList<>();
        List<ColumnMeta> visible = HiddenColumns.visible(ctx.session(), t);
        for (String name : names) {
            ColumnMeta c = visible.stream().filter(v -> v.name().equalsIgnoreCase(name)).findFirst().orElseThrow(() ->
                    new CairnException(ErrorCode.UNKNOWN_COLUMN, "unknown column [" + name + "] in table [" + t.name() + "]"));
            out.add(c.name());
        }
        return out;
    }

    /** {@code SELECT <columns or *> FROM db.t [PARTITION (..)] [WHERE ..]}. */
    private static Query query(QualifiedName table, List<String> partitions, List<String> columns, Expr where) {
        List<QueryBody.SelectItem> select = new ArrayList<>();
        if (columns.isEmpty()) {
            select.add(new QueryBody.AllColumns(null));
        }
        for (String c : columns) {
            select.add(new QueryBody.SingleColumn(new Expr.Identifier(List.of(c)), null));
        }
        Relation from = new Relation.TableRef(table, null, partitions, null);
        return Query.of(new QueryBody.QuerySpec(Map.of(), false, select, from, where, null, null));
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
