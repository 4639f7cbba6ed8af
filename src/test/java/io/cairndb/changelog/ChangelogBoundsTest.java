package io.cairndb.changelog;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangelogBoundsTest {
    @Test
    void boundsOnlyRise() {
        ChangelogBounds b = new ChangelogBounds();
        assertFalse(b.mayHaveMarkerAfter(1, 0));
        b.marked(1, 50);
        b.marked(1, 40);
        assertTrue(b.mayHaveMarkerAfter(1, 49));
        assertFalse(b.mayHaveMarkerAfter(1, 50));
        assertFalse(b.mayHaveMarkerAfter(2, 0));
    }

    @Test
    void anUnknownHistoryMayStartAnywhere() {
        ChangelogBounds b = new ChangelogBounds();
        assertTrue(b.mayStartAfter(1, 1_000));
        b.retained(1, 100);
        // Changes after TSO 99 are all kept when the history starts at 100.
        assertFalse(b.mayStartAfter(1, 99));
        assertTrue(b.mayStartAfter(1, 98));
        b.retained(1, 10);
        assertTrue(b.mayStartAfter(1, 98));
    }
}
