package io.cairndb.write;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Strict-mode checks of staged rows (Doris's enable_insert_strict): NULL into NOT NULL columns and
 * strings longer than VARCHAR(n)/CHAR(n), which Doris counts in bytes. One scan of the batch.
 */
final class StrictChecks {
    private StrictChecks() {
    }

    static void check(Connection c, TableMeta t) {
        List<String> probes = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            String ref = Sql.ident(col.name());
            if (!col.nullable()) {
                probes.add(ref + " IS NULL");
                reasons.add("column_name[" + col.name() + "], null value for not null column");
            }
            boolean bounded = (col.type().kind() == TypeKind.VARCHAR || col.type().kind() == TypeKind.CHAR)
                    && col.type().length() > 0;
            if (bounded) {
                probes.add("strlen(" + ref + ") > " + col.type().length());
                reasons.add("column_name[" + col.name() + "], the length of input is too long than schema. max length: "
                        + col.type().length());
            }
        }
        if (probes.isEmpty()) {
            return;
        }
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < probes.size(); i++) {
            flags.add("bool_or(coalesce(" + probes.get(i) + ", FALSE))");
        }
        List<Object> hit = Sql.rows(c, "SELECT " + String.join(", ", flags) + " FROM " + StagedRows.table()).get(0);
        for (int i = 0; i < hit.size(); i++) {
            if (Boolean.TRUE.equals(hit.get(i))) {
                throw new CairnException(ErrorCode.WRONG_VALUE, "Insert has filtered data in strict mode. Reason: " + reasons.get(i));
            }
        }
    }
}
