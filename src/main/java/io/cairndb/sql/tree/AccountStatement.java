package io.cairndb.sql.tree;

/** Statements on user accounts, in Doris's spelling. Nullable components are documented per record. */
public final class AccountStatement {
    private AccountStatement() {
    }

    /** {@code 'user'@'host'}; host {@code %} when not given. */
    public record UserIdentity(String user, String host) {
        @Override
        public String toString() {
            return "'" + user + "'@'" + host + "'";
        }
    }

    /**
     * A new password: plain text, or (with {@code hashed}) the {@code *HEX} form of
     * SHA1(SHA1(password)) that {@code PASSWORD('..')} gives and {@code IDENTIFIED BY PASSWORD} takes.
     */
    public record Password(String text, boolean hashed) {
    }

    /**
     * FAILED_LOGIN_ATTEMPTS n PASSWORD_LOCK_TIME t PASSWORD_EXPIRE ..: {@code attempts} -1 when not given;
     * {@code lockSeconds} -1 when not given, 0 for UNBOUNDED; {@code expireSeconds} (a password's
     * lifetime) -1 when not given, 0 for NEVER and DEFAULT (default_password_lifetime is 0: never).
     */
    public record Policy(int attempts, long lockSeconds, long expireSeconds) {
    }

    /** CREATE USER [IF NOT EXISTS] u [IDENTIFIED BY [PASSWORD] 'p'] [policy]; password nullable. */
    public record CreateUser(UserIdentity user, boolean ifNotExists, Password password, Policy policy) implements Statement {
    }

    /** ALTER USER [IF EXISTS] u [IDENTIFIED BY [PASSWORD] 'p'] [policy]; password nullable. */
    public record AlterUser(UserIdentity user, boolean ifExists, Password password, Policy policy) implements Statement {
    }

    public record DropUser(UserIdentity user, boolean ifExists) implements Statement {
    }

    /** SET PASSWORD [FOR u] = PASSWORD('p') | '*hash'; user null for the session's own. */
    public record SetPassword(UserIdentity user, Password password) implements Statement {
    }

    /** Who a GRANT or REVOKE of privileges is for: a user, or (with {@code user} null) the role {@code role}. */
    public record Grantee(UserIdentity user, String role) {
    }

    /**
     * GRANT privileges ON target TO grantee: {@code privileges} as written ({@code SELECT_PRIV}, {@code ALL});
     * {@code target} the one to three dot-separated parts, {@code *} for a wildcard.
     */
    public record Grant(java.util.List<String> privileges, java.util.List<String> target, Grantee grantee) implements Statement {
        public Grant {
            privileges = java.util.List.copyOf(privileges);
            target = java.util.List.copyOf(target);
        }
    }

    /** REVOKE privileges ON target FROM grantee, with {@link Grant}'s parts. */
    public record Revoke(java.util.List<String> privileges, java.util.List<String> target, Grantee grantee) implements Statement {
        public Revoke {
            privileges = java.util.List.copyOf(privileges);
            target = java.util.List.copyOf(target);
        }
    }

    /** GRANT role, .. TO user. */
    public record GrantRoles(java.util.List<String> roles, UserIdentity user) implements Statement {
        public GrantRoles {
            roles = java.util.List.copyOf(roles);
        }
    }

    /** REVOKE role, .. FROM user. */
    public record RevokeRoles(java.util.List<String> roles, UserIdentity user) implements Statement {
        public RevokeRoles {
            roles = java.util.List.copyOf(roles);
        }
    }

    /** CREATE ROLE [IF NOT EXISTS] r [COMMENT 'c']; comment nullable. */
    public record CreateRole(String name, boolean ifNotExists, String comment) implements Statement {
    }

    public record DropRole(String name, boolean ifExists) implements Statement {
    }

    /** SHOW [ALL] GRANTS [FOR u]: user null for the session's own account (or, with ALL, every account). */
    public record ShowGrants(boolean all, UserIdentity user) implements Statement {
    }

    public record ShowRoles() implements Statement {
    }
}
