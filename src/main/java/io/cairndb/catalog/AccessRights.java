package io.cairndb.catalog;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What one account may do: the privileges granted to it and to its roles, and who it is for the
 * messages of a refusal ({@code 'user'@'client host'}). Immutable: a session takes a new one when
 * grants change.
 */
public final class AccessRights {
    /** The rights of internal work that acts for no user (maintenance of rollups, rewrite candidates). */
    public static final AccessRights SYSTEM = new AccessRights("root", UserMeta.key("root", "%"), "localhost",
            RoleMeta.BUILT_IN.get(0).grants());

    private final String user;
    private final String account;
    private final String host;
    private final List<GrantMeta> grants;

    private AccessRights(String user, String account, String host, List<GrantMeta> grants) {
        this.user = user;
        this.account = account;
        this.host = host;
        this.grants = List.copyOf(grants);
    }

    /** The rights of {@code account} (null: an account that no longer exists, which may do nothing). */
    public static AccessRights of(String user, UserMeta account, Function<String, RoleMeta> roles, String clientHost) {
        List<GrantMeta> all = new ArrayList<>();
        if (account != null) {
            all.addAll(account.grants());
            for (String name : account.allRoles()) {
                RoleMeta role = roles.apply(name);
                if (role != null) {
                    all.addAll(role.grants());
                }
            }
        }
        return new AccessRights(user, account == null ? null : account.key(), clientHost, all);
    }

    /** These rights and SELECT_PRIV on {@code db.table}. */
    public AccessRights alsoReading(String db, String table) {
        List<GrantMeta> more = new ArrayList<>(grants);
        more.add(new GrantMeta(GrantMeta.INTERNAL, db, table, java.util.Set.of(Privilege.SELECT_PRIV)));
        return new AccessRights(user, account, host, more);
    }

    public String user() {
        return user;
    }

    /** The key of the account ({@link UserMeta#key}), null when it no longer exists. */
    public String account() {
        return account;
    }

    /** Whether {@code access} is given on table {@code table} of database {@code db} (on any level above it too). */
    public boolean has(Access access, String db, String table) {
        for (GrantMeta g : grants) {
            if (g.covers(db, table) && access.givenBy(g.privileges())) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code access} is given on database {@code db} itself (global, catalog or database level). */
    public boolean hasOnDatabase(Access access, String db) {
        return has(access, db, null);
    }

    public boolean hasGlobal(Access access) {
        for (GrantMeta g : grants) {
            if (g.level() == GrantMeta.Level.GLOBAL && access.givenBy(g.privileges())) {
                return true;
            }
        }
        return false;
    }

    /** Whether the account may see that database {@code db} exists: some privilege on it or on one of its tables. */
    public boolean canSeeDatabase(String db) {
        for (GrantMeta g : grants) {
            boolean onDb = g.level() == GrantMeta.Level.TABLE ? g.database().equalsIgnoreCase(db) : g.covers(db, null);
            if (onDb && Access.SHOW.givenBy(g.privileges())) {
                return true;
            }
        }
        return false;
    }

    /** Whether the account may see that {@code db.table} exists (and list it in SHOW TABLES, information_schema, ..). */
    public boolean canSee(String db, String table) {
        return has(Access.SHOW, db, table);
    }

    /** Fails as MySQL does ({@code SELECT command denied ..}) unless {@code access} is given on {@code db.table}. */
    public void require(Access access, String db, String table) {
        if (!has(access, db, table)) {
            throw new CairnException(ErrorCode.TABLE_ACCESS_DENIED, access.name() + " command denied to user '" + user + "'@'"
                    + host + "' for table '" + db + "." + table + "'");
        }
    }

    /** Fails ({@code Access denied for user .. to database ..}) unless {@code access} is given on database {@code db}. */
    public void requireDatabase(Access access, String db) {
        if (!hasOnDatabase(access, db)) {
            throw databaseDenied(db);
        }
    }

    /** Fails as {@link #requireDatabase} unless the account may see database {@code db} ({@link #canSeeDatabase}). */
    public void requireVisibleDatabase(String db) {
        if (!canSeeDatabase(db)) {
            throw databaseDenied(db);
        }
    }

    private CairnException databaseDenied(String db) {
        return new CairnException(ErrorCode.DB_ACCESS_DENIED, "Access denied for user '" + user + "'@'" + host
                + "' to database '" + db + "'");
    }

    /** Fails ({@code Access denied; you need (at least one of) the .. privilege(s)}) unless {@code access} is given globally. */
    public void requireGlobal(Access access) {
        if (!hasGlobal(access)) {
            throw denied(access);
        }
    }

    public static CairnException denied(Access access) {
        return new CairnException(ErrorCode.SPECIFIC_ACCESS_DENIED, "Access denied; you need (at least one of) the "
                + access.name() + " privilege(s) for this operation");
    }
}
