package io.cairndb.mv;

import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How much of an MV's data is current, for rewrite: its partitions in sync with their base
 * partitions, those that are not, and, for an MV partitioned after one base table, the base
 * partitions no in-sync MV partition holds (changed since the refresh, or added after it). When only
 * that table changed, the MV's fresh partitions and the base's stale partitions together give the
 * current rows (seed 2.2.7).
 *
 * @param tracked the base table the MV's partitions follow (0 when none or several)
 */
record Freshness(List<String> freshPartitions, List<String> stalePartitions, long tracked,
                 List<String> staleBasePartitions, boolean onlyTrackedChanged) {

    static Freshness of(Catalog catalog, MvMeta mv, TableMeta table) {
        List<String> fresh = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        Set<String> changed = new HashSet<>();
        for (PartitionMeta p : table.partitioning().partitions()) {
            if (MvDescriptions.partitionInSync(catalog, mv, p.name())) {
                fresh.add(p.name());
            } else {
                stale.add(p.name());
                changed.addAll(MvDescriptions.unsyncTables(catalog, mv, p.name()));
            }
        }
        MvMeta.PartitionInfo info = mv.partitionInfo();
        TableMeta base = info == null || info.related().size() != 1 ? null
                : catalog.tableById(info.related().get(0).database(), info.related().get(0).tableId());
        if (base == null) {
            return new Freshness(fresh, stale, 0, List.of(), false);
        }
        Set<String> held = new HashSet<>();
        for (String p : fresh) {
            held.addAll(mv.partitionSources().getOrDefault(p, Map.of()).keySet());
        }
        List<String> staleBase = new ArrayList<>();
        for (PartitionMeta p : base.partitioning().partitions()) {
            if (!held.contains(base.id() + "/" + p.id())) {
                staleBase.add(p.name());
            }
        }
        changed.remove(base.name());
        return new Freshness(fresh, stale, base.id(), staleBase, changed.isEmpty());
    }

    /** Whether the MV holds exactly the bases' current rows. */
    boolean inSync() {
        return stalePartitions.isEmpty() && staleBasePartitions.isEmpty();
    }

    /** Whether the current rows are the fresh MV partitions and the stale base partitions' rows. */
    boolean unionPossible() {
        return tracked != 0 && onlyTrackedChanged && !freshPartitions.isEmpty();
    }
}
