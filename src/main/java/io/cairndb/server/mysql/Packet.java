package io.cairndb.server.mysql;

/**
 * One logical client packet: its payload reassembled from as many 16 MB frames as it took, and
 * the sequence id of its last frame (replies continue from there). {@code tooLarge} marks a
 * payload that exceeded the limit and was discarded, so the server can answer with an error.
 */
record Packet(int sequenceId, byte[] payload, boolean tooLarge) {
    static Packet of(int sequenceId, byte[] payload) {
        return new Packet(sequenceId, payload, false);
    }

    static Packet discarded(int sequenceId) {
        return new Packet(sequenceId, new byte[0], true);
    }
}
