package io.cairndb.mv;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The offsets of IVM internal streams as their MVs' last committed refreshes left them (by MV id, then
 * stream id: offsets by partition id), so that a refresh need not read them back. Only an MV's own
 * refresh moves its internal streams' offsets, under the MV's lock, and it publishes them here after
 * its commit, before the lock goes: the next refresh finds what the table holds. A stream not known
 * here (after a restart, or created since) is read from the table. An entry can only fall behind the
 * table, never run ahead of it, and a reader that finds an older offset merely scans from further back.
 */
final class CommittedOffsets {
    private final Map<Long, Map<Long, Map<Long, Long>>> byMv = new ConcurrentHashMap<>();

    /** The stream's offsets, or null when not known. */
    Map<Long, Long> get(long mvId, long streamId) {
        Map<Long, Map<Long, Long>> streams = byMv.get(mvId);
        return streams == null ? null : streams.get(streamId);
    }

    void committed(long mvId, long streamId, Map<Long, Long> offsets) {
        byMv.computeIfAbsent(mvId, k -> new ConcurrentHashMap<>()).put(streamId, Map.copyOf(offsets));
    }

    /** Forgets a dropped MV's streams. */
    void forget(long mvId) {
        byMv.remove(mvId);
    }
}
