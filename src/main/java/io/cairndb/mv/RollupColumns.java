package io.cairndb.mv;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlFormatter;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.MvStatement;
import io.cairndb.sql.tree.QualifiedName;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Doris's older spelling of a synchronous MV, {@code ALTER TABLE t ADD ROLLUP r (c1, c2)}, as the
 * CREATE MATERIALIZED VIEW it stands for: the columns as they are, and on an AGGREGATE KEY table each
 * value column through its own aggregation, grouped by the key columns named; the columns keep the
 * table's names, as a rollup's do in Doris.
 */
final class RollupColumns {
    private RollupColumns() {
    }

    static MvStatement.Create definition(TableMeta t, MvStatement.RollupSpec spec) {
        if (spec.base() != null && !spec.base().equalsIgnoreCase(t.name())) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "A rollup is built from its table: FROM " + spec.base()
                    + " is not " + t.name());
        }
        if (!spec.properties().isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + spec.properties());
        }
        List<String> items = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (String name : spec.columns()) {
            ColumnMeta c = t.column(name);
            if (c == null) {
                throw new CairnException(ErrorCode.UNKNOWN_COLUMN, "Unknown column '" + name + "' in '" + t.name() + "'");
            }
            String column = SqlFormatter.formatIdentifier(c.name());
            if (t.keyModel() == KeyModel.AGGREGATE && !c.key()) {
                // A state column rolls up by its aggregate's union (sum_union for an agg_state<sum(..)>).
                String merge = c.aggregation() == io.cairndb.catalog.AggregationType.GENERIC ? c.type().stateFunction() + "_union"
                        : c.aggregation().name().toLowerCase(java.util.Locale.ROOT);
                items.add(merge + "(" + column + ") AS " + column);
            } else {
                items.add(column);
                keys.add(column);
            }
        }
        String text = "SELECT " + String.join(", ", items) + " FROM " + SqlFormatter.formatIdentifier(t.database()) + "." + SqlFormatter.formatIdentifier(t.name())
                + (t.keyModel() == KeyModel.AGGREGATE && keys.size() < items.size() ? " GROUP BY " + String.join(", ", keys) : "");
        return new MvStatement.Create(QualifiedName.of(spec.name()), false, List.of(), null, null, List.of(), null, null, null,
                Map.of(), SqlParser.parseQuery(text), text, false);
    }
}
