package io.cairndb.server;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Session and global variables. Clients read many MySQL variables when they connect; the values
 * here are what a Doris FE reports, so drivers and BI tools configure themselves as for Doris.
 */
public final class SessionVariables {
    static final String VERSION = "5.7.99";
    static final String VERSION_COMMENT = "CairnDB 0.1.0 (Doris dialect on DuckDB)";

    /**
     * Variables that tune Doris's (or StarRocks') own execution engine, with their defaults there. Scripts
     * written for Doris set them (its benchmark runners stop when a SET fails), so they are accepted and
     * shown, and have no effect on DuckDB's execution here (the README says so).
     */
    static final Map<String, String> ENGINE_TUNING = Map.ofEntries(
            Map.entry("parallel_fragment_exec_instance_num", "8"),
            Map.entry("pipeline_dop", "0"),
            Map.entry("batch_size", "4064"),
            Map.entry("enable_vectorized_engine", "true"),
            Map.entry("enable_pipeline_engine", "true"),
            Map.entry("enable_pipeline_x_engine", "true"),
            Map.entry("enable_projection", "true"),
            Map.entry("enable_cost_based_join_reorder", "false"),
            Map.entry("disable_join_reorder", "false"),
            Map.entry("enable_agg_state", "false"),
            Map.entry("runtime_filter_mode", "GLOBAL"),
            Map.entry("runtime_filter_type", "IN_OR_BLOOM_FILTER,MIN_MAX"),
            Map.entry("runtime_filter_wait_time_ms", "1000"),
            Map.entry("enable_single_distinct_column_opt", "true"),
            Map.entry("enable_function_pushdown", "true"),
            Map.entry("enable_common_expr_pushdown", "true"),
            Map.entry("forbid_unknown_col_stats", "false"),
            Map.entry("enable_bucket_shuffle_join", "true"),
            Map.entry("disable_colocate_plan", "false"),
            Map.entry("enable_local_exchange", "true"),
            Map.entry("enable_spill", "false"),
            Map.entry("enable_fold_constant_by_be", "false"),
            Map.entry("send_batch_parallelism", "1"),
            Map.entry("max_scan_key_num", "48"),
            Map.entry("is_report_success", "false"),
            Map.entry("enable_profile", "false"));

    /** Doris 3.0's switch between choosing synchronous MVs by plan structure (true) and its older rules (false). */
    private static final String SYNC_MV_COST_BASED = "enable_sync_mv_cost_based_rewrite";
    /**
     * Whether SHOW CREATE TABLE also writes a keyed table's key as MySQL's {@code PRIMARY KEY (..)} line in
     * its column list, for tools that read keys only from there (SQLAlchemy's MySQL dialect). Off by
     * default: Doris prints no such line.
     */
    private static final String SHOW_CREATE_PRIMARY_KEY = "show_create_table_primary_key";
    private static final Map<String, String> DEFAULTS = defaults();
    /** Reported but fixed at startup: the packet limit is the server's (max_allowed_packet in cairn.conf). */
    private static final Set<String> READ_ONLY = Set.of("max_allowed_packet");
    private static final Set<String> NUMERIC = Set.of("sql_select_limit", "query_timeout", "insert_timeout", "exec_mem_limit",
            "materialized_view_rewrite_success_candidate_num", "materialized_view_relation_mapping_max_count");
    /** Switches the server acts on, kept as {@code true} / {@code false} whichever spelling was set. */
    private static final Set<String> BOOLEAN = Set.of("show_hidden_columns", "require_sequence_in_insert", "enable_insert_strict",
            "enable_unique_key_partial_update",
            "enable_materialized_view_rewrite", "enable_materialized_view_union_rewrite",
            "enable_materialized_view_nest_rewrite", "enable_dml_materialized_view_rewrite", SYNC_MV_COST_BASED,
            SHOW_CREATE_PRIMARY_KEY);
    /**
     * MySQL's 0 / 1 switches that dump files set. sql_quote_show_create decides whether SHOW CREATE
     * quotes names that need no quotes. The others only permit a server to do less: unique_checks = 0
     * to skip key checks (keys stay unique here), sql_notes = 0 to drop notes (none are raised here),
     * foreign_key_checks = 0 to skip foreign key checks (foreign keys are informational, as in Doris).
     */
    private static final Set<String> MYSQL_SWITCH = Set.of("sql_quote_show_create", "sql_notes", "unique_checks",
            "foreign_key_checks");
    /**
     * sql_mode flags whose promise the server keeps: it enforces ONLY_FULL_GROUP_BY, strictness and
     * dates as these ask (or has nothing they could change: no engine substitution, no users created
     * by GRANT, no directories in CREATE TABLE, a given 0 stays in an auto-increment column). Without
     * ONLY_FULL_GROUP_BY queries are checked all the same: one MySQL would take fails with a clear
     * error. Other MySQL modes change how SQL reads or prints (ANSI_QUOTES, PIPES_AS_CONCAT,
     * NO_BACKSLASH_ESCAPES, the NO_*_OPTIONS of SHOW CREATE, ...), which this server does not do: refused.
     */
    private static final Set<String> SQL_MODES = Set.of("ONLY_FULL_GROUP_BY", "STRICT_TRANS_TABLES", "STRICT_ALL_TABLES",
            "NO_ZERO_IN_DATE", "NO_ZERO_DATE", "ERROR_FOR_DIVISION_BY_ZERO", "NO_ENGINE_SUBSTITUTION", "NO_AUTO_CREATE_USER",
            "NO_DIR_IN_CREATE", "NO_AUTO_VALUE_ON_ZERO", "TRADITIONAL");
    /** Variables that take one of a few words, kept in upper case. */
    private static final Map<String, Set<String>> CHOICES = Map.of("partial_update_new_key_behavior", Set.of("APPEND", "ERROR"));
    /** Ratios the server acts on, between 0 and 1. */
    private static final Set<String> RATIO = Set.of("insert_max_filter_ratio");

    private final Map<String, String> session = new ConcurrentHashMap<>();
    private final Map<String, String> globals;

    /** @param globals the instance's global values, shared by all its sessions */
    public SessionVariables(Map<String, String> globals) {
        this.globals = globals;
    }

    private static Map<String, String> defaults() {
        Map<String, String> d = new TreeMap<>();
        d.put("auto_increment_increment", "1");
        d.put("autocommit", "1");
        d.put("cairn_debug_commit_time", "");
        d.put("character_set_client", "utf8mb4");
        d.put("character_set_connection", "utf8mb4");
        d.put("character_set_database", "utf8mb4");
        d.put("character_set_results", "utf8mb4");
        d.put("character_set_server", "utf8mb4");
        d.put("collation_connection", "utf8mb4_0900_bin");
        d.put("collation_database", "utf8mb4_0900_bin");
        d.put("collation_server", "utf8mb4_0900_bin");
        d.put("default_storage_engine", "olap");
        d.put("enable_nereids_planner", "true");
        d.put("enable_fallback_to_original_planner", "false");
        d.put("enable_materialized_view_rewrite", "true");
        d.put("enable_materialized_view_nest_rewrite", "false");
        d.put("enable_materialized_view_union_rewrite", "true");
        d.put("enable_dml_materialized_view_rewrite", "true");
        d.put(SYNC_MV_COST_BASED, "true");
        d.put("materialized_view_rewrite_success_candidate_num", "3");
        d.put("materialized_view_relation_mapping_max_count", "8");
        d.put("exec_mem_limit", "2147483648");
        d.put("init_connect", "");
        d.put("interactive_timeout", "3600");
        d.put("language", "/palo/share/english/");
        d.put("license", "Apache License, Version 2.0");
        d.put("lower_case_table_names", "0");
        d.put("max_allowed_packet", "67108864");
        d.put("net_buffer_length", "16384");
        d.put("net_write_timeout", "600");
        d.put("parallel_pipeline_task_num", "0");
        d.put("performance_schema", "0");
        d.put("query_cache_size", "1048576");
        d.put("query_cache_type", "0");
        d.put("query_timeout", "900");
        d.put("sql_mode", "ONLY_FULL_GROUP_BY");
        d.put("sql_select_limit", "9223372036854775807");
        d.put("system_time_zone", java.time.ZoneId.systemDefault().getId());
        d.put("time_zone", java.time.ZoneId.systemDefault().getId());
        d.put("transaction_isolation", "REPEATABLE-READ");
        d.put("transaction_read_only", "0");
        d.put("tx_isolation", "REPEATABLE-READ");
        d.put("tx_read_only", "0");
        d.put("version", VERSION);
        d.put("version_comment", VERSION_COMMENT);
        d.put("wait_timeout", "28800");
        d.put("insert_timeout", "14400");
        d.put("enable_insert_strict", "true");
        d.put("enable_unique_key_partial_update", "false");
        d.put("partial_update_new_key_behavior", "APPEND");
        d.put("insert_max_filter_ratio", "1.0");
        d.put("show_hidden_columns", "false");
        d.put(SHOW_CREATE_PRIMARY_KEY, "false");
        d.put("require_sequence_in_insert", "true");
        d.put("event_scheduler", "OFF");
        d.put("have_query_cache", "YES");
        d.put("div_precision_increment", "4");
        d.put("sql_safe_updates", "0");
        d.put("sql_quote_show_create", "1");
        d.put("sql_notes", "1");
        d.put("unique_checks", "1");
        d.put("foreign_key_checks", "1");
        d.put("resource_group", "");
        d.put("workload_group", "normal");
        d.putAll(ENGINE_TUNING);
        return Collections.unmodifiableMap(d);
    }

    private static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    public String get(String name) {
        String n = normalize(name);
        String v = session.get(n);
        if (v != null) {
            return v;
        }
        v = globals.get(n);
        return v != null ? v : DEFAULTS.get(n);
    }

    public String getGlobal(String name) {
        String n = normalize(name);
        String v = globals.get(n);
        return v != null ? v : DEFAULTS.get(n);
    }

    public void setSession(String name, String value) {
        String n = normalize(name);
        requireKnown(n);
        session.put(n, valid(n, value));
    }

    public void setGlobal(String name, String value) {
        String n = normalize(name);
        requireKnown(n);
        globals.put(n, valid(n, value));
    }

    /** A numeric variable's value; values beyond a long mean "no limit" and read as Long.MAX_VALUE. */
    public long number(String name) {
        String v = get(name).strip();
        return v.length() > 18 && new java.math.BigInteger(v).compareTo(java.math.BigInteger.valueOf(Long.MAX_VALUE)) > 0
                ? Long.MAX_VALUE : Long.parseLong(v);
    }

    /**
     * The value to keep: variables the server acts on take whole numbers or switches, anything else
     * would fail every later statement.
     */
    private static String valid(String n, String value) {
        if (NUMERIC.contains(n) && !value.strip().matches("\\d+")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS_TYPE, "Incorrect argument type to variable '" + n + "'");
        }
        if (RATIO.contains(n) && !isRatio(value)) {
            throw new CairnException(ErrorCode.WRONG_VALUE_FOR_VARIABLE,
                    "Variable '" + n + "' can't be set to the value of '" + value + "'");
        }
        if (n.equals("sql_mode")) {
            return sqlMode(value);
        }
        if (CHOICES.containsKey(n)) {
            String word = value.strip().toUpperCase(Locale.ROOT);
            if (!CHOICES.get(n).contains(word)) {
                throw new CairnException(ErrorCode.WRONG_VALUE_FOR_VARIABLE, "Variable '" + n + "' can't be set to the value of '"
                        + value + "'");
            }
            return word;
        }
        if (MYSQL_SWITCH.contains(n)) {
            switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "true", "1", "on":
                    return "1";
                case "false", "0", "off":
                    return "0";
                default:
                    throw new CairnException(ErrorCode.WRONG_VALUE_FOR_VARIABLE,
                            "Variable '" + n + "' can't be set to the value of '" + value + "'");
            }
        }
        if (BOOLEAN.contains(n)) {
            switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "true", "1", "on":
                    return "true";
                case "false", "0", "off":
                    if (n.equals(SYNC_MV_COST_BASED)) {
                        // The older rules are not implemented: the setting would be accepted and ignored.
                        throw new CairnException(ErrorCode.WRONG_VALUE_FOR_VARIABLE, "Variable '" + n + "' can't be set to the value of '"
                                + value + "': synchronous materialized views are chosen by the structure of the query's plan only");
                    }
                    return "false";
                default:
                    throw new CairnException(ErrorCode.WRONG_VALUE_FOR_VARIABLE,
                            "Variable '" + n + "' can't be set to the value of '" + value + "'");
            }
        }
        return value;
    }

    /** A sql_mode value in MySQL's spelling (upper case, no spaces), when every flag of it is kept. */
    private static String sqlMode(String value) {
        List<String> modes = new java.util.ArrayList<>();
        for (String mode : value.split(",")) {
            String m = mode.strip().toUpperCase(Locale.ROOT);
            if (m.isEmpty()) {
                continue;
            }
            if (!SQL_MODES.contains(m)) {
                throw new CairnException(ErrorCode.WRONG_VALUE_FOR_VARIABLE, "Variable 'sql_mode' can't be set to the value of '"
                        + mode.strip() + "'");
            }
            if (!modes.contains(m)) {
                modes.add(m);
            }
        }
        return String.join(",", modes);
    }

    private static boolean isRatio(String value) {
        try {
            double d = Double.parseDouble(value.strip());
            return d >= 0 && d <= 1;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Sets the session values of {@code hints} (SET_VAR) for one statement; running the returned
     * action puts back what the session had before.
     */
    public Runnable overrideForStatement(Map<String, String> hints) {
        if (hints.isEmpty()) {
            return () -> { };
        }
        Map<String, String> before = new java.util.HashMap<>();
        for (Map.Entry<String, String> hint : hints.entrySet()) {
            String n = normalize(hint.getKey());
            requireKnown(n);
            valid(n, hint.getValue());
            before.put(n, session.get(n));
        }
        hints.forEach((k, v) -> session.put(normalize(k), valid(normalize(k), v)));
        return () -> before.forEach((k, v) -> {
            if (v == null) {
                session.remove(k);
            } else {
                session.put(k, v);
            }
        });
    }

    /** SET SESSION v = DEFAULT: the session takes the global value again. */
    public void resetSession(String name) {
        String n = normalize(name);
        requireKnown(n);
        session.remove(n);
    }

    /** SET GLOBAL v = DEFAULT: back to the built-in default. */
    public void resetGlobal(String name) {
        String n = normalize(name);
        requireKnown(n);
        globals.remove(n);
    }

    private static void requireKnown(String n) {
        if (!DEFAULTS.containsKey(n)) {
            throw new CairnException(ErrorCode.UNKNOWN_SYSTEM_VARIABLE, "Unknown system variable '" + n + "'");
        }
        if (READ_ONLY.contains(n)) {
            throw new CairnException(ErrorCode.READ_ONLY_VARIABLE, "Variable '" + n + "' is a read only variable");
        }
    }

    /** All variables with their effective session values, by name. */
    public Map<String, String> sessionView() {
        Map<String, String> all = new TreeMap<>();
        for (String k : DEFAULTS.keySet()) {
            all.put(k, get(k));
        }
        return all;
    }

    /** The built-in default of every variable. */
    public static Map<String, String> defaultsView() {
        return DEFAULTS;
    }

    /** All variables with their global values, by name. */
    public Map<String, String> globalView() {
        Map<String, String> all = new TreeMap<>();
        for (String k : DEFAULTS.keySet()) {
            all.put(k, getGlobal(k));
        }
        return all;
    }
}
