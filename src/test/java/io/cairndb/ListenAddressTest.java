package io.cairndb;

import io.cairndb.catalog.FeConfig;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Which address the listener binds: loopback unless the command line or the configuration says otherwise. */
class ListenAddressTest {
    private static final Supplier<List<InetAddress>> NOT_ASKED = () -> fail("interfaces listed without priority_networks");

    @Test
    void loopbackByDefault() {
        assertEquals("127.0.0.1", ListenAddress.choose(null, new FeConfig(), NOT_ASKED));
    }

    @Test
    void bindAddressFromTheFileAndTheFlagOverIt() {
        FeConfig config = config("bind_address", "0.0.0.0");
        assertEquals("0.0.0.0", ListenAddress.choose(null, config, NOT_ASKED));
        assertEquals("10.0.0.5", ListenAddress.choose("10.0.0.5", config, NOT_ASKED));
        config.setAtStartup("priority_networks", "10.1.0.0/16");
        assertEquals("10.0.0.5", ListenAddress.choose("10.0.0.5", config, NOT_ASKED));
    }

    @Test
    void priorityNetworksPicksTheFirstLocalAddressInside() {
        FeConfig config = config("priority_networks", "192.168.0.0/16; 10.1.0.0/16");
        List<InetAddress> local = addresses("127.0.0.1", "172.17.0.2", "10.1.3.4", "192.168.1.9");
        assertEquals("10.1.3.4", ListenAddress.choose(null, config, () -> local));
        config.setAtStartup("priority_networks", "172.17.0.2");
        assertEquals("172.17.0.2", ListenAddress.choose(null, config, () -> local));
        config.setAtStartup("priority_networks", "fd00::/8");
        assertEquals("fd00:0:0:0:0:0:0:7", ListenAddress.choose(null, config, () -> addresses("10.1.3.4", "fd00::7")));
    }

    @Test
    void priorityNetworksOverBindAddress() {
        FeConfig config = config("priority_networks", "10.1.0.0/16");
        config.setAtStartup("bind_address", "0.0.0.0");
        assertEquals("10.1.3.4", ListenAddress.choose(null, config, () -> addresses("10.1.3.4")));
    }

    @Test
    void noLocalAddressInsideFails() {
        StartupFailure e = assertThrows(StartupFailure.class, () -> ListenAddress.choose(null,
                config("priority_networks", "10.1.0.0/16"), () -> addresses("127.0.0.1", "10.2.0.1")));
        assertEquals("no local address is inside priority_networks 10.1.0.0/16 (local addresses: 127.0.0.1, 10.2.0.1)",
                e.getMessage());
    }

    @Test
    void badNetworksFail() {
        for (String bad : List.of("10.1.0.0/33", "10.1.0/16", "300.1.0.0/16", "example.com/8", "10.1.0.0/x", "fd00::/129")) {
            StartupFailure e = assertThrows(StartupFailure.class, () -> ListenAddress.choose(null,
                    config("priority_networks", bad), () -> addresses("10.1.0.1")), bad);
            assertEquals("priority_networks: '" + bad + "' is not a CIDR network such as 10.1.0.0/16", e.getMessage());
        }
    }

    @Test
    void loopbackOnly() {
        assertTrue(ListenAddress.loopbackOnly("127.0.0.1"));
        assertTrue(ListenAddress.loopbackOnly("::1"));
        assertFalse(ListenAddress.loopbackOnly("0.0.0.0"));
        assertFalse(ListenAddress.loopbackOnly("10.1.3.4"));
    }

    private static FeConfig config(String key, String value) {
        FeConfig config = new FeConfig();
        config.setAtStartup(key, value);
        return config;
    }

    private static List<InetAddress> addresses(String... literals) {
        return java.util.Arrays.stream(literals).map(a -> {
            try {
                return InetAddress.getByName(a);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(a, e);
            }
        }).toList();
    }
}
