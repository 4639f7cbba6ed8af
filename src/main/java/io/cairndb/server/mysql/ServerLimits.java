package io.cairndb.server.mysql;

import io.cairndb.catalog.FeConfig;

import java.time.Duration;

/**
 * What one client may take of the server: connections at once, the largest packet after login, and
 * how long it may take to log in.
 */
public record ServerLimits(int maxConnections, int maxAllowedPacket, Duration connectTimeout) {
    public static final ServerLimits DEFAULT = of(new FeConfig());

    /** Checked at startup: any of these would make the server refuse every client. */
    public ServerLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("qe_max_connection must be at least 1: " + maxConnections);
        }
        if (maxAllowedPacket < 1024) {
            throw new IllegalArgumentException("max_allowed_packet must be at least 1024 bytes: " + maxAllowedPacket);
        }
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("connect_timeout must be positive: " + connectTimeout);
        }
    }

    public static ServerLimits of(FeConfig config) {
        return new ServerLimits(Math.toIntExact(config.number("qe_max_connection")),
                Math.toIntExact(config.number("max_allowed_packet")),
                Duration.ofSeconds(config.number("connect_timeout")));
    }
}
