package io.cairndb.write;

import io.cairndb.analyzer.QueryTranslator;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.DuckTypes;
import io.cairndb.sql.SqlParser;

/** The value a column gets when a write does not give one. */
public final class ColumnDefaults {
    private ColumnDefaults() {
    }

    /** The DuckDB sequence that numbers an AUTO_INCREMENT column. */
    public static String sequence(TableMeta t, ColumnMeta c) {
        return Sql.ident(t.duckSchema()) + "." + Sql.ident("__seq_" + t.id() + "_" + c.name().toLowerCase(java.util.Locale.ROOT));
    }

    static String expression(StatementContext ctx, QueryTranslator tr, TableMeta t, ColumnMeta c) {
        String type = DuckTypes.toDuckDb(c.type());
        if (c.autoIncrement()) {
            return "CAST(nextval(" + Sql.literal(sequence(t, c).replace("\"", "")) + ") AS " + type + ")";
        }
        if (c.defaultValue() != null) {
            return "CAST(" + tr.translate(SqlParser.parseExpression(c.defaultValue())) + " AS " + type + ")";
        }
        if (!c.nullable()) {
            throw new CairnException(ErrorCode.WRONG_VALUE, "Column has no default value. column: " + c.name());
        }
        return "CAST(NULL AS " + type + ")";
    }
}
