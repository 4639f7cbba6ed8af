package io.cairndb.catalog;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Doris's privileges. NODE_PRIV and ADMIN_PRIV exist only on the global level; ADMIN_PRIV implies
 * every privilege on every object except NODE_PRIV. USAGE_PRIV is Doris's privilege on resources and
 * workload groups, which CairnDB does not have.
 */
public enum Privilege {
    NODE_PRIV, ADMIN_PRIV, GRANT_PRIV, SELECT_PRIV, LOAD_PRIV, ALTER_PRIV, CREATE_PRIV, DROP_PRIV, USAGE_PRIV;

    /** What {@code ALL} and {@code READ_WRITE} stand for in a GRANT, as in Doris. */
    public static final Set<Privilege> ALL = EnumSet.of(SELECT_PRIV, LOAD_PRIV, ALTER_PRIV, CREATE_PRIV, DROP_PRIV);

    /** How SHOW GRANTS spells it: {@code Select_priv}. */
    public String display() {
        String lower = name().toLowerCase(Locale.ROOT);
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }

    /** The privilege a GRANT names ({@code SELECT_PRIV}, {@code select_priv}), or null. */
    public static Privilege named(String name) {
        for (Privilege p : values()) {
            if (p.name().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }
}
