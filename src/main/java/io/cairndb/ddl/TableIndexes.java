package io.cairndb.ddl;

import io.cairndb.analyzer.TableDefinitionAnalyzer;
import io.cairndb.catalog.IndexMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;

import java.util.List;

/**
 * A table's declared indexes ({@link IndexMeta}): {@code ADD INDEX} / {@code CREATE INDEX},
 * {@code DROP INDEX}, and what column changes do to them (a dropped column takes its indexes along,
 * as in Doris; a renamed one keeps them).
 */
final class TableIndexes {
    private TableIndexes() {
    }

    static TableMeta add(TableMeta t, Statement.AddIndex add) {
        if (add.ifNotExists() && t.index(add.index().name()) != null) {
            return t;
        }
        return t.withIndexes(TableDefinitionAnalyzer.withIndex(t, add.index()));
    }

    static TableMeta drop(TableMeta t, Statement.DropIndex drop) {
        IndexMeta index = t.index(drop.name());
        if (index == null) {
            if (drop.ifExists()) {
                return t;
            }
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "index " + drop.name() + " does not exist in table " + t.name());
        }
        return t.withIndexes(t.indexes().stream().filter(i -> i != index).toList());
    }

    static TableMeta columnDropped(TableMeta t, String column) {
        return t.indexes().stream().anyMatch(i -> i.uses(column))
                ? t.withIndexes(t.indexes().stream().filter(i -> !i.uses(column)).toList()) : t;
    }

    static TableMeta columnRenamed(TableMeta t, String from, String to) {
        List<IndexMeta> indexes = t.indexes().stream().map(i -> i.uses(from)
                ? i.withColumns(i.columns().stream().map(c -> c.equalsIgnoreCase(from) ? to : c).toList()) : i).toList();
        return t.withIndexes(indexes);
    }
}
