package io.cairndb.catalog;

/**
 * A user account, {@code 'user'@'host'}: {@code host} is an IP, a name or a pattern with {@code %} and
 * {@code _} wildcards. {@code password} is never the password itself but, as MySQL and Doris keep it,
 * {@code *} and the hex of SHA1(SHA1(password)), or empty for none. After {@code failedLoginAttempts}
 * failed logins in a row (0: never) the account is locked for {@code lockSeconds} (0: until a password
 * change). A password set at {@code passwordTime} expires after {@code passwordLifetimeSeconds} (0: never).
 */
public record UserMeta(String user, String host, String password, int failedLoginAttempts, long lockSeconds, long createTime,
                       long passwordLifetimeSeconds, long passwordTime) {

    public UserMeta {
        password = password == null ? "" : password;
        // Entries saved before passwords expired had theirs set when the account was made.
        passwordTime = passwordTime == 0 ? createTime : passwordTime;
    }

    /** The catalog key of an account. */
    public String key() {
        return key(user, host);
    }

    public static String key(String user, String host) {
        return user + "@" + host;
    }

    /** With a new password, set now. */
    public UserMeta withPassword(String hashed) {
        return new UserMeta(user, host, hashed, failedLoginAttempts, lockSeconds, createTime, passwordLifetimeSeconds,
                System.currentTimeMillis());
    }

    public UserMeta withPolicy(int attempts, long seconds, long lifetimeSeconds) {
        return new UserMeta(user, host, password, attempts, seconds, createTime, lifetimeSeconds, passwordTime);
    }

    /** Whether the password's lifetime has run out at {@code now}. */
    public boolean passwordExpired(long now) {
        return passwordLifetimeSeconds > 0 && now - passwordTime > passwordLifetimeSeconds * 1000;
    }
}
