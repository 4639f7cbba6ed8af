package io.cairndb.catalog;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Frontend configuration, read from {@code conf/cairn.conf} ({@code key = value} lines, {@code #}
 * comments, as Doris's fe.conf) and, but for the few read only at startup, changeable at run time with
 * ADMIN SET FRONTEND CONFIG.
 */
public final class FeConfig {
    public static final String INITIAL_ROOT_PASSWORD = "initial_root_password";
    private static final Map<String, String> DEFAULTS = Map.ofEntries(
            Map.entry("enable_feature_changelog", "true"),
            Map.entry("enable_feature_binlog", "true"),
            Map.entry("enable_table_stream", "true"),
            Map.entry("changelog_cleanup_interval_seconds", "60"),
            // Dynamic partitioning: whether its background job runs, and how often (seconds), as in Doris.
            Map.entry("dynamic_partition_enable", "true"),
            Map.entry("dynamic_partition_check_interval_seconds", "600"),
            // The most partitions a dynamic window may ask for, and an AUTO PARTITION table may hold.
            Map.entry("max_dynamic_partition_num", "500"),
            Map.entry("max_auto_partition_num", "2000"),
            Map.entry("job_mtmv_task_consumer_thread_num", "10"),
            Map.entry("max_persistence_task_count", "100"),
            // Where the MySQL protocol listens: loopback until the operator says otherwise. Doris's
            // priority_networks (a CIDR list) picks the local address inside it instead.
            Map.entry("bind_address", "127.0.0.1"),
            Map.entry("priority_networks", ""),
            // Connections at once (Doris qe_max_connection); beyond it: 1040 Too many connections.
            Map.entry("qe_max_connection", "1024"),
            // The largest client packet after login, in bytes (MySQL's max_allowed_packet).
            Map.entry("max_allowed_packet", "67108864"),
            // The memory the engine's statements may take together: a share of the machine's or a size (8G).
            Map.entry("mem_limit", "80%"),
            // Seconds a client has to log in before its connection is closed (MySQL connect_timeout).
            Map.entry("connect_timeout", "10"),
            // Seconds SIGTERM lets running statements finish before they are rolled back.
            Map.entry("grace_shutdown_wait_seconds", "30"),
            // Statements that take longer are logged (milliseconds; Doris qe_slow_log_ms).
            Map.entry("qe_slow_log_ms", "5000"),
            // The directory local() may read; empty means <data-dir>/user_files for the server, while an
            // embedded database without it refuses local().
            Map.entry("user_files_secure_path", ""),
            // Whether SELECT .. INTO OUTFILE may write local files (inside user_files_secure_path), as in Doris.
            Map.entry("enable_outfile_to_local", "false"),
            // root's password when the data directory is new (plain, or *HEX as PASSWORD() gives it).
            Map.entry(INITIAL_ROOT_PASSWORD, ""));

    /** Read once at startup (a thread pool's size, the task history cap, the listener): ADMIN SET refuses them, as Doris does. */
    private static final Set<String> STARTUP_ONLY = Set.of("job_mtmv_task_consumer_thread_num", "max_persistence_task_count",
            "bind_address", "priority_networks", "qe_max_connection", "max_allowed_packet", "connect_timeout", "mem_limit",
            "user_files_secure_path", INITIAL_ROOT_PASSWORD);

    private final Map<String, String> values = new ConcurrentHashMap<>(DEFAULTS);

    public static FeConfig load(Path file) {
        FeConfig config = new FeConfig();
        if (file == null || !Files.exists(file)) {
            return config;
        }
        try {
            for (String line : Files.readAllLines(file)) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                int eq = l.indexOf('=');
                if (eq <= 0) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "bad line in " + file + ": " + line);
                }
                config.values.put(l.substring(0, eq).strip().toLowerCase(Locale.ROOT), unquote(l.substring(eq + 1).strip()));
            }
        } catch (CharacterCodingException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "cannot read " + file + ": not a UTF-8 text file", e);
        } catch (AccessDeniedException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "cannot read " + file + ": permission denied", e);
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return config;
    }

    private static String unquote(String v) {
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }

    public String get(String key) {
        return values.get(key.toLowerCase(Locale.ROOT));
    }

    public boolean flag(String key) {
        return "true".equalsIgnoreCase(get(key));
    }

    public long number(String key) {
        String value = get(key);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Config '" + key + "' must be a whole number, not '" + value + "'", e);
        }
    }

    /**
     * Sets a value decided while the server starts, before the database opens: a default that depends
     * on the command line, such as {@code user_files_secure_path} under the data directory.
     */
    public void setAtStartup(String key, String value) {
        values.put(key.toLowerCase(Locale.ROOT), value);
    }

    /** ADMIN SET FRONTEND CONFIG: all the settings or, when one may not change at run time, none. */
    public void setAll(Map<String, String> settings) {
        for (String key : settings.keySet()) {
            if (STARTUP_ONLY.contains(key.toLowerCase(Locale.ROOT))) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Config '" + key + "' is not mutable");
            }
        }
        settings.forEach((k, v) -> values.put(k.toLowerCase(Locale.ROOT), v));
    }

    /** Changelog is available unless either of its feature switches is off. */
    public boolean changelogEnabled() {
        return flag("enable_feature_changelog") && flag("enable_feature_binlog");
    }

    /** Every value, as ADMIN SHOW FRONTEND CONFIG lists them: a password only as whether one is set. */
    public Map<String, String> all() {
        Map<String, String> out = new TreeMap<>(values);
        out.computeIfPresent(INITIAL_ROOT_PASSWORD, (k, v) -> v.isEmpty() ? "" : "******");
        return out;
    }
}
