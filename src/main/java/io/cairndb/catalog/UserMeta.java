package io.cairndb.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * A user account, {@code 'user'@'host'}: {@code host} is an IP, a name or a pattern with {@code %} and
 * {@code _} wildcards. {@code password} is never the password itself but, as MySQL and Doris keep it,
 * {@code *} and the hex of SHA1(SHA1(password)), or empty for none. After {@code failedLoginAttempts}
 * failed logins in a row (0: never) the account is locked for {@code lockSeconds} (0: until a password
 * change). A password set at {@code passwordTime} expires after {@code passwordLifetimeSeconds} (0: never).
 * The account holds the {@code roles} granted to it and the privileges granted to it directly.
 */
public record UserMeta(String user, String host, String password, int failedLoginAttempts, long lockSeconds, long createTime,
                       long passwordLifetimeSeconds, long passwordTime, List<String> roles, List<GrantMeta> grants) {

    public UserMeta {
        password = password == null ? "" : password;
        // Entries saved before privileges existed have neither.
        roles = roles == null ? List.of() : List.copyOf(roles);
        grants = grants == null ? List.of() : List.copyOf(grants);
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
                System.currentTimeMillis(), roles, grants);
    }

    public UserMeta withPolicy(int attempts, long seconds, long lifetimeSeconds) {
        return new UserMeta(user, host, password, attempts, seconds, createTime, lifetimeSeconds, passwordTime, roles, grants);
    }

    public UserMeta withRoles(List<String> now) {
        return new UserMeta(user, host, password, failedLoginAttempts, lockSeconds, createTime, passwordLifetimeSeconds,
                passwordTime, now, grants);
    }

    public UserMeta withGrants(List<GrantMeta> now) {
        return new UserMeta(user, host, password, failedLoginAttempts, lockSeconds, createTime, passwordLifetimeSeconds,
                passwordTime, roles, now);
    }

    /** The roles granted plus the built-in one root (operator) and admin (admin) always hold. */
    public List<String> allRoles() {
        List<String> all = new ArrayList<>();
        if (user.equals("root")) {
            all.add(RoleMeta.OPERATOR);
        } else if (user.equals("admin")) {
            all.add(RoleMeta.ADMIN);
        }
        roles.stream().filter(r -> !all.contains(r)).forEach(all::add);
        return all;
    }

    /** {@code 'user'@'host'}, as MySQL writes an account. */
    public String identity() {
        return "'" + user + "'@'" + host + "'";
    }

    /** Whether the password's lifetime has run out at {@code now}. */
    public boolean passwordExpired(long now) {
        return passwordLifetimeSeconds > 0 && now - passwordTime > passwordLifetimeSeconds * 1000;
    }
}
