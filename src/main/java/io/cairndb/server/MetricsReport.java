package io.cairndb.server;

import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.StreamOffsets;
import io.cairndb.engine.Sql;
import io.cairndb.mv.MvDescriptions;
import io.cairndb.mv.TaskRecord;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's metrics in Prometheus's text format, with Doris's FE names where Doris has them
 * (doris_fe_query_total, doris_fe_query_err, doris_fe_query_latency_ms, doris_fe_connection_total,
 * doris_fe_txn_*, the async_materialized_view_task_skip_num the seeds name), and the MV, stream, JVM
 * and DuckDB figures an operator watches.
 */
public final class MetricsReport {
    private static final double[] QUANTILES = {0.5, 0.75, 0.9, 0.95, 0.99, 0.999};

    private MetricsReport() {
    }

    public static String render(Database db) {
        StringBuilder out = new StringBuilder();
        ServerMetrics m = db.metrics();
        counter(out, "doris_fe_query_total", "statements run", m.queries());
        counter(out, "doris_fe_query_err", "statements that failed", m.errors());
        out.append("# HELP doris_fe_query_latency_ms latency of the most recent statements\n# TYPE doris_fe_query_latency_ms summary\n");
        double[] q = m.latencyQuantiles(QUANTILES);
        for (int i = 0; i < QUANTILES.length; i++) {
            out.append("doris_fe_query_latency_ms{quantile=\"").append(QUANTILES[i]).append("\"} ").append(q[i]).append('\n');
        }
        gauge(out, "doris_fe_connection_total", "sessions open now", db.openSessions());
        counter(out, "doris_fe_connection_opened", "sessions opened since start", m.connections());
        var txns = db.transactionCounts();
        counter(out, "doris_fe_txn_success", "load transactions made visible", txns.visible());
        counter(out, "doris_fe_txn_failed", "load transactions aborted", txns.aborted());
        counter(out, "doris_fe_async_materialized_view_task_skip_num",
                "refresh triggers skipped because a task of the MV was pending", db.materializedViews().skippedTriggers());
        try (Connection c = db.connect()) {
            tasks(out, db, c);
            freshness(out, db);
            backlogs(out, db, c);
            duckdbMemory(out, c);
        } catch (SQLException e) {
            throw new IllegalStateException("closing a connection failed", e);
        }
        jvm(out);
        return out.toString();
    }

    private static void tasks(StringBuilder out, Database db, Connection c) {
        Map<String, long[]> byState = new TreeMap<>();
        for (TaskRecord t : db.materializedViews().tasks(c)) {
            long[] v = byState.computeIfAbsent(t.status(), k -> new long[2]);
            v[0]++;
            v[1] += t.finished() ? t.durationMs() : 0;
        }
        out.append("# HELP doris_fe_async_materialized_view_task_total MV refresh tasks kept, by state\n")
                .append("# TYPE doris_fe_async_materialized_view_task_total gauge\n");
        byState.forEach((state, v) -> out.append("doris_fe_async_materialized_view_task_total{state=\"").append(state).append("\"} ")
                .append(v[0]).append('\n'));
        out.append("# HELP doris_fe_async_materialized_view_task_duration_ms_sum time the kept MV refresh tasks took, by state\n")
                .append("# TYPE doris_fe_async_materialized_view_task_duration_ms_sum gauge\n");
        byState.forEach((state, v) -> out.append("doris_fe_async_materialized_view_task_duration_ms_sum{state=\"").append(state)
                .append("\"} ").append(v[1]).append('\n'));
    }

    /** Per MV: 0 while it is in sync with its base tables, else the seconds since its last successful refresh. */
    private static void freshness(StringBuilder out, Database db) {
        out.append("# HELP doris_fe_async_materialized_view_freshness_lag_seconds 0 when in sync, else seconds since the last "
                + "successful refresh\n# TYPE doris_fe_async_materialized_view_freshness_lag_seconds gauge\n");
        long now = System.currentTimeMillis();
        for (DatabaseMeta d : db.catalog().databases()) {
            for (MvMeta mv : db.catalog().mvs(d.name())) {
                double lag = MvDescriptions.inSync(db.catalog(), mv) ? 0
                        : (now - (mv.lastSuccessTime() == 0 ? mv.createTime() : mv.lastSuccessTime())) / 1000.0;
                out.append("doris_fe_async_materialized_view_freshness_lag_seconds{database=\"").append(label(d.name()))
                        .append("\",mv=\"").append(label(mv.name())).append("\"} ").append(lag).append('\n');
            }
        }
    }

    /** Per stream: the change rows it has not consumed. */
    private static void backlogs(StringBuilder out, Database db, Connection c) {
        out.append("# HELP cairndb_table_stream_backlog_rows unconsumed change rows of each stream\n")
                .append("# TYPE cairndb_table_stream_backlog_rows gauge\n");
        for (DatabaseMeta d : db.catalog().databases()) {
            for (StreamMeta s : db.catalog().streams(d.name())) {
                TableMeta t = db.catalog().tableById(s.tableDatabase(), s.tableId());
                if (t != null) {
                    out.append("cairndb_table_stream_backlog_rows{database=\"").append(label(d.name())).append("\",stream=\"")
                            .append(label(s.name())).append("\"} ").append(StreamOffsets.pending(c, s, t).changeRows()).append('\n');
                }
            }
        }
    }

    private static void duckdbMemory(StringBuilder out, Connection c) {
        Object bytes = Sql.scalar(c, "SELECT sum(memory_usage_bytes) FROM duckdb_memory()");
        gauge(out, "cairndb_duckdb_memory_bytes", "memory DuckDB holds (buffer pool and temporary data)",
                bytes == null ? 0 : ((Number) bytes).longValue());
    }

    private static void jvm(StringBuilder out) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        out.append("# HELP jvm_heap_size_bytes JVM heap\n# TYPE jvm_heap_size_bytes gauge\n")
                .append("jvm_heap_size_bytes{type=\"used\"} ").append(heap.getUsed()).append('\n')
                .append("jvm_heap_size_bytes{type=\"committed\"} ").append(heap.getCommitted()).append('\n')
                .append("jvm_heap_size_bytes{type=\"max\"} ").append(heap.getMax()).append('\n');
        gauge(out, "jvm_thread_count", "live JVM threads", ManagementFactory.getThreadMXBean().getThreadCount());
    }

    private static void counter(StringBuilder out, String name, String help, long value) {
        out.append("# HELP ").append(name).append(' ').append(help).append("\n# TYPE ").append(name).append(" counter\n")
                .append(name).append(' ').append(value).append('\n');
    }

    private static void gauge(StringBuilder out, String name, String help, long value) {
        out.append("# HELP ").append(name).append(' ').append(help).append("\n# TYPE ").append(name).append(" gauge\n")
                .append(name).append(' ').append(value).append('\n');
    }

    /** A label value, escaped as the text format requires. */
    private static String label(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
