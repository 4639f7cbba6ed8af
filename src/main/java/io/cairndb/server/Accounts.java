package io.cairndb.server;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.UserMeta;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.AccountStatement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * User accounts: who may log in from where with which password (mysql_native_password), the lock
 * after repeated failed logins, and CREATE / ALTER / DROP USER and SET PASSWORD. Accounts live in the
 * catalog, their passwords only as SHA1(SHA1(password)).
 */
public final class Accounts {
    private static final Logger LOG = LoggerFactory.getLogger(Accounts.class);
    /** Doris's built-in accounts, which exist from the first start and cannot be dropped. */
    static final List<String> BUILT_IN = List.of("root", "admin");
    private static final Pattern HASH = Pattern.compile("\\*[0-9A-Fa-f]{40}");

    private final Catalog catalog;
    /** Consecutive failed logins per account (by key) and until when it is locked; kept in memory only. */
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    private record Failures(int count, long lockedUntil) {
    }

    Accounts(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Saves the built-in accounts that do not exist yet in {@code c}'s transaction (publish them after
     * commit): admin without a password, root with {@code rootPassword} (plain or *HEX; empty for none).
     */
    List<UserMeta> builtInsToCreate(Connection c, String rootPassword) {
        List<UserMeta> created = new java.util.ArrayList<>();
        for (String name : BUILT_IN) {
            if (catalog.user(name, "%") == null) {
                String password = name.equals("root") && !rootPassword.isEmpty()
                        ? hashed(new AccountStatement.Password(rootPassword, HASH.matcher(rootPassword).matches())) : "";
                UserMeta u = new UserMeta(name, "%", password, 0, 0, System.currentTimeMillis(), 0, 0, List.of(), List.of());
                catalog.saveUser(c, u);
                created.add(u);
            }
        }
        return created;
    }

    /**
     * Null when {@code user} may log in from {@code host} with an answer {@code answerFits} accepts for the
     * stored hash (empty for no password); else why not, as MySQL says it.
     */
    public CairnException refuseLogin(String user, String host, Predicate<byte[]> answerFits, boolean usingPassword) {
        CairnException denied = new CairnException(ErrorCode.ACCESS_DENIED, "Access denied for user '" + user + "'@'" + host
                + "' (using password: " + (usingPassword ? "YES" : "NO") + ")");
        UserMeta account = match(user, host);
        if (account == null) {
            LOG.warn("Failed login of unknown user '{}' from {}", user, host);
            return denied;
        }
        Failures before = failures.get(account.key());
        long now = System.currentTimeMillis();
        if (before != null && before.lockedUntil() > now) {
            long remaining = before.lockedUntil() == Long.MAX_VALUE ? -1 : (before.lockedUntil() - now + 999) / 1000;
            return new CairnException(ErrorCode.ACCESS_DENIED, "Access denied for user '" + user + "'@'" + host
                    + "'. Account is blocked for "
                    + (account.lockSeconds() == 0 ? "an unbounded time" : account.lockSeconds() + " second(s)")
                    + (remaining < 0 ? "" : " (" + remaining + " second(s) remaining)") + " due to " + before.count()
                    + " consecutive failed logins.");
        }
        if (answerFits.test(storedHash(account))) {
            failures.remove(account.key());
            // MySQL's ER_MUST_CHANGE_PASSWORD_LOGIN: an administrator sets a new one (SET PASSWORD FOR).
            return account.passwordExpired(now) ? new CairnException(ErrorCode.MUST_CHANGE_PASSWORD_LOGIN,
                    "Your password has expired. To log in you must change it using a client that supports expired passwords.")
                    : null;
        }
        int count = (before == null || before.lockedUntil() != 0 ? 0 : before.count()) + 1;
        boolean lock = account.failedLoginAttempts() > 0 && count >= account.failedLoginAttempts();
        long until = !lock ? 0 : account.lockSeconds() == 0 ? Long.MAX_VALUE : now + account.lockSeconds() * 1000;
        failures.put(account.key(), new Failures(count, until));
        LOG.warn("Failed login of {} from {} ({} in a row{})", account.key(), host, count, lock ? ", account locked" : "");
        return denied;
    }

    /**
     * For {@link #refuseLogin}: whether a stored hash (empty for none) is that of the plain
     * {@code password} an HTTP client sent with basic authentication.
     */
    public static Predicate<byte[]> passwordFits(String password) {
        String hash = hashed(new AccountStatement.Password(password, false));
        return stored -> stored.length == 0 ? password.isEmpty()
                : !hash.isEmpty() && java.util.Arrays.equals(stored, HexFormat.of().parseHex(hash.substring(1)));
    }

    /** Whether the account {@code user} logs in as from anywhere has a password. */
    public boolean hasPassword(String user) {
        UserMeta u = catalog.user(user, "%");
        return u != null && !u.password().isEmpty();
    }

    /** The account a login of {@code user} from {@code host} uses: the one whose host is the most specific match. */
    UserMeta match(String user, String host) {
        return catalog.users().stream()
                .filter(u -> u.user().equals(user) && hostMatches(u.host(), host))
                .min(Comparator.comparingInt((UserMeta u) -> wildcards(u.host())).thenComparing(u -> -u.host().length()))
                .orElse(null);
    }

    private static int wildcards(String pattern) {
        return pattern.equals("%") ? 2 : pattern.contains("%") || pattern.contains("_") ? 1 : 0;
    }

    private static boolean hostMatches(String pattern, String host) {
        if (pattern.equals("%")) {
            return true;
        }
        if (pattern.equalsIgnoreCase("localhost") && (host.equals("127.0.0.1") || host.equals("::1") || host.equals("0:0:0:0:0:0:0:1"))) {
            return true;
        }
        StringBuilder regex = new StringBuilder();
        for (char ch : pattern.toCharArray()) {
            regex.append(ch == '%' ? ".*" : ch == '_' ? "." : Pattern.quote(String.valueOf(ch)));
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE).matcher(host).matches();
    }

    private static byte[] storedHash(UserMeta u) {
        return u.password().isEmpty() ? new byte[0] : HexFormat.of().parseHex(u.password().substring(1));
    }

    // ---------------------------------------------------------------- statements

    /**
     * Account statements take one lock until their commit is published: two sessions changing accounts
     * at once wait for each other, and the second sees what the first did.
     */
    static void lockAccounts(StatementContext ctx) {
        ctx.lockUntilEnd("", "\u0000accounts");
    }

    UpdateCount create(StatementContext ctx, AccountStatement.CreateUser s) {
        requireValidName(s.user());
        lockAccounts(ctx);
        if (catalog.user(s.user().user(), s.user().host()) != null) {
            if (s.ifNotExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.CANNOT_USER, "Operation CREATE USER failed for " + s.user());
        }
        UserMeta u = new UserMeta(s.user().user(), s.user().host(), s.password() == null ? "" : hashed(s.password()), 0, 0,
                System.currentTimeMillis(), 0, 0, List.of(), List.of());
        save(ctx, withPolicy(u, s.policy()));
        return UpdateCount.NONE;
    }

    UpdateCount alter(StatementContext ctx, AccountStatement.AlterUser s) {
        lockAccounts(ctx);
        UserMeta u = catalog.user(s.user().user(), s.user().host());
        if (u == null) {
            if (s.ifExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.CANNOT_USER, "Operation ALTER USER failed for " + s.user());
        }
        UserMeta changed = withPolicy(s.password() == null ? u : u.withPassword(hashed(s.password())), s.policy());
        save(ctx, changed);
        return UpdateCount.NONE;
    }

    UpdateCount drop(StatementContext ctx, AccountStatement.DropUser s) {
        if (BUILT_IN.contains(s.user().user())) {
            throw new CairnException(ErrorCode.CANNOT_USER, "Can not drop user " + s.user().user());
        }
        lockAccounts(ctx);
        UserMeta u = catalog.user(s.user().user(), s.user().host());
        if (u == null) {
            if (s.ifExists()) {
                return UpdateCount.NONE;
            }
            throw new CairnException(ErrorCode.CANNOT_USER, "Operation DROP USER failed for " + s.user());
        }
        catalog.deleteUser(ctx.txn().connection(), u);
        ctx.txn().afterCommit(() -> {
            catalog.forgetUser(u);
            failures.remove(u.key());
        });
        return UpdateCount.NONE;
    }

    /** SET PASSWORD [FOR u]: without FOR, the account the session logged in as from {@code host}. */
    UpdateCount setPassword(StatementContext ctx, AccountStatement.SetPassword s, String sessionUser, String host) {
        lockAccounts(ctx);
        UserMeta u = s.user() == null ? match(sessionUser, host) : catalog.user(s.user().user(), s.user().host());
        if (u == null) {
            throw new CairnException(ErrorCode.PASSWORD_NO_MATCH, "Can't find any matching row in the user table");
        }
        save(ctx, u.withPassword(hashed(s.password())));
        return UpdateCount.NONE;
    }

    private static UserMeta withPolicy(UserMeta u, AccountStatement.Policy p) {
        int attempts = p.attempts() >= 0 ? p.attempts() : u.failedLoginAttempts();
        long seconds = p.lockSeconds() >= 0 ? p.lockSeconds() : u.lockSeconds();
        long lifetime = p.expireSeconds() >= 0 ? p.expireSeconds() : u.passwordLifetimeSeconds();
        return u.withPolicy(attempts, seconds, lifetime);
    }

    private void save(StatementContext ctx, UserMeta u) {
        catalog.saveUser(ctx.txn().connection(), u);
        ctx.txn().afterCommit(() -> {
            catalog.publishUser(u);
            // A new password ends a lock, as Doris unlocks an account whose password is reset.
            failures.remove(u.key());
        });
    }

    private static void requireValidName(AccountStatement.UserIdentity id) {
        if (id.user().isEmpty() || id.user().length() > 64 || id.host().isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid user name or host: " + id);
        }
    }

    /** {@code *HEX} of SHA1(SHA1(password)), or empty for an empty password. */
    static String hashed(AccountStatement.Password p) {
        if (p.hashed()) {
            if (!p.text().isEmpty() && !HASH.matcher(p.text()).matches()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Password hash should be a 41-digit hexadecimal number");
            }
            return p.text().toUpperCase(Locale.ROOT);
        }
        if (p.text().isEmpty()) {
            return "";
        }
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] once = sha1.digest(p.text().getBytes(StandardCharsets.UTF_8));
            return "*" + HexFormat.of().withUpperCase().formatHex(MessageDigest.getInstance("SHA-1").digest(once));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by the Java platform", e);
        }
    }
}
