package io.cairndb.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The output columns of a DuckDB query, found by binding it without running it. */
public final class QueryShape {
    private QueryShape() {
    }

    public static List<ResultColumn> columns(Connection c, String query) {
        try (PreparedStatement ps = c.prepareStatement(query)) {
            ResultSetMetaData md = ps.getMetaData();
            List<ResultColumn> out = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                out.add(new ResultColumn(md.getColumnLabel(i), DuckResultTypes.toDataType(md.getColumnTypeName(i))));
            }
            return out;
        } catch (SQLException e) {
            throw EngineErrors.translate(e);
        }
    }
}
