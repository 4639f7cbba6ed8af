package io.cairndb.changelog;

import io.cairndb.catalog.StreamMeta;

import java.util.ArrayList;
import java.util.List;

/** The streams one statement reads; an INSERT consumes them when it commits. */
public final class StreamReads {
    private final List<StreamMeta> streams = new ArrayList<>();

    public void add(StreamMeta s) {
        if (streams.stream().noneMatch(x -> x.id() == s.id())) {
            streams.add(s);
        }
    }

    public List<StreamMeta> all() {
        return List.copyOf(streams);
    }
}
