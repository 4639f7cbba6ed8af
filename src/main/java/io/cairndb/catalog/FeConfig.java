package io.cairndb.catalog;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.io.IOException;
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
    private static final Map<String, String> DEFAULTS = Map.of(
            "enable_feature_changelog", "true",
            "enable_feature_binlog", "true",
            "enable_table_stream", "true",
            "changelog_cleanup_interval_seconds", "60",
            "job_mtmv_task_consumer_thread_num", "10",
            "max_persistence_task_count", "100");

    /** Read once at startup (a thread pool's size, the task history cap): ADMIN SET refuses them, as Doris does. */
    private static final Set<String> STARTUP_ONLY = Set.of("job_mtmv_task_consumer_thread_num", "max_persistence_task_count");

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
        return Long.parseLong(get(key));
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

    public Map<String, String> all() {
        return new TreeMap<>(values);
    }
}
