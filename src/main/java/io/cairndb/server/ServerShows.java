package io.cairndb.server;

import static io.cairndb.system.ShowExecutor.strings;

import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.TimeText;
import io.cairndb.sql.tree.Statement;
import io.cairndb.system.RowFilter;

import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;

/**
 * SHOW [GLOBAL] STATUS, SHOW FRONTENDS and SHOW BACKENDS: what this process is doing, as MySQL and
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
