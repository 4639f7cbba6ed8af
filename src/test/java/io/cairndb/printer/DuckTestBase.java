package io.cairndb.printer;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.engine.Txn;
import io.cairndb.server.Database;
import io.cairndb.server.Session;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static io.cairndb.sqltest.SessionSql.exec;

/**
 * An embedded CairnDB database with a few small tables in database {@code db}, where tests bind ASTs,
 * print their plans and run the result on one of the database's DuckDB connections. The session the
 * statements are bound in uses {@code db} and runs in UTC.
 */
abstract class DuckTestBase {
    static Database database;
    /** The session that creates the tables, and whose state (current database, variables) queries bind in. */
    static Session session;
    /** The DuckDB connection printed queries run on, autocommitting, with the engine's macros. */
    static Connection connection;

    @BeforeAll
    static void open() throws SQLException {
        database = Database.open(null);
        session = database.open(1, "root", null, "test");
        sql("CREATE DATABASE db");
        sql("USE db");
        sql("CREATE TABLE t (a INT, b INT, s VARCHAR(10), arr ARRAY<INT>) DUPLICATE KEY(a)"
                + " DISTRIBUTED BY HASH(a) BUCKETS 1");
        sql("INSERT INTO t VALUES (1, 10, 'x', [1, 2]), (2, NULL, 'y', []), (NULL, 30, NULL, NULL), (3, 40, 'x', [5])");
        sql("CREATE TABLE u (a INT, c VARCHAR(10)) DUPLICATE KEY(a) DISTRIBUTED BY HASH(a) BUCKETS 1");
        sql("INSERT INTO u VALUES (1, 'p'), (1, 'q'), (NULL, 'r'), (4, 's')");
        connection = database.connect();
        connection.setAutoCommit(true);
        timeZone("UTC");
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
        session.close();
        database.close();
    }

    /** Runs Doris SQL (DDL, INSERT, SET) in the session. */
    static void sql(String dorisSql) {
        exec(session, dorisSql);
    }

    /** Runs DuckDB SQL on the connection queries run on. */
    static void execute(String duckSql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(duckSql);
        }
    }

    /**
     * Sets the time zone as {@code SET time_zone} does: the session's variable (which {@code @@time_zone}
     * reads) and DuckDB's TimeZone, here of the connection queries run on.
     */
    static void timeZone(String zone) throws SQLException {
        sql("SET time_zone = '" + zone + "'");
        execute("SET TimeZone = '" + zone + "'");
    }

    /** A statement context in database db, bound in the session's state, reading through the connection. */
    static StatementContext context() {
        StatementContext base = database.context(new Txn(connection), "db");
        return new StatementContext(base.catalog(), base.txn(), session, base.locks(), base.config(),
                base.commitTso(), base.changelogBounds(), base.streamReads(), base.systemTables(), base.rewriter());
    }

    /** The query as DuckDB SQL, bound and printed as the server does. */
    static String translate(Query q) {
        return context().translator().translate(q);
    }

    /** The value of one expression, evaluated without FROM. */
    static Object eval(Expr e) throws SQLException {
        return run(Ast.select(Ast.item(e)).query()).get(0).get(0);
    }

    /** The value of one expression as text (DuckDB's rendering of dates, lists, ...). */
    static String text(Expr e) throws SQLException {
        Object v = eval(e);
        return v == null ? null : v.toString();
    }

    /** The rows of a query. */
    static List<List<Object>> run(Query q) throws SQLException {
        return rows(translate(q));
    }

    /** The single value of a query over table t. */
    static Object aggregate(Expr e) throws SQLException {
        return run(Ast.select(Ast.item(e)).from(Ast.table("t")).query()).get(0).get(0);
    }

    static List<List<Object>> rows(String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    row.add(v instanceof java.sql.Array a ? java.util.Arrays.asList((Object[]) a.getArray()) : v);
                }
                rows.add(row);
            }
        } catch (SQLException e) {
            throw new SQLException(e.getMessage() + "\nSQL: " + sql, e);
        }
        return rows;
    }

    /** The column labels of a query. */
    static List<String> labels(Query q) throws SQLException {
        List<String> labels = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(translate(q))) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                labels.add(rs.getMetaData().getColumnLabel(i));
            }
        }
        return labels;
    }

    /**
     * An expression with {@code ?} placeholders as a prepared statement executes it: the server puts the
     * SQL literals the client bound in place of the placeholders of the statement's text, then parses it.
     */
    static Expr prepared(Expr e, String... literals) {
        String text = SqlFormatter.format(e);
        StringBuilder out = new StringBuilder();
        int next = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                out.append(c);
                if (c == '\\' && quote != '`' && i + 1 < text.length()) {
                    out.append(text.charAt(++i));
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
                out.append(c);
            } else if (c == '?') {
                out.append(literals[next++]);
            } else {
                out.append(c);
            }
        }
        if (next != literals.length) {
            throw new IllegalArgumentException("expected " + next + " parameters, got " + literals.length);
        }
        return SqlParser.parseExpression(out.toString());
    }

    static QueryBody.SelectItem[] items(Expr... exprs) {
        return java.util.Arrays.stream(exprs).map(Ast::item).toArray(QueryBody.SelectItem[]::new);
    }
}
