package io.cairndb.printer;

import io.cairndb.engine.DuckEngine;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory DuckDB with the printer's macros and a few small tables, where tests print ASTs
 * and execute the result.
 */
abstract class DuckTestBase {
    static DuckEngine engine;
    static Connection connection;

    /** Resolves tables to themselves; numbers(n) to a range; @@time_zone and ? to fixed values. */
    static final RelationResolver RESOLVER = new RelationResolver() {
        @Override
        public String table(Relation.TableRef ref) {
            return SqlText.ident(ref.name().name());
        }

        @Override
        public String tableFunction(Relation.TableFunction fn) {
            return "(SELECT range AS number FROM range(" + fn.properties().get("number") + "))";
        }

        @Override
        public String variable(Expr.Variable v) {
            return SqlText.string(v.name().equals("time_zone") ? "UTC" : "");
        }

        @Override
        public String parameter(int index) {
            return List.of("'%Y'", "42").get(index);
        }

        @Override
        public String sessionFunction(String name) {
            return name.equals("database") ? SqlText.string("db") : null;
        }
    };

    static final DuckSqlPrinter PRINTER = new DuckSqlPrinter(RESOLVER);

    @BeforeAll
    static void open() throws SQLException {
        // The engine's own settings (division by zero, insertion order), as the server runs with them.
        engine = DuckEngine.open(null);
        connection = engine.connect();
        connection.setAutoCommit(true);
        DuckMacros.install(connection);
        execute("SET TimeZone = 'UTC'");
        execute("CREATE TABLE t (a INTEGER, b INTEGER, s VARCHAR, arr INTEGER[])");
        execute("INSERT INTO t VALUES (1, 10, 'x', [1, 2]), (2, NULL, 'y', []), (NULL, 30, NULL, NULL), (3, 40, 'x', [5])");
        execute("CREATE TABLE u (a INTEGER, c VARCHAR)");
        execute("INSERT INTO u VALUES (1, 'p'), (1, 'q'), (NULL, 'r'), (4, 's')");
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
        engine.close();
    }

    static void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }

    /** The value of one expression, evaluated without FROM. */
    static Object eval(Expr e) throws SQLException {
        return rows("SELECT " + PRINTER.printExpr(e)).get(0).get(0);
    }

    /** The value of one expression as text (DuckDB's rendering of dates, lists, ...). */
    static String text(Expr e) throws SQLException {
        Object v = eval(e);
        return v == null ? null : v.toString();
    }

    /** The rows of a printed query. */
    static List<List<Object>> run(Query q) throws SQLException {
        return rows(PRINTER.print(q));
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

    /** The column labels of a printed query. */
    static List<String> labels(Query q) throws SQLException {
        List<String> labels = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(PRINTER.print(q))) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                labels.add(rs.getMetaData().getColumnLabel(i));
            }
        }
        return labels;
    }

    static QueryBody.SelectItem[] items(Expr... exprs) {
        return java.util.Arrays.stream(exprs).map(Ast::item).toArray(QueryBody.SelectItem[]::new);
    }
}
