package io.cairndb.system;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.GrantMeta;
import io.cairndb.catalog.Privilege;
import io.cairndb.catalog.RoleMeta;
import io.cairndb.catalog.UserMeta;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.RowResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** SHOW GRANTS, SHOW ROLES and information_schema.user_privileges, in Doris's columns. */
public final class PrivilegeShows {
    private PrivilegeShows() {
    }

    /** One row per account in {@code accounts}: its roles and the privileges it has through them and directly. */
    public static RowResult grants(Catalog catalog, List<UserMeta> accounts) {
        List<List<Object>> rows = new ArrayList<>();
        accounts.stream().sorted(Comparator.comparing(UserMeta::user).thenComparing(UserMeta::host)).forEach(u -> {
            List<Object> row = new ArrayList<>(Arrays.asList(u.identity(), "", u.password().isEmpty() ? "No" : "Yes",
                    String.join(",", u.allRoles())));
            row.addAll(levels(effective(catalog, u)));
            rows.add(row);
        });
        return new ListRowResult(ShowExecutor.strings("UserIdentity", "Comment", "Password", "Roles", "GlobalPrivs", "CatalogPrivs",
                "DatabasePrivs", "TablePrivs"), rows);
    }

    public static RowResult roles(Catalog catalog) {
        List<List<Object>> rows = new ArrayList<>();
        for (RoleMeta r : catalog.roles()) {
            String users = catalog.users().stream().filter(u -> u.allRoles().contains(r.name())).map(UserMeta::identity).sorted()
                    .collect(Collectors.joining(", "));
            List<Object> row = new ArrayList<>(Arrays.asList(r.name(), r.comment(), users));
            row.addAll(levels(r.grants()));
            rows.add(row);
        }
        return new ListRowResult(ShowExecutor.strings("Name", "Comment", "Users", "GlobalPrivs", "CatalogPrivs", "DatabasePrivs",
                "TablePrivs"), rows);
    }

    /**
     * information_schema.user_privileges: the global privileges of the user's own account, or of every
     * account for a user who may grant; IS_GRANTABLE says whether the account holds GRANT_PRIV.
     */
    static String userPrivileges(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (UserMeta u : visibleAccounts(ctx)) {
            Set<Privilege> global = EnumSet.noneOf(Privilege.class);
            effective(ctx.catalog(), u).stream().filter(g -> g.level() == GrantMeta.Level.GLOBAL)
                    .forEach(g -> global.addAll(g.privileges()));
            String grantable = global.contains(Privilege.GRANT_PRIV) || global.contains(Privilege.ADMIN_PRIV) ? "YES" : "NO";
            for (Privilege p : global) {
                rows.add(Arrays.asList(u.identity(), "def", p.display(), grantable));
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("GRANTEE", DataType.STRING, "TABLE_CATALOG", DataType.STRING,
                "PRIVILEGE_TYPE", DataType.STRING, "IS_GRANTABLE", DataType.STRING), rows);
    }

    /**
     * information_schema.schema_privileges (database grants) or table_privileges (table grants), one
     * row per privilege, as user_privileges shows the global ones.
     */
    static String objectPrivileges(StatementContext ctx, GrantMeta.Level level) {
        List<List<Object>> rows = new ArrayList<>();
        for (UserMeta u : visibleAccounts(ctx)) {
            for (GrantMeta g : effective(ctx.catalog(), u)) {
                if (g.level() != level) {
                    continue;
                }
                String grantable = g.privileges().contains(Privilege.GRANT_PRIV) ? "YES" : "NO";
                for (Privilege p : g.privileges()) {
                    List<Object> row = new ArrayList<>(Arrays.asList(u.identity(), "def", g.database()));
                    if (level == GrantMeta.Level.TABLE) {
                        row.add(g.table());
                    }
                    row.addAll(Arrays.asList(p.display(), grantable));
                    rows.add(row);
                }
            }
        }
        List<Object> columns = new ArrayList<>(List.of("GRANTEE", DataType.STRING, "TABLE_CATALOG", DataType.STRING,
                "TABLE_SCHEMA", DataType.STRING));
        if (level == GrantMeta.Level.TABLE) {
            columns.addAll(List.of("TABLE_NAME", DataType.STRING));
        }
        columns.addAll(List.of("PRIVILEGE_TYPE", DataType.STRING, "IS_GRANTABLE", DataType.STRING));
        return SystemRows.mysqlTable(SystemRows.columns(columns.toArray()), rows);
    }

    /** Every account for a user who may grant, else the user's own, by name and host. */
    private static List<UserMeta> visibleAccounts(StatementContext ctx) {
        boolean all = ctx.access().hasGlobal(Access.GRANT);
        return ctx.catalog().users().stream()
                .filter(u -> all || u.key().equals(ctx.access().account()))
                .sorted(Comparator.comparing(UserMeta::user).thenComparing(UserMeta::host)).toList();
    }

    /** An account's own grants and its roles', merged per level. */
    private static List<GrantMeta> effective(Catalog catalog, UserMeta u) {
        List<GrantMeta> merged = List.of();
        List<GrantMeta> all = new ArrayList<>(u.grants());
        for (String name : u.allRoles()) {
            RoleMeta r = catalog.role(name);
            if (r != null) {
                all.addAll(r.grants());
            }
        }
        for (GrantMeta g : all) {
            merged = GrantMeta.plus(merged, g);
        }
        return merged;
    }

    /** GlobalPrivs, CatalogPrivs, DatabasePrivs and TablePrivs: {@code internal.db1: Select_priv; ..}, NULL when none. */
    private static List<Object> levels(List<GrantMeta> grants) {
        List<Object> out = new ArrayList<>();
        for (GrantMeta.Level level : GrantMeta.Level.values()) {
            List<String> parts = grants.stream().filter(g -> g.level() == level && !g.privileges().isEmpty())
                    .map(g -> level == GrantMeta.Level.GLOBAL ? g.privilegeText() : g.target() + ": " + g.privilegeText()).toList();
            out.add(parts.isEmpty() ? null : String.join("; ", parts));
        }
        return out;
    }
}
