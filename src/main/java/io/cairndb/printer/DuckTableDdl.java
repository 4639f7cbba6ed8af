package io.cairndb.printer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.util.ArrayList;
import java.util.List;

/** The DuckDB table behind a dialect table. Keyed models get a primary key on their key columns unless one is nullable. */
public final class DuckTableDdl {
    private DuckTableDdl() {
    }

    public static String createTable(TableMeta t) {
        List<String> parts = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            parts.add(columnDefinition(c));
        }
        if (t.keyModel() != KeyModel.DUPLICATE && !t.hasNullableKey()) {
            parts.add("PRIMARY KEY (" + String.join(", ", t.keyColumns().stream().map(c -> Sql.ident(c.name())).toList()) + ")");
        }
        return "CREATE TABLE " + t.duckName() + " (" + String.join(", ", parts) + ")";
    }

    /** {@code "name" TYPE [NOT NULL]}; defaults are applied by the write path, not by DuckDB. */
    public static String columnDefinition(ColumnMeta c) {
        return Sql.ident(c.name()) + " " + DuckTypes.toDuckDb(c.type()) + (c.nullable() ? "" : " NOT NULL");
    }
}
