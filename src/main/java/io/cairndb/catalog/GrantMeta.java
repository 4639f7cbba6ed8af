package io.cairndb.catalog;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Privileges granted on one level: {@code *.*.*} (global), {@code ctl.*.*} (a catalog),
 * {@code ctl.db.*} (a database) or {@code ctl.db.tbl} (a table, view or MV). A star is a wildcard;
 * names are kept as granted and need not exist (Doris grants by name: a table dropped and created
 * again keeps them).
 */
public record GrantMeta(String catalog, String database, String table, Set<Privilege> privileges) {
    public static final String ANY = "*";
    public static final String INTERNAL = "internal";

    public GrantMeta {
        privileges = privileges.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(privileges));
    }

    public enum Level { GLOBAL, CATALOG, DATABASE, TABLE }

    public Level level() {
        return catalog.equals(ANY) ? Level.GLOBAL : database.equals(ANY) ? Level.CATALOG : table.equals(ANY) ? Level.DATABASE
                : Level.TABLE;
    }

    /** Whether this grant applies to the object {@code db.tbl} of the internal catalog ({@code tbl} null: the database itself). */
    public boolean covers(String db, String tbl) {
        return switch (level()) {
            case GLOBAL, CATALOG -> true;
            case DATABASE -> database.equalsIgnoreCase(db);
            case TABLE -> tbl != null && database.equalsIgnoreCase(db) && table.equalsIgnoreCase(tbl);
        };
    }

    public boolean sameTarget(GrantMeta other) {
        return catalog.equalsIgnoreCase(other.catalog) && database.equalsIgnoreCase(other.database)
                && table.equalsIgnoreCase(other.table);
    }

    public GrantMeta withPrivileges(Set<Privilege> now) {
        return new GrantMeta(catalog, database, table, now);
    }

    /** {@code internal.db1.t1}, as SHOW GRANTS names the level. */
    public String target() {
        return switch (level()) {
            case GLOBAL -> "*.*.*";
            case CATALOG -> catalog;
            case DATABASE -> catalog + "." + database;
            case TABLE -> catalog + "." + database + "." + table;
        };
    }

    /** {@code Select_priv,Load_priv}, in Doris's order. */
    public String privilegeText() {
        return privileges.stream().sorted().map(Privilege::display).collect(Collectors.joining(","));
    }

    /** {@code grants} with {@code added} merged into the grant on its level. */
    public static List<GrantMeta> plus(List<GrantMeta> grants, GrantMeta added) {
        List<GrantMeta> out = new java.util.ArrayList<>();
        boolean merged = false;
        for (GrantMeta g : grants) {
            if (g.sameTarget(added)) {
                EnumSet<Privilege> union = EnumSet.noneOf(Privilege.class);
                union.addAll(g.privileges);
                union.addAll(added.privileges);
                out.add(g.withPrivileges(union));
                merged = true;
            } else {
                out.add(g);
            }
        }
        if (!merged) {
            out.add(added);
        }
        out.sort(Comparator.comparing(GrantMeta::level).thenComparing(GrantMeta::target));
        return List.copyOf(out);
    }

    /** {@code grants} without {@code removed}'s privileges on its level; null when none of them was granted there. */
    public static List<GrantMeta> minus(List<GrantMeta> grants, GrantMeta removed) {
        List<GrantMeta> out = new java.util.ArrayList<>();
        boolean found = false;
        for (GrantMeta g : grants) {
            if (g.sameTarget(removed) && g.privileges.stream().anyMatch(removed.privileges::contains)) {
                found = true;
                EnumSet<Privilege> left = EnumSet.noneOf(Privilege.class);
                left.addAll(g.privileges);
                left.removeAll(removed.privileges);
                if (!left.isEmpty()) {
                    out.add(g.withPrivileges(left));
                }
            } else {
                out.add(g);
            }
        }
        return found ? List.copyOf(out) : null;
    }
}
