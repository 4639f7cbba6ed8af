package io.cairndb.rewrite;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.SpjgForm;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A materialized view as rewrite sees it: the table its rows are in, the normal form of its
 * definition and the size of its data. {@code columns} are the MV table's columns, one for each
 * output of the definition, in order. {@code unusable} says why the MV cannot answer queries now
 * (stale, disabled, a definition rewrite cannot match); {@code form} is null then.
 *
 * @param tableIds the tables the definition reads (other MVs included)
 * @param rows     the rows in the MV table, the cost of reading it
 */
public record Materialization(String database, String name, PlanNode.TableSource source, List<ColumnMeta> columns,
                              SpjgForm form, Set<Long> tableIds, long rows, String unusable) {

    public Materialization {
        columns = List.copyOf(columns);
        tableIds = Set.copyOf(tableIds);
    }

    public static Materialization usable(String database, String name, PlanNode.TableSource source,
                                         List<ColumnMeta> columns, SpjgForm form, long rows) {
        Set<Long> ids = form.tables().stream().map(s -> s.source().tableId()).collect(Collectors.toSet());
        return new Materialization(database, name, source, columns, form, ids, rows, null);
    }

    public static Materialization unusable(String database, String name, Set<Long> tableIds, String why) {
        return new Materialization(database, name, null, List.of(), null, tableIds, 0, why);
    }

    /** The name EXPLAIN shows: {@code internal.db.mv}. */
    public String qualifiedName() {
        return "internal." + database + "." + name;
    }
}
