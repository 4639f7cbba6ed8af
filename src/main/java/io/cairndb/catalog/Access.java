package io.cairndb.catalog;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a statement needs, and which privileges give it (Doris's privilege predicates): ADMIN_PRIV
 * gives everything but NODE; SHOW (seeing that an object exists) is given by any privilege on it.
 */
public enum Access {
    SELECT(Privilege.SELECT_PRIV),
    LOAD(Privilege.LOAD_PRIV),
    ALTER(Privilege.ALTER_PRIV),
    CREATE(Privilege.CREATE_PRIV),
    DROP(Privilege.DROP_PRIV),
    SHOW(Privilege.SELECT_PRIV, Privilege.LOAD_PRIV, Privilege.ALTER_PRIV, Privilege.CREATE_PRIV, Privilege.DROP_PRIV),
    GRANT(Privilege.GRANT_PRIV),
    ADMIN(),
    NODE(Privilege.NODE_PRIV);

    private final Set<Privilege> givenBy;

    Access(Privilege... privileges) {
        EnumSet<Privilege> set = EnumSet.noneOf(Privilege.class);
        set.addAll(java.util.List.of(privileges));
        if (privileges.length == 0 || privileges[0] != Privilege.NODE_PRIV) {
            set.add(Privilege.ADMIN_PRIV);
        }
        this.givenBy = set;
    }

    public boolean givenBy(Set<Privilege> held) {
        return held.stream().anyMatch(givenBy::contains);
    }
}
