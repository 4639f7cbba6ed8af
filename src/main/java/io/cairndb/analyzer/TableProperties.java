package io.cairndb.analyzer;

import io.cairndb.catalog.DynamicPartitionConfig;
import io.cairndb.catalog.SequenceColumn;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The table properties a CREATE TABLE (and the table of an MV) may name, so that a misspelled one is
 * refused, as Doris refuses it, instead of being kept and having no effect. Those of replicas, storage
 * media, compaction and segment formats are recorded and shown, as distribution and buckets are: one
 * DuckDB file has no use for them, and a Doris DDL that names them creates its table here unchanged.
 */
public final class TableProperties {
    /** Recorded as given (Doris's storage and replica properties). */
    private static final Set<String> RECORDED = Set.of("replication_num", "replication_allocation", "storage_medium",
            "storage_cooldown_time", "storage_policy", "storage_format", "inverted_index_storage_format", "storage_vault_name",
            "storage_page_size", "storage_dict_page_size", "colocate_with", "in_memory", "compression", "light_schema_change",
            "disable_auto_compaction", "enable_single_replica_compaction", "skip_write_index_on_load", "compaction_policy",
            "time_series_compaction_goal_size_mbytes", "time_series_compaction_file_count_threshold",
            "time_series_compaction_time_threshold_seconds", "time_series_compaction_empty_rowsets_threshold",
            "time_series_compaction_level_threshold", "bloom_filter_columns", "bloom_filter_fpp", "store_row_column",
            "row_store_columns", "row_store_page_size", "min_load_replica_num", "is_being_synced", "estimate_partition_size",
            "group_commit_interval_ms", "group_commit_data_bytes", "enable_mow_light_delete", "file_cache_ttl_seconds",
            "variant_enable_flatten_nested", "enable_duplicate_without_keys_by_default", "binlog.max_bytes",
            "binlog.max_history_nums", "data_sort.sort_type", "data_sort.col_num", "tablet_type", "enable_light_delete",
            "enable_unique_key_skip_bitmap_column", "auto_analyze_policy", "default.replication_num",
            "default.replication_allocation", "default.storage_medium");
    /** Interpreted here. */
    private static final Set<String> INTERPRETED = Set.of("enable_unique_key_merge_on_write", SequenceColumn.COL_PROPERTY,
            SequenceColumn.TYPE_PROPERTY);

    private TableProperties() {
    }

    /** Whether {@code key} is a table property (any case). */
    public static boolean known(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return RECORDED.contains(k) || INTERPRETED.contains(k) || ChangelogConfig.PROPERTY_KEYS.contains(k)
                || k.startsWith(DynamicPartitionConfig.PREFIX);
    }

    /** Refuses the properties of a new table that are no table property, naming them: Doris's text. */
    public static void checkCreate(Map<String, String> properties) {
        Map<String, String> unknown = unknown(properties);
        if (!unknown.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown properties: " + unknown);
        }
    }

    /** As {@link #checkCreate}, for ALTER TABLE .. SET, with Doris's text for it. */
    public static void checkAlter(Map<String, String> properties) {
        Map<String, String> unknown = unknown(properties);
        if (!unknown.isEmpty()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unknown table property: " + unknown.keySet());
        }
    }

    private static Map<String, String> unknown(Map<String, String> properties) {
        Map<String, String> out = new LinkedHashMap<>();
        properties.forEach((k, v) -> {
            if (!known(k)) {
                out.put(k, v);
            }
        });
        return out;
    }
}
