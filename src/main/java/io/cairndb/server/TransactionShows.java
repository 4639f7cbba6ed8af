package io.cairndb.server;

import static io.cairndb.system.ShowExecutor.strings;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.TimeText;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;
import io.cairndb.system.RowFilter;
import io.cairndb.write.LoadTransaction;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** SHOW TRANSACTION and SHOW LAST INSERT, with Doris's columns. */
final class TransactionShows {
    private static final List<ResultColumn> TRANSACTION_COLUMNS = strings("TransactionId", "Label", "Coordinator",
            "TransactionStatus", "LoadJobSourceType", "PrepareTime", "PreCommitTime", "CommitTime", "PublishTime",
            "FinishTime", "Reason", "ErrorReplicasCount", "ListenerId", "TimeoutMs", "ErrMsg");
    private static final List<ResultColumn> LAST_INSERT_COLUMNS = strings("TransactionId", "Label", "Database", "Table",
            "TransactionStatus", "LoadedRows", "FilteredRows");
    /** The one frontend that coordinates every transaction. */
    private static final String COORDINATOR = "FE: 127.0.0.1";

    private TransactionShows() {
    }

    /** The finished transaction of the database (FROM, or the current one) with the id or label asked for. */
    static RowResult transaction(StatementContext ctx, Statement.ShowTransaction show, Database db) {
        String database = ctx.databaseOf(show.database());
        List<LoadTransaction> found = db.findTransactions(database, show.id(), show.label());
        if (found.isEmpty()) {
            throw new CairnException(ErrorCode.INTERNAL, show.id() != null
                    ? "transaction with id " + show.id() + " does not exist"
                    : "transaction with label " + show.label() + " does not exist");
        }
        ZoneId zone = ctx.session().zone();
        List<List<Object>> rows = new ArrayList<>();
        for (LoadTransaction t : found) {
            rows.add(Arrays.asList(Long.toString(t.id()), t.label(), COORDINATOR, t.status(), t.sourceType(),
                    time(t.prepareTime(), zone), null, time(t.commitTime(), zone), time(t.finishTime(), zone),
                    time(t.finishTime(), zone), t.reason(), "0", "-1", Long.toString(t.timeoutMs()), ""));
        }
        return new ListRowResult(TRANSACTION_COLUMNS, rows);
    }

    private static final List<ResultColumn> LOAD_COLUMNS = strings("JobId", "Label", "State", "Progress", "Type", "EtlInfo",
            "TaskInfo", "ErrorMsg", "CreateTime", "EtlStartTime", "EtlFinishTime", "LoadStartTime", "LoadFinishTime", "URL",
            "JobDetails", "TransactionId", "ErrorTablets", "User", "Comment");

    /**
     * SHOW LOAD: the finished loads of the database (FROM, or the current one), INSERTs (Type INSERT)
     * and Stream Loads (Type STREAM_LOAD), oldest first, filtered and ordered as asked.
     */
    static RowResult loads(StatementContext ctx, Statement.ShowLoad show, Database db) {
        String database = ctx.databaseOf(show.database());
        ZoneId zone = ctx.session().zone();
        List<List<Object>> rows = new ArrayList<>();
        for (LoadTransaction t : db.findTransactions(database, null, null)) {
            boolean finished = t.status().equals(LoadTransaction.VISIBLE);
            String created = time(t.prepareTime(), zone);
            rows.add(Arrays.asList(Long.toString(t.id()), t.label(), finished ? "FINISHED" : "CANCELLED",
                    finished ? "100.00% (1/1)" : "0.00% (0/1)",
                    t.sourceType().equals(LoadTransaction.BACKEND_STREAMING) ? "STREAM_LOAD" : "INSERT", null,
                    "cluster:N/A; timeout(s):" + t.timeoutMs() / 1000 + "; max_filter_ratio:0.0",
                    t.reason().isEmpty() ? null : t.reason(), created, created, created, created, time(t.finishTime(), zone),
                    null, "{}", Long.toString(t.id()), "{}", null, ""));
        }
        return new ListRowResult(LOAD_COLUMNS, RowFilter.query(ctx, LOAD_COLUMNS, rows, show.where(), show.orderBy(), show.limit()));
    }

    /** The session's most recent INSERT; no row before its first. */
    static RowResult lastInsert(SessionLoads.LastInsert last) {
        List<List<Object>> rows = new ArrayList<>();
        if (last != null) {
            rows.add(List.of(Long.toString(last.id()), last.label(), last.database(), last.table(), last.status(),
                    Long.toString(last.loadedRows()), Long.toString(last.filteredRows())));
        }
        return new ListRowResult(LAST_INSERT_COLUMNS, rows);
    }

    private static String time(Long epochMillis, ZoneId zone) {
        return epochMillis == null ? null : TimeText.format(epochMillis, zone);
    }
}
