package io.cairndb.server.mysql;

import io.cairndb.catalog.FeConfig;

import java.time.Duration;

/**
 * What one client may take of the server: connections at once, the largest packet after login, and
 * how long it may take to log in.
 */
public record ServerLimits(int maxConnections, int maxAllowedPacket, Duration connectTimeout) {
    public static final ServerLimits DEFAULT = of(new FeConfig());

    public static ServerLimits of(FeConfig config) {
        return new ServerLimits(Math.toIntExact(config.number("qe_max_connection")),
                Math.toIntExact(config.number("max_allowed_packet")),
                Duration.ofSeconds(config.number("connect_timeout")));
    }
}
