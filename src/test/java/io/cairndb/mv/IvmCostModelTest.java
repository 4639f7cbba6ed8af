package io.cairndb.mv;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IvmCostModelTest {
    @Test
    void nothingMeasuredNeverRecomputes() {
        IvmCostModel costs = new IvmCostModel();
        IvmCostModel.Estimate e = costs.estimate(1, 1_000_000);
        assertFalse(e.recompute());
        assertEquals("{\"changes\":1000000,\"incrementalMs\":null,\"recomputeMs\":null,\"choice\":\"INCREMENTAL\"}",
                e.json("INCREMENTAL"));
        costs.fullBuild(1, 100);
        assertFalse(costs.estimate(1, 1_000_000).recompute(), "no incremental rate measured yet");
    }

    @Test
    void recomputesWhenTheMeasuredRateExceedsTheLastBuild() {
        IvmCostModel costs = new IvmCostModel();
        costs.fullBuild(1, 100);
        costs.incremental(1, 1_000, 10);
        assertEquals(50.0, costs.estimate(1, 5_000).incrementalMs(), 1e-9);
        assertFalse(costs.estimate(1, 5_000).recompute());
        assertTrue(costs.estimate(1, 20_000).recompute());
        assertEquals("{\"changes\":20000,\"incrementalMs\":200.0,\"recomputeMs\":100.0,\"choice\":\"COMPLETE\"}",
                costs.estimate(1, 20_000).json("COMPLETE"));
        assertFalse(costs.estimate(2, 20_000).recompute(), "measurements are per MV");
    }

    @Test
    void smallWindowsAreNeitherMeasuredNorRecomputed() {
        IvmCostModel costs = new IvmCostModel();
        costs.fullBuild(1, 1);
        costs.incremental(1, 1_000, 100);
        assertFalse(costs.estimate(1, IvmCostModel.MIN_CHANGES - 1).recompute(), "below the minimum the fixed cost dominates");
        costs.incremental(1, IvmCostModel.MIN_MEASURED - 1, 1_000_000);
        assertEquals(0.1, costs.estimate(1, 1).incrementalMs(), 1e-9, "a tiny refresh does not move the rate");
    }

    @Test
    void theRateFollowsNewMeasurementsAndForgetClearsIt() {
        IvmCostModel costs = new IvmCostModel();
        costs.incremental(1, 1_000, 10);
        costs.incremental(1, 1_000, 30);
        assertEquals(0.02, costs.estimate(1, 1).incrementalMs(), 1e-9);
        costs.forget(1);
        assertTrue(Double.isNaN(costs.estimate(1, 1).incrementalMs()));
    }
}
