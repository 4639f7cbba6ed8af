package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.AccessRights;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.GrantMeta;
import io.cairndb.catalog.Privilege;
import io.cairndb.catalog.RoleMeta;
import io.cairndb.catalog.UserMeta;
import io.cairndb.engine.RowResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.AccountStatement;
import io.cairndb.system.PrivilegeShows;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * GRANT and REVOKE of privileges (to accounts and roles) and of roles (to accounts), CREATE / DROP
 * ROLE, SHOW GRANTS and SHOW ROLES. Grants are kept with the account or role they are for, in the
 * catalog, and change under the account statements' lock.
 */
final class Grants {
    private final Catalog catalog;

    Grants(Catalog catalog) {
        this.catalog = catalog;
    }

    UpdateCount grant(StatementContext ctx, AccountStatement.Grant s) {
        GrantMeta granted = grantOf(ctx, s.privileges(), s.target());
        Accounts.lockAccounts(ctx);
        change(ctx, s.grantee(), grants -> GrantMeta.plus(grants, granted));
        return UpdateCount.NONE;
    }

    UpdateCount revoke(StatementContext ctx, AccountStatement.Revoke s) {
        GrantMeta revoked = grantOf(ctx, s.privileges(), s.target());
        Accounts.lockAccounts(ctx);
        change(ctx, s.grantee(), grants -> {
            List<GrantMeta> left = GrantMeta.minus(grants, revoked);
            if (left == null) {
                AccountStatement.UserIdentity u = s.grantee().user();
                throw new CairnException(ErrorCode.NONEXISTING_GRANT, u != null
                        ? "There is no such grant defined for user '" + u.user() + "' on host '" + u.host() + "'"
                        : "There is no such grant defined for role '" + s.grantee().role() + "'");
            }
            return left;
        });
        return UpdateCount.NONE;
    }

    UpdateCount grantRoles(StatementContext ctx, AccountStatement.GrantRoles s) {
        Accounts.lockAccounts(ctx);
        UserMeta u = requireUser(s.user());
        List<String> roles = new ArrayList<>(u.roles());
        for (String name : s.roles()) {
            if (name.equals(RoleMeta.OPERATOR)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not grant role operator: it is root's alone");
            }
            requireRole(name);
            if (!roles.contains(name)) {
                roles.add(name);
            }
        }
        saveUser(ctx, u.withRoles(roles));
        return UpdateCount.NONE;
    }

    UpdateCount revokeRoles(StatementContext ctx, AccountStatement.RevokeRoles s) {
        Accounts.lockAccounts(ctx);
        UserMeta u = requireUser(s.user());
        List<String> roles = new ArrayList<>(u.roles());
        for (String name : s.roles()) {
            requireRole(name);
            if (!roles.remove(name)) {
                throw new CairnException(ErrorCode.NONEXISTING_GRANT, u.allRoles().contains(name)
                        ? "Can not revoke role " + name + " from " + u.identity() + ": it is built in"
                        : "Role " + name + " is not granted to " + u.identity());
            }
        }
        saveUser(ctx, u.withRoles(roles));
        return UpdateCount.NONE;
    }

    UpdateCount createRole(StatementContext ctx, AccountStatement.CreateRole s) {
        requireRoleName(s.name());
        Accounts.lockAccounts(ctx);
        if (catalog.role(s.name()) != null) {
            if (s.ifNotExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.CANNOT_USER, "Role " + s.name() + " already exists");
        }
        saveRole(ctx, new RoleMeta(s.name(), s.comment(), List.of()));
        return UpdateCount.NONE;
    }

    /** DROP ROLE: its members lose it in the same transaction. */
    UpdateCount dropRole(StatementContext ctx, AccountStatement.DropRole s) {
        Accounts.lockAccounts(ctx);
        RoleMeta r = catalog.role(s.name());
        if (r == null) {
            if (s.ifExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.CANNOT_USER, "Role " + s.name() + " does not exist");
        }
        if (r.builtIn()) {
            throw new CairnException(ErrorCode.CANNOT_USER, "Can not drop role " + r.name() + ": it is built in");
        }
        for (UserMeta u : catalog.users()) {
            if (u.roles().contains(r.name())) {
                saveUser(ctx, u.withRoles(u.roles().stream().filter(n -> !n.equals(r.name())).toList()));
            }
        }
        catalog.deleteRole(ctx.txn().connection(), r);
        ctx.txn().afterCommit(() -> catalog.forgetRole(r));
        return UpdateCount.NONE;
    }

    /** SHOW [ALL] GRANTS [FOR u]: the session's own account unless ALL or FOR names others. */
    RowResult show(AccountStatement.ShowGrants s, AccountStatement.UserIdentity self) {
        if (s.all()) {
            return PrivilegeShows.grants(catalog, catalog.users());
        }
        AccountStatement.UserIdentity who = s.user() != null ? s.user() : self;
        return PrivilegeShows.grants(catalog, List.of(requireUser(who)));
    }

    RowResult showRoles() {
        return PrivilegeShows.roles(catalog);
    }

    // ---------------------------------------------------------------- helpers

    private interface GrantChange {
        List<GrantMeta> apply(List<GrantMeta> grants);
    }

    private void change(StatementContext ctx, AccountStatement.Grantee grantee, GrantChange change) {
        if (grantee.user() != null) {
            UserMeta u = requireUser(grantee.user());
            saveUser(ctx, u.withGrants(change.apply(u.grants())));
        } else {
            RoleMeta r = requireRole(grantee.role());
            if (r.builtIn()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not change the privileges of built-in role " + r.name());
            }
            saveRole(ctx, r.withGrants(change.apply(r.grants())));
        }
    }

    /**
     * The level and privileges a GRANT or REVOKE names, checked as Doris does: known privileges, NODE_PRIV
     * and ADMIN_PRIV only on {@code *.*.*}, and the granting user holding GRANT_PRIV on that level or above.
     */
    private static GrantMeta grantOf(StatementContext ctx, List<String> names, List<String> target) {
        Set<Privilege> privileges = EnumSet.noneOf(Privilege.class);
        for (String name : names) {
            String upper = name.toUpperCase(Locale.ROOT);
            if (upper.equals("ALL") || upper.equals("READ_WRITE")) {
                privileges.addAll(Privilege.ALL);
            } else if (upper.equals("READ_ONLY")) {
                privileges.add(Privilege.SELECT_PRIV);
            } else if (Privilege.named(name) == null) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown privilege type " + name);
            } else {
                privileges.add(Privilege.named(name));
            }
        }
        if (privileges.contains(Privilege.USAGE_PRIV)) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "USAGE_PRIV is granted on a resource or a workload group, and CairnDB has neither");
        }
        GrantMeta grant = level(ctx, target, privileges);
        if (grant.level() != GrantMeta.Level.GLOBAL
                && (privileges.contains(Privilege.NODE_PRIV) || privileges.contains(Privilege.ADMIN_PRIV))) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "NODE_PRIV and ADMIN_PRIV can only be granted on *.*.*");
        }
        AccessRights by = ctx.access();
        if (privileges.contains(Privilege.NODE_PRIV) && !by.hasGlobal(Access.NODE)) {
            throw AccessRights.denied(Access.NODE);
        }
        boolean allowed = switch (grant.level()) {
            case GLOBAL, CATALOG -> by.hasGlobal(Access.GRANT);
            case DATABASE -> by.hasOnDatabase(Access.GRANT, grant.database());
            case TABLE -> by.has(Access.GRANT, grant.database(), grant.table());
        };
        if (!allowed) {
            throw AccessRights.denied(Access.GRANT);
        }
        return grant;
    }

    /** {@code *.*.*}, {@code *.*} (global); {@code internal.*.*}; {@code [internal.]db.*}; {@code [internal.]db.tbl}; {@code tbl} or {@code *} in the current database. */
    private static GrantMeta level(StatementContext ctx, List<String> parts, Set<Privilege> privileges) {
        List<String> p = new ArrayList<>(parts);
        if (p.size() == 3) {
            String ctl = p.remove(0);
            if (ctl.equals(GrantMeta.ANY)) {
                if (!p.get(0).equals(GrantMeta.ANY) || !p.get(1).equals(GrantMeta.ANY)) {
                    throw invalidLevel(parts);
                }
                return new GrantMeta(GrantMeta.ANY, GrantMeta.ANY, GrantMeta.ANY, privileges);
            }
            io.cairndb.catalog.Catalog.requireInternal(ctl);
            if (p.get(0).equals(GrantMeta.ANY)) {
                if (!p.get(1).equals(GrantMeta.ANY)) {
                    throw invalidLevel(parts);
                }
                return new GrantMeta(GrantMeta.INTERNAL, GrantMeta.ANY, GrantMeta.ANY, privileges);
            }
        } else if (p.size() == 2 && p.get(0).equals(GrantMeta.ANY)) {
            if (!p.get(1).equals(GrantMeta.ANY)) {
                throw invalidLevel(parts);
            }
            return new GrantMeta(GrantMeta.ANY, GrantMeta.ANY, GrantMeta.ANY, privileges);
        } else if (p.size() == 1) {
            String db = ctx.session().currentDatabase();
            if (db == null) {
                throw new CairnException(ErrorCode.NO_DATABASE_SELECTED, "No database selected");
            }
            p.add(0, db);
        }
        if (ctx.systemTables().isSystemSchema(p.get(0))) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not grant privileges on " + p.get(0)
                    + ": every user reads it and sees in it only what it may");
        }
        return new GrantMeta(GrantMeta.INTERNAL, p.get(0), p.get(1), privileges);
    }

    private static CairnException invalidLevel(List<String> parts) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid privilege level " + String.join(".", parts)
                + ": write *.*.*, internal.*.*, db.*, db.tbl or internal.db.tbl");
    }

    private UserMeta requireUser(AccountStatement.UserIdentity id) {
        UserMeta u = catalog.user(id.user(), id.host());
        if (u == null) {
            throw new CairnException(ErrorCode.PASSWORD_NO_MATCH, "user " + id + " does not exist");
        }
        return u;
    }

    private RoleMeta requireRole(String name) {
        RoleMeta r = catalog.role(name);
        if (r == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Role " + name + " does not exist");
        }
        return r;
    }

    private static void requireRoleName(String name) {
        if (name.isEmpty() || name.length() > 64) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid role name: " + name);
        }
    }

    private void saveUser(StatementContext ctx, UserMeta u) {
        catalog.saveUser(ctx.txn().connection(), u);
        ctx.txn().afterCommit(() -> catalog.publishUser(u));
    }

    private void saveRole(StatementContext ctx, RoleMeta r) {
        catalog.saveRole(ctx.txn().connection(), r);
        ctx.txn().afterCommit(() -> catalog.publishRole(r));
    }
}
