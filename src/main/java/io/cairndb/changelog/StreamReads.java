package io.cairndb.changelog;

import io.cairndb.catalog.StreamMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The streams one statement reads; an INSERT consumes them when it commits, which it may do only for
 * streams it locked before reading (claimed).
 */
public final class StreamReads {
    private final List<StreamMeta> streams = new ArrayList<>();
    private final Set<String> claimed = new HashSet<>();
    /** Offsets the statement has read already, by stream id: within its transaction they do not move. */
    private final java.util.Map<Long, java.util.Map<Long, Long>> offsets = new java.util.HashMap<>();

    /** Notes the offsets the statement read for stream {@code streamId}, so that it reads them once. */
    public void offsetsRead(long streamId, java.util.Map<Long, Long> read) {
        offsets.put(streamId, java.util.Map.copyOf(read));
    }

    /** The offsets the statement read for stream {@code streamId}, or null when it has not. */
    public java.util.Map<Long, Long> offsets(long streamId) {
        return offsets.get(streamId);
    }

    public void add(StreamMeta s) {
        if (streams.stream().noneMatch(x -> x.id() == s.id())) {
            streams.add(s);
        }
    }

    /** The statement holds the stream's consumer lock, taken before it read anything. */
    public void claim(String database, String stream) {
        claimed.add(key(database, stream));
    }

    /**
     * The streams to consume. Consuming a stream read without its lock could take changes another
     * consumer takes too, so that is refused rather than risked.
     */
    public List<StreamMeta> toConsume() {
        for (StreamMeta s : streams) {
            if (!claimed.contains(key(s.database(), s.name()))) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Stream " + s.name()
                        + " can not be consumed here: read it directly in the INSERT's SELECT or through a view");
            }
        }
        return List.copyOf(streams);
    }

    private static String key(String database, String stream) {
        return database + "\u0000" + stream;
    }
}
