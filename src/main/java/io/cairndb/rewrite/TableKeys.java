package io.cairndb.rewrite;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What rewrite may assume about tables' rows: the column sets that identify a row (a UNIQUE, PRIMARY
 * or AGGREGATE key, a PRIMARY KEY or UNIQUE constraint) and the foreign keys (constraints). Doris keeps
 * the constraints for the optimizer without enforcing them, and so do we: they are the user's promise.
 *
 * @param unique  by table id, each set of (lower-case) column names unique in the table
 * @param foreign by table id, its foreign keys
 */
public record TableKeys(Map<Long, List<Set<String>>> unique, Map<Long, List<ForeignKey>> foreign) {
    public static final TableKeys NONE = new TableKeys(Map.of(), Map.of());

    /** {@code columns} of a table reference {@code referencedColumns} (in order) of table {@code referenced}. */
    public record ForeignKey(List<String> columns, long referenced, List<String> referencedColumns) {
        public ForeignKey {
            columns = columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
            referencedColumns = referencedColumns.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
        }
    }

    public TableKeys {
        unique = Map.copyOf(unique);
        foreign = Map.copyOf(foreign);
    }

    /** Whether rows of {@code table} with equal {@code columns} are one row. */
    boolean isUnique(long table, Set<String> columns) {
        Set<String> lower = lower(columns);
        return unique.getOrDefault(table, List.of()).stream().anyMatch(lower::containsAll);
    }

    /**
     * Whether a foreign key of {@code table} pairs its columns with those of {@code referenced} exactly as
     * the equalities {@code pairs} do (each pair: the column of {@code table}, then that of {@code referenced}).
     */
    boolean references(long table, long referenced, Set<List<String>> pairs) {
        Set<List<String>> lower = new HashSet<>();
        pairs.forEach(p -> lower.add(List.of(p.get(0).toLowerCase(Locale.ROOT), p.get(1).toLowerCase(Locale.ROOT))));
        for (ForeignKey fk : foreign.getOrDefault(table, List.of())) {
            if (fk.referenced() != referenced) {
                continue;
            }
            Set<List<String>> keyPairs = new HashSet<>();
            for (int i = 0; i < fk.columns().size(); i++) {
                keyPairs.add(List.of(fk.columns().get(i), fk.referencedColumns().get(i)));
            }
            if (lower.equals(keyPairs)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> lower(Set<String> names) {
        Set<String> out = new HashSet<>();
        names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
        return out;
    }
}
