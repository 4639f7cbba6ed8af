package io.cairndb.analyzer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.catalog.TableMeta;
import io.cairndb.ivm.IvmLayout;

import java.util.List;

/**
 * Hidden columns of a table (the sequence column of {@code function_column.sequence_type}, the state
 * columns of an IVM MV): left
 * out of {@code SELECT *}, DESC, SHOW COLUMNS and a column-less INSERT unless the session sets
 * {@code show_hidden_columns}, as in Doris.
 */
public final class HiddenColumns {
    private HiddenColumns() {
    }

    public static boolean shown(SessionState session) {
        return session.flag("show_hidden_columns");
    }

    /** The columns the session sees: all of them, or those that are not hidden. */
    public static List<ColumnMeta> visible(SessionState session, TableMeta t) {
        return shown(session) ? t.columns() : withoutHidden(t);
    }

    public static List<ColumnMeta> withoutHidden(TableMeta t) {
        return t.columns().stream().filter(c -> !isHidden(c)).toList();
    }

    /** The hidden columns {@code SELECT *} leaves out for the session. */
    public static List<String> excluded(SessionState session, TableMeta t) {
        if (shown(session)) {
            return List.of();
        }
        return t.columns().stream().filter(HiddenColumns::isHidden).map(ColumnMeta::name).toList();
    }

    /** A state column of an IVM MV (DESC ALL lists them as not visible). */
    public static boolean isIvmState(ColumnMeta c) {
        return IvmLayout.isHidden(c.name());
    }

    private static boolean isHidden(ColumnMeta c) {
        return SequenceColumn.isHidden(c) || IvmLayout.isHidden(c.name());
    }
}
