package io.cairndb.catalog;

import java.util.List;
import java.util.Set;

/**
 * A role: privileges its members (users) have. {@code operator} (NODE_PRIV and ADMIN_PRIV) and
 * {@code admin} (ADMIN_PRIV) are built in, held by root and admin, and are not stored.
 */
public record RoleMeta(String name, String comment, List<GrantMeta> grants) {
    public static final String OPERATOR = "operator";
    public static final String ADMIN = "admin";
    public static final List<RoleMeta> BUILT_IN = List.of(
            new RoleMeta(OPERATOR, "built-in operator role", List.of(global(Set.of(Privilege.NODE_PRIV, Privilege.ADMIN_PRIV)))),
            new RoleMeta(ADMIN, "built-in admin role", List.of(global(Set.of(Privilege.ADMIN_PRIV)))));

    public RoleMeta {
        comment = comment == null ? "" : comment;
        grants = grants == null ? List.of() : List.copyOf(grants);
    }

    public RoleMeta withGrants(List<GrantMeta> now) {
        return new RoleMeta(name, comment, now);
    }

    public boolean builtIn() {
        return BUILT_IN.stream().anyMatch(r -> r.name.equals(name));
    }

    private static GrantMeta global(Set<Privilege> privileges) {
        return new GrantMeta(GrantMeta.ANY, GrantMeta.ANY, GrantMeta.ANY, privileges);
    }
}
