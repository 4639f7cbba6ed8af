package io.cairndb.mv;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CommittedOffsetsTest {
    @Test
    void keepsACopyOfEachStreamsOffsetsUntilItsMvIsForgotten() {
        CommittedOffsets known = new CommittedOffsets();
        Map<Long, Long> written = new HashMap<>(Map.of(1L, 100L, 2L, 90L));
        known.committed(7, 70, written);
        known.committed(8, 80, Map.of(1L, 5L));
        written.put(1L, 999L);
        assertEquals(Map.of(1L, 100L, 2L, 90L), known.get(7, 70));
        assertNull(known.get(7, 71));
        known.forget(7);
        assertNull(known.get(7, 70));
        assertEquals(Map.of(1L, 5L), known.get(8, 80));
    }
}
