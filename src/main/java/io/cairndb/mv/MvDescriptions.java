package io.cairndb.mv;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.TimeText;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How an MV describes itself: its refresh policy text, partition info, state (derived from the
 * catalog, so it is never out of date) and CREATE statement.
 */
public final class MvDescriptions {
    private MvDescriptions() {
    }

    /** {@code BUILD IMMEDIATE REFRESH AUTO ON MANUAL}, as mv_infos() shows it. */
    public static String refreshInfo(MvMeta mv, ZoneId zone) {
        return "BUILD " + mv.buildMode() + " REFRESH " + method(mv) + " " + trigger(mv, zone);
    }

    /** The refresh method as written: {@code INCREMENTAL FALLBACK} for an IVM MV that falls back. */
    static String method(MvMeta mv) {
        return mv.refreshMethod() + (mv.ivm() != null && mv.ivm().fallback() && mv.refreshMethod().equals("INCREMENTAL") ? " FALLBACK" : "");
    }

    /**
     * mv_infos().IvmBaseTableStreams: each base table an IVM MV maintains itself from and its internal
     * stream, as a JSON object; null for other MVs.
     */
    public static String ivmStreams(MvMeta mv) {
        if (mv.ivm() == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder("{");
        for (MvMeta.IvmStream s : mv.ivm().streams()) {
            String table = mv.baseTables().stream().filter(b -> b.id() == s.tableId()).map(b -> b.database() + "." + b.name())
                    .findFirst().orElse(String.valueOf(s.tableId()));
            sb.append(sb.length() > 1 ? "," : "").append('"').append(table).append("\":\"").append(s.name()).append('"');
        }
        return sb.append('}').toString();
    }

    public static String trigger(MvMeta mv, ZoneId zone) {
        MvMeta.Trigger t = mv.trigger();
        return switch (t.kind()) {
            case "COMMIT" -> "ON COMMIT";
            case "SCHEDULE" -> "ON SCHEDULE EVERY " + t.interval() + " " + t.unit()
                    + (t.startsMillis() > 0 ? " STARTS '" + TimeText.format(t.startsMillis(), zone) + "'" : "");
            default -> "ON MANUAL";
        };
    }

    /** Doris's MvPartitionInfo text. */
    public static String partitionInfo(MvMeta mv) {
        MvMeta.PartitionInfo p = mv.partitionInfo();
        if (p == null) {
            return "MTMVPartitionInfo{partitionType=SELF_MANAGE}";
        }
        String related = p.related().isEmpty() ? "" : p.related().get(0).table();
        String relatedCol = p.related().isEmpty() ? "" : p.related().get(0).column();
        boolean truncated = p.unit() != null || p.related().stream().anyMatch(r -> r.unit() != null);
        return "MTMVPartitionInfo{partitionType=" + (truncated ? "EXPR" : "FOLLOW_BASE_TABLE") + ", relatedTable="
                + related + ", relatedCol='" + relatedCol + "', partitionCol='" + p.mvColumn() + "'}";
    }

    /** INIT until the first successful refresh; SCHEMA_CHANGE while a base table no longer matches the definition. */
    public static String state(Catalog catalog, MvMeta mv) {
        if (!schemaChangeDetail(catalog, mv).isEmpty()) {
            return "SCHEMA_CHANGE";
        }
        return mv.lastSuccessTime() == 0 ? "INIT" : "NORMAL";
    }

    /**
     * Why the MV is in SCHEMA_CHANGE, or empty. Added columns do not matter; dropped, renamed or retyped ones do,
     * and so does a base MV in SCHEMA_CHANGE.
     */
    public static String schemaChangeDetail(Catalog catalog, MvMeta mv) {
        List<String> reasons = new ArrayList<>();
        if (mv.ivm() != null && mv.ivm().invalidated() != null) {
            reasons.add(mv.ivm().invalidated());
        }
        for (MvMeta.BaseTable b : mv.baseTables()) {
            TableMeta now = catalog.table(b.database(), b.name());
            if (now == null || now.id() != b.id()) {
                TableMeta moved = catalog.tableById(b.database(), b.id());
                reasons.add(moved != null ? "base table " + b.name() + " was renamed to " + moved.name()
                        : now != null ? "base table " + b.name() + " was replaced" : "base table " + b.name() + " was dropped");
                continue;
            }
            MvMeta below = catalog.mv(b.database(), b.name());
            if (below != null && !schemaChangeDetail(catalog, below).isEmpty()) {
                // As in Doris, a schema change below an MV reaches every MV above it.
                reasons.add("base materialized view " + b.name() + " is in SCHEMA_CHANGE");
            }
            for (Map.Entry<String, String> c : b.columnTypes().entrySet()) {
                ColumnMeta col = now.column(c.getKey());
                if (col == null) {
                    reasons.add("column " + c.getKey() + " of " + b.name() + " was dropped or renamed");
                } else if (c.getValue().equals(BaseSchemaChanges.CHANGED)) {
                    reasons.add("column " + c.getKey() + " of " + b.name() + " was dropped, modified or renamed since the last refresh");
                } else if (!col.type().toSql().equals(c.getValue())) {
                    reasons.add("column " + c.getKey() + " of " + b.name() + " changed type from " + c.getValue() + " to "
                            + col.type().toSql());
                }
            }
        }
        return String.join("; ", reasons);
    }

    /** StarRocks IS_ACTIVE: false when set INACTIVE or when a base table is gone. */
    public static boolean active(Catalog catalog, MvMeta mv) {
        return mv.active() && inactiveReason(catalog, mv).isEmpty();
    }

    public static String inactiveReason(Catalog catalog, MvMeta mv) {
        if (!mv.active()) {
            return mv.inactiveReason();
        }
        for (MvMeta.BaseTable b : mv.baseTables()) {
            TableMeta t = catalog.tableById(b.database(), b.id());
            if (t == null) {
                return "base-table dropped: " + b.name();
            }
            if (!t.name().equals(b.name())) {
                return "base-table renamed: " + b.name();
            }
        }
        return "";
    }

    /** Whether every partition of the MV was built from the current versions of its base partitions (SyncWithBaseTables). */
    public static boolean inSync(Catalog catalog, MvMeta mv) {
        TableMeta t = catalog.table(mv.database(), mv.name());
        if (t == null) {
            return false;
        }
        for (io.cairndb.catalog.PartitionMeta p : t.partitioning().partitions()) {
            if (!partitionInSync(catalog, mv, p.name())) {
                return false;
            }
        }
        return true;
    }

    /** Whether an MV partition was built from the current versions of its base partitions. */
    public static boolean partitionInSync(Catalog catalog, MvMeta mv, String partition) {
        return unsyncTables(catalog, mv, partition).isEmpty() && mv.partitionSources().containsKey(partition);
    }

    /** Base tables whose partitions changed since the MV partition was built (all of them when it never was). */
    public static List<String> unsyncTables(Catalog catalog, MvMeta mv, String partition) {
        Map<String, Long> built = mv.partitionSources().get(partition);
        Set<String> out = new LinkedHashSet<>();
        for (MvMeta.BaseTable b : mv.baseTables()) {
            TableMeta t = catalog.tableById(b.database(), b.id());
            if (t == null) {
                out.add(b.name());
                continue;
            }
            if (built == null) {
                out.add(t.name());
                continue;
            }
            boolean tracked = mv.partitionInfo() != null
                    && mv.partitionInfo().related().stream().anyMatch(r -> r.tableId() == t.id());
            if (!tracked && MvProperties.excludesTrigger(mv, t)) {
                continue;
            }
            String prefix = t.id() + "/";
            for (PartitionMeta p : t.partitioning().partitions()) {
                Long v = built.get(prefix + p.id());
                if (v == null ? !tracked : v != p.visibleVersion()) {
                    out.add(t.name());
                }
            }
            for (String key : built.keySet()) {
                if (key.startsWith(prefix) && t.partitioning().partitions().stream().noneMatch(p -> key.equals(prefix + p.id()))) {
                    out.add(t.name());
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** SHOW CREATE MATERIALIZED VIEW: the definition as it would be written now. */
    public static String createStatement(MvMeta mv, TableMeta t, ZoneId zone) {
        StringBuilder sb = new StringBuilder("CREATE MATERIALIZED VIEW `").append(mv.name()).append("` (\n");
        List<String> cols = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            cols.add("  `" + c.name() + "` " + c.type().toSql() + (c.comment().isEmpty() ? "" : " COMMENT '" + c.comment() + "'"));
        }
        sb.append(String.join(",\n", cols)).append("\n)\n");
        sb.append(refreshInfo(mv, zone)).append('\n');
        sb.append("DUPLICATE KEY(").append(String.join(", ", t.keyColumns().stream().map(c -> "`" + c.name() + "`").toList()))
                .append(")\n");
        if (!t.comment().isEmpty()) {
            sb.append("COMMENT '").append(t.comment()).append("'\n");
        }
        MvMeta.PartitionInfo p = mv.partitionInfo();
        if (p != null) {
            sb.append("PARTITION BY (").append(p.unit() == null ? "`" + p.mvColumn() + "`"
                    : "date_trunc(`" + p.mvColumn() + "`, '" + p.unit() + "')").append(")\n");
        }
        sb.append(t.distribution().toSql()).append('\n');
        if (!mv.properties().isEmpty()) {
            List<String> props = new ArrayList<>();
            mv.properties().forEach((k, v) -> props.add("\"" + k + "\" = \"" + v + "\""));
            sb.append("PROPERTIES (\n").append(String.join(",\n", props)).append("\n)\n");
        }
        return sb.append("AS ").append(mv.querySql()).toString();
    }
}
