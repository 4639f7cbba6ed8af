package io.cairndb.ivm;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import io.cairndb.sql.SqlParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;
import java.util.Set;

import static io.cairndb.sqltest.SessionSql.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which state an aggregate MV keeps in hidden columns, and which in the visible columns that show it as it is. */
class IvmLayoutTest {
    private Database db;
    private Connection connection;
    private StatementContext ctx;

    @BeforeEach
    void open() {
        db = Database.open(null);
        try (SqlSession s = db.open(1, "root", null, "test")) {
            exec(s, "CREATE DATABASE d");
            exec(s, "CREATE TABLE d.t (g INT, v BIGINT, p DECIMAL(10, 2)) DUPLICATE KEY(g) DISTRIBUTED BY HASH(g) BUCKETS 1 "
                    + "PROPERTIES ('binlog.enable' = 'true')");
        }
        connection = db.connect();
        ctx = db.context(new Txn(connection), "d");
    }

    @AfterEach
    void close() throws Exception {
        connection.close();
        db.close();
    }

    private IvmForm form(String sql) {
        return IvmAnalyzer.analyze(QueryBinder.bind(ctx, SqlParser.parseQuery(sql)).plan(),
                source -> ctx.catalog().tableById(source.database(), source.tableId()), Set.of(), List.of());
    }

    private static ColumnMeta column(String name, DataType type) {
        return new ColumnMeta(name, type, true, false, null, false, null, null, null, "");
    }

    private static List<String> hidden(IvmLayout layout) {
        return layout.hidden().stream().map(ColumnMeta::name).toList();
    }

    @Test
    void statesShownAsTheyAreLiveInTheirVisibleColumns() {
        IvmForm form = form("SELECT g, count(*) AS n, sum(p) AS s, avg(v) AS a, min(v) AS mn, max(v) AS mx, count(v) AS c FROM t GROUP BY g");
        List<ColumnMeta> visible = List.of(column("g", DataType.INT), column("n", DataType.BIGINT), column("s", DataType.decimal(38, 2)),
                column("a", DataType.DOUBLE), column("mn", DataType.BIGINT), column("mx", DataType.BIGINT), column("c", DataType.BIGINT));
        // Kept hidden: the row count, the non-NULL count of p (no COUNT(p) shown) and the sum of v for AVG (a LARGEINT).
        // In visible columns: SUM(p), MIN(v), MAX(v) and COUNT(v) (the non-NULL count of v).
        assertEquals(List.of("__DORIS_IVM_COUNT__", "__DORIS_IVM_NN_1__", "__DORIS_IVM_SUM_2__"),
                hidden(IvmLayout.of(form, visible, null)));
    }

    @Test
    void anExistingMvKeepsItsHiddenStates() {
        IvmForm form = form("SELECT g, min(v) AS mn, sum(p) AS s FROM t GROUP BY g");
        List<ColumnMeta> visible = List.of(column("g", DataType.INT), column("mn", DataType.BIGINT), column("s", DataType.decimal(38, 2)));
        assertEquals(List.of("__DORIS_IVM_COUNT__", "__DORIS_IVM_NN_0__", "__DORIS_IVM_NN_1__"), hidden(IvmLayout.of(form, visible, null)));
        Set<String> built = Set.of("g", "mn", "s", "__DORIS_IVM_COUNT__", "__DORIS_IVM_NN_0__", "__DORIS_IVM_MIN_0__",
                "__DORIS_IVM_NN_1__", "__DORIS_IVM_SUM_1__");
        assertEquals(List.of("__DORIS_IVM_COUNT__", "__DORIS_IVM_NN_0__", "__DORIS_IVM_MIN_0__", "__DORIS_IVM_NN_1__",
                "__DORIS_IVM_SUM_1__"), hidden(IvmLayout.of(form, visible, built)));
    }

    @Test
    void aVisibleColumnOfAnotherTypeDoesNotHoldTheState() {
        IvmForm form = form("SELECT g, max(v) AS mx FROM t GROUP BY g");
        List<ColumnMeta> visible = List.of(column("g", DataType.INT), column("mx", DataType.DOUBLE));
        assertEquals(List.of("__DORIS_IVM_COUNT__", "__DORIS_IVM_NN_0__", "__DORIS_IVM_MAX_0__"), hidden(IvmLayout.of(form, visible, null)));
    }
}
