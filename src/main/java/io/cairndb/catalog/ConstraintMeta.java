package io.cairndb.catalog;

import java.util.List;

/**
 * A constraint Doris keeps for the optimizer and does not enforce: a primary key, a unique key, or
 * a foreign key whose referenced table is named by id (so that it follows the table through
 * renames) with the columns of that table's primary key.
 */
public record ConstraintMeta(String name, Kind kind, List<String> columns, String referencedDatabase, long referencedTableId,
                             List<String> referencedColumns) {

    public enum Kind {
        PRIMARY_KEY("PRIMARY KEY"), UNIQUE("UNIQUE"), FOREIGN_KEY("FOREIGN KEY");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /** As SHOW CONSTRAINTS names it. */
        public String text() {
            return text;
        }
    }

    public ConstraintMeta {
        columns = List.copyOf(columns);
        referencedColumns = referencedColumns == null ? List.of() : List.copyOf(referencedColumns);
    }

    public static ConstraintMeta key(String name, Kind kind, List<String> columns) {
        return new ConstraintMeta(name, kind, columns, null, 0, List.of());
    }

    /** Whether a column (by name, as the catalog compares them) is one of the constraint's own. */
    public boolean uses(String column) {
        return columns.stream().anyMatch(c -> c.equalsIgnoreCase(column));
    }

    /** Whether both constrain the same columns the same way (names differ). */
    public boolean sameAs(ConstraintMeta other) {
        return kind == other.kind && lower(columns).equals(lower(other.columns)) && referencedTableId == other.referencedTableId
                && lower(referencedColumns).equals(lower(other.referencedColumns));
    }

    private static List<String> lower(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(java.util.Locale.ROOT)).toList();
    }

    /**
     * The definition SHOW CONSTRAINTS prints: {@code PRIMARY KEY (a, b)}, {@code UNIQUE (a)} or
     * {@code FOREIGN KEY (a) REFERENCES db.t (b)}, given the referenced table's current name.
     */
    public String definition(String referencedTable) {
        String own = kind.text() + " (" + String.join(", ", columns) + ")";
        return kind == Kind.FOREIGN_KEY ? own + " REFERENCES " + referencedDatabase + "." + referencedTable + " ("
                + String.join(", ", referencedColumns) + ")" : own;
    }
}
