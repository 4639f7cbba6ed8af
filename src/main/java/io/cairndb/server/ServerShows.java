package io.cairndb.server;

import static io.cairndb.system.ShowExecutor.strings;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.TimeText;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;
import io.cairndb.system.ProcessInfo;
import io.cairndb.system.RowFilter;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * SHOW [GLOBAL] STATUS, SHOW FRONTENDS, SHOW BACKENDS and SHOW PROC: what this process is doing, as MySQL and
 * Doris report it. One process is both Doris's frontend and its backend.
 */
final class ServerShows {
    private static final String VERSION = "CairnDB (Doris 2.1 dialect)";

    private ServerShows() {
    }

    static boolean answers(Statement.ShowOther s) {
        return s.what().equals("STATUS") || s.what().equals("FRONTENDS") || s.what().equals("BACKENDS");
    }

    static RowResult show(Statement.ShowOther s, Database db) {
        return switch (s.what()) {
            case "STATUS" -> status(s, db);
            case "FRONTENDS" -> frontends(db);
            default -> backends(db);
        };
    }

    /**
     * SHOW PROC: {@code /} lists the paths this server answers; {@code /frontends} and {@code /backends}
     * are SHOW FRONTENDS / BACKENDS, {@code /dbs} the databases (with their ids and table counts),
     * {@code /dbs/<id>} the tables of one, {@code /current_queries} the running statements.
     */
    static RowResult proc(StatementContext ctx, String path, Database db) {
        String p = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        switch (p) {
            case "/" -> {
                List<List<Object>> rows = new ArrayList<>();
                for (String name : List.of("backends", "current_queries", "dbs", "frontends")) {
                    rows.add(List.of(name));
                }
                return new ListRowResult(strings("name"), rows);
            }
            case "/frontends" -> {
                return frontends(db);
            }
            case "/backends" -> {
                return backends(db);
            }
            case "/dbs" -> {
                List<List<Object>> rows = new ArrayList<>();
                for (DatabaseMeta d : ctx.catalog().databases()) {
                    rows.add(Arrays.asList(Long.toString(d.id()), d.name(), Integer.toString(ctx.catalog().tables(d.name()).size())));
                }
                return new ListRowResult(strings("DbId", "DbName", "TableNum"), rows);
            }
            case "/current_queries" -> {
                long now = System.currentTimeMillis();
                List<List<Object>> rows = new ArrayList<>();
                for (ProcessInfo q : db.processes()) {
                    if (q.command().equals("Query")) {
                        rows.add(Arrays.asList(Long.toString(q.id()), q.user(), q.database(), Long.toString(now - q.startedAt()), q.info()));
                    }
                }
                return new ListRowResult(strings("ConnectionId", "User", "Database", "ExecTime", "Sql"), rows);
            }
            default -> {
                if (p.startsWith("/dbs/")) {
                    return tablesOf(ctx, p.substring("/dbs/".length()), path);
                }
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Proc path '" + path + "' does not exist");
            }
        }
    }

    private static RowResult tablesOf(StatementContext ctx, String dbId, String path) {
        for (DatabaseMeta d : ctx.catalog().databases()) {
            if (Long.toString(d.id()).equals(dbId)) {
                List<List<Object>> rows = new ArrayList<>();
                for (TableMeta t : ctx.catalog().tables(d.name())) {
                    rows.add(Arrays.asList(Long.toString(t.id()), t.name(), t.isView() ? "VIEW" : t.keyModel() == null ? "" : t.keyModel().keyword(),
                            Integer.toString(t.partitioning().partitions().size())));
                }
                return new ListRowResult(strings("TableId", "TableName", "KeysType", "PartitionNum"), rows);
            }
        }
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Proc path '" + path + "' does not exist");
    }

    /** Uptime in seconds, sessions connected and running, statements run and sessions opened since start. */
    private static RowResult status(Statement.ShowOther s, Database db) {
        long running = db.processes().stream().filter(p -> p.command().equals("Query")).count();
        ServerMetrics m = db.metrics();
        List<List<Object>> rows = List.of(
                List.of("Connections", Long.toString(m.connections())),
                List.of("Questions", Long.toString(m.queries())),
                List.of("Queries", Long.toString(m.queries())),
                List.of("Threads_connected", Integer.toString(db.openSessions())),
                List.of("Threads_running", Long.toString(running)),
                List.of("Uptime", Long.toString((System.currentTimeMillis() - db.startedAt()) / 1000)));
        return new ListRowResult(strings("Variable_name", "Value"), RowFilter.like(rows, 0, s.like()));
    }

    private static RowResult frontends(Database db) {
        Database.Endpoints e = endpoints(db);
        String started = TimeText.format(db.startedAt(), ZoneId.systemDefault());
        String now = TimeText.format(System.currentTimeMillis(), ZoneId.systemDefault());
        return new ListRowResult(strings("Name", "Host", "EditLogPort", "HttpPort", "QueryPort", "RpcPort", "ArrowFlightSqlPort",
                "Role", "IsMaster", "ClusterId", "Join", "Alive", "ReplayedJournalId", "LastStartTime", "LastHeartbeat", "IsHelper",
                "ErrMsg", "Version", "CurrentConnected"),
                List.of(Arrays.asList("fe_" + e.host() + "_" + e.queryPort(), e.host(), "-1", Integer.toString(e.httpPort()),
                        Integer.toString(e.queryPort()), "-1", "-1", "FOLLOWER", "true", "0", "true", "true", "0", started, now, "true",
                        "", VERSION, "Yes")));
    }

    private static RowResult backends(Database db) {
        Database.Endpoints e = endpoints(db);
        String started = TimeText.format(db.startedAt(), ZoneId.systemDefault());
        String now = TimeText.format(System.currentTimeMillis(), ZoneId.systemDefault());
        int cores = Runtime.getRuntime().availableProcessors();
        return new ListRowResult(strings("BackendId", "Host", "HeartbeatPort", "BePort", "HttpPort", "BrpcPort", "ArrowFlightSqlPort",
                "LastStartTime", "LastHeartbeat", "Alive", "SystemDecommissioned", "TabletNum", "DataUsedCapacity", "TrashUsedCapacity",
                "AvailCapacity", "TotalCapacity", "UsedPct", "MaxDiskUsedPct", "RemoteUsedCapacity", "Tag", "ErrMsg", "Version",
                "Status", "HeartbeatFailureCounter", "NodeRole", "CpuCores", "Memory"),
                List.of(Arrays.asList("10001", e.host(), "-1", "-1", Integer.toString(e.httpPort()), "-1", "-1", started, now, "true",
                        "false", "0", null, null, null, null, null, null, null, "{\"location\" : \"default\"}", "", VERSION,
                        "{}", "0", "mix", Integer.toString(cores), Long.toString(Runtime.getRuntime().maxMemory()))));
    }

    /** Where the server listens; an embedded database listens nowhere. */
    private static Database.Endpoints endpoints(Database db) {
        Database.Endpoints e = db.endpoints();
        return e != null ? e : new Database.Endpoints("127.0.0.1", -1, -1);
    }
}
