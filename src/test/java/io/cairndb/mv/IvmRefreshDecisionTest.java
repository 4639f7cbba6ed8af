package io.cairndb.mv;

import io.cairndb.catalog.MvMeta;
import io.cairndb.error.CairnException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What an IVM refresh decides from what it found: the fallback chain IVM -> PARTITIONS -> COMPLETE,
 * the partitions a bulk removal costs, and the baseline's invalidation.
 */
class IvmRefreshDecisionTest {
    private static final long BASE = 7;
    /** Two MV partitions over base partitions 71 and 72; partition 72 moved to version 3 since the last refresh. */
    private static final IvmRefresher.Partitions PARTITIONS = new IvmRefresher.Partitions(List.of(
            new PartitionTracker.Target("p1", List.of(), List.of(), List.of(), Map.of("7/71", 2L)),
            new PartitionTracker.Target("p2", List.of(), List.of(), List.of(), Map.of("7/72", 3L))), Set.of(BASE));
    private static final IvmCostModel.Estimate CHEAP = new IvmCostModel.Estimate(5_000, 1.0, 100.0);
    private static final IvmCostModel.Estimate DEAR = new IvmCostModel.Estimate(5_000, 100.0, 1.0);

    private static MvMeta mv(boolean partitioned, boolean baseline, String invalidated) {
        MvMeta.PartitionInfo info = partitioned ? new MvMeta.PartitionInfo("d", null,
                List.of(new MvMeta.RelatedColumn(BASE, "db", "t", "d", null))) : null;
        return new MvMeta(1, 2, "db", "m", "SELECT d FROM t", "db", "IMMEDIATE", "INCREMENTAL", null, info, Map.of(), List.of(),
                Map.of("p1", Map.of("7/71", 2L), "p2", Map.of("7/72", 2L)), "SUCCESS", 1, 1, "", false, true, "", 1, null,
                new MvMeta.Ivm(true, List.of(), baseline, "sig", invalidated), null);
    }

    private static IvmRefresher.Survey survey(String reason, Map<Long, Set<Long>> removed) {
        return new IvmRefresher.Survey(null, null, List.of(), List.of(), reason, removed, Map.of(BASE, List.of("db", "s")), Map.of(), null);
    }

    @Test
    void changesAreAppliedWhileTheyAreCheaper() {
        IvmRefresher.Result r = IvmRefresher.decide(mv(true, true, null), survey(null, Map.of()), PARTITIONS, "INCREMENTAL", true, CHEAP);
        assertEquals(List.of("PARTIAL", true, List.of()), List.of(r.refreshMode(), r.delta(), r.rebuilt()));
    }

    @Test
    void aDearWindowFallsBackToTheStalePartitionsThenToComplete() {
        IvmRefresher.Result partitions = IvmRefresher.decide(mv(true, true, null), survey(null, Map.of()), PARTITIONS, "AUTO", true, DEAR);
        assertEquals(List.of("PARTIAL", false, List.of("p2"), IvmCostModel.REASON),
                List.of(partitions.refreshMode(), partitions.delta(), partitions.rebuilt(), partitions.fallbackReason()));
        IvmRefresher.Result complete = IvmRefresher.decide(mv(false, true, null), survey(null, Map.of()), PARTITIONS, "INCREMENTAL",
                true, DEAR);
        assertEquals(List.of("COMPLETE", IvmCostModel.REASON), List.of(complete.refreshMode(), complete.fallbackReason()));
    }

    @Test
    void strictIncrementalIgnoresTheEstimate() {
        IvmRefresher.Result r = IvmRefresher.decide(mv(true, true, null), survey(null, Map.of()), PARTITIONS, "INCREMENTAL", false, DEAR);
        assertEquals(List.of("PARTIAL", true), List.of(r.refreshMode(), r.delta()));
        assertEquals(null, r.fallbackReason());
    }

    @Test
    void aBulkRemovalRebuildsThePartitionsThatFollowIt() {
        IvmRefresher.Result r = IvmRefresher.decide(mv(true, true, null), survey(null, Map.of(BASE, Set.of(71L))), PARTITIONS,
                "INCREMENTAL", false, CHEAP);
        assertEquals(List.of("PARTIAL", true, List.of("p1"), 1), List.of(r.refreshMode(), r.delta(), r.rebuilt(), r.rebuiltPartitions()));
        IvmRefresher.Result unpartitioned = IvmRefresher.decide(mv(false, true, null), survey(null, Map.of(BASE, Set.of(71L))),
                PARTITIONS, "INCREMENTAL", false, CHEAP);
        assertEquals(List.of("COMPLETE", 2), List.of(unpartitioned.refreshMode(), unpartitioned.rebuiltPartitions()));
    }

    @Test
    void anUnusableBaselineSkipsPartitionsAndPlainPartitionsRefuses() {
        IvmRefresher.Result r = IvmRefresher.decide(mv(true, true, null), survey("STREAM_UNSUPPORTED", Map.of()), PARTITIONS, "AUTO",
                true, CHEAP);
        assertEquals(List.of("COMPLETE", "STREAM_UNSUPPORTED"), List.of(r.refreshMode(), r.fallbackReason()));
        CairnException e = assertThrows(CairnException.class, () -> IvmRefresher.decide(mv(true, false, "widened"), survey(null, Map.of()),
                PARTITIONS, "STALE_PARTITIONS", false, CHEAP));
        assertEquals("The refresh baseline of MV m was invalidated; refresh it with COMPLETE, AUTO or PARTITIONS FALLBACK", e.getMessage());
        IvmRefresher.Result rebuilt = IvmRefresher.decide(mv(true, false, "widened"), survey(null, Map.of()), PARTITIONS,
                "STALE_PARTITIONS", true, CHEAP);
        assertEquals("COMPLETE", rebuilt.refreshMode());
        IvmRefresher.Result stale = IvmRefresher.decide(mv(true, true, null), survey(null, Map.of()), PARTITIONS, "STALE_PARTITIONS",
                false, CHEAP);
        assertEquals(List.of("PARTIAL", false, List.of("p2")), List.of(stale.refreshMode(), stale.delta(), stale.rebuilt()));
    }
}
