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
}
