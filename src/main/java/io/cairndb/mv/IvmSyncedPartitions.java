package io.cairndb.mv;

import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.StreamOffsets;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which MV partitions an incremental refresh leaves holding its snapshot's rows, and so may record as
 * built from the base partition versions read for it. Those versions were read before the snapshot
 * began, so they are never newer than the rows: a refresh that applies every unconsumed change (or
 * finds none) brings every partition to its snapshot, even one whose versions moved since the last
 * refresh recorded them (a commit it read but whose versions were not yet published). A partition is
 * left behind when changes that feed it are consumed without being applied (outside an
 * ivm_partition_window_limit): it is marked so until it is rebuilt, as it never holds its bases' rows.
 *
 * @param current the partitions at the refresh's snapshot
 * @param behind  the partitions whose changes were skipped, now or before, and not rebuilt
 */
record IvmSyncedPartitions(List<String> current, List<String> behind) {
    /** The version recorded for the base partitions of a partition left behind: never a partition's version. */
    static final long SKIPPED = -1;

    IvmSyncedPartitions {
        current = List.copyOf(current);
        behind = List.copyOf(behind);
    }

    static IvmSyncedPartitions all(IvmRefresher.Partitions partitions) {
        return new IvmSyncedPartitions(partitions.names(), List.of());
    }

    /** After a refresh with {@code result} of what {@code survey} found. */
    static IvmSyncedPartitions after(Connection c, MvMeta mv, IvmRefresher.Survey survey, IvmRefresher.Partitions partitions,
                                     IvmRefresher.Result result) {
        if (result.refreshMode().equals("COMPLETE")) {
            return all(partitions);
        }
        if (!survey.missing().isEmpty()) {
            // The changes of a missing stream are unknown: only what was rebuilt is known to be current.
            return new IvmSyncedPartitions(result.rebuilt(), List.of());
        }
        Set<String> behind = new LinkedHashSet<>();
        for (String name : partitions.names()) {
            if (skipped(mv.partitionSources().get(name))) {
                behind.add(name);
            }
        }
        if (result.delta()) {
            for (IvmRefresher.Stream s : survey.streams()) {
                List<String> window = survey.window().get(s.table().id());
                if (window == null || s.pending() == null || !s.pending().changes()) {
                    continue;
                }
                Set<Long> outside = outsideWindow(c, s.stream(), s.table(), s.pending(), window);
                if (!outside.isEmpty()) {
                    behind.addAll(fedBy(mv, partitions, s.table().id(), outside));
                }
            }
        }
        behind.removeAll(result.rebuilt());
        List<String> current = new ArrayList<>(partitions.names());
        current.removeAll(behind);
        return new IvmSyncedPartitions(current, List.copyOf(behind));
    }

    /**
     * The partitions a refresh that rebuilds partitions instead of applying changes must rebuild besides
     * {@code stale}: those fed by a base partition with an unconsumed change, since the streams move
     * past it (its versions may not have been published when they were read).
     */
    static List<String> withPendingChanges(Connection c, MvMeta mv, IvmRefresher.Survey survey, IvmRefresher.Partitions partitions,
                                           List<String> stale) {
        Set<String> out = new LinkedHashSet<>(stale);
        for (IvmRefresher.Stream s : survey.streams()) {
            if (s.pending() != null && s.pending().changes()) {
                out.addAll(fedBy(mv, partitions, s.table().id(), StreamOffsets.changedPartitions(c, s.stream(), s.table(), s.pending())));
            }
        }
        return partitions.names().stream().filter(out::contains).toList();
    }

    /** The partitions (by id) of {@code t} with unconsumed changes that are not among the {@code window}'s names. */
    static Set<Long> outsideWindow(Connection c, StreamMeta stream, TableMeta t, StreamOffsets.Pending pending, List<String> window) {
        Map<Long, String> names = new HashMap<>();
        t.partitioning().partitions().forEach(p -> names.put(p.id(), p.name()));
        Set<Long> out = StreamOffsets.changedPartitions(c, stream, t, pending);
        out.removeIf(id -> window.contains(names.get(id)));
        return out;
    }

    /** The sources to record for a partition left behind: any version that was recorded, marked skipped. */
    static Map<String, Long> skippedSources(Map<String, Long> sources) {
        Map<String, Long> out = new HashMap<>();
        sources.keySet().forEach(k -> out.put(k, SKIPPED));
        return out;
    }

    private static boolean skipped(Map<String, Long> sources) {
        return sources != null && sources.containsValue(SKIPPED);
    }

    /** The MV partitions fed by these partitions of a base table: all of them unless the MV follows its partitions. */
    private static List<String> fedBy(MvMeta mv, IvmRefresher.Partitions partitions, long tableId, Set<Long> partitionIds) {
        if (mv.partitionInfo() == null || !partitions.tracked().contains(tableId)) {
            return partitions.names();
        }
        List<String> out = new ArrayList<>();
        for (PartitionTracker.Target t : partitions.targets()) {
            Map<String, Long> built = mv.partitionSources().getOrDefault(t.name(), Map.of());
            for (long id : partitionIds) {
                String key = PartitionTracker.key(tableId, id);
                if (t.sources().containsKey(key) || built.containsKey(key)) {
                    out.add(t.name());
                    break;
                }
            }
        }
        return out;
    }
}
