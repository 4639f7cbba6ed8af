package io.cairndb.catalog;

/**
 * A user account, {@code 'user'@'host'}: {@code host} is an IP, a name or a pattern with {@code %} and
 * {@code _} wildcards. {@code password} is never the password itself but, as MySQL and Doris keep it,
 * {@code *} and the hex of SHA1(SHA1(password)), or empty for none. After {@code failedLoginAttempts}
 * failed logins in a row (0: never) the account is locked for {@code lockSeconds} (0: until a password
 * change).
 */
public record UserMeta(String user, String host, String password, int failedLoginAttempts, long lockSeconds, long createTime) {

    public UserMeta {
        password = password == null ? "" : password;
    }

    /** The catalog key of an account. */
    public String key() {
        return key(user, host);
    }

    public static String key(String user, String host) {
        return user + "@" + host;
    }

    public UserMeta withPassword(String hashed) {
        return new UserMeta(user, host, hashed, failedLoginAttempts, lockSeconds, createTime);
    }

    public UserMeta withPolicy(int attempts, long seconds) {
        return new UserMeta(user, host, password, attempts, seconds, createTime);
    }
}
