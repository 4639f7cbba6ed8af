package io.cairndb;

import io.cairndb.catalog.FeConfig;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The address the MySQL listener binds: {@code --bind}, else the first local address inside Doris's
 * {@code priority_networks} (a {@code ;}-separated CIDR list), else {@code bind_address}, which is
 * loopback unless the operator opens it up: root has no password.
 */
final class ListenAddress {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private ListenAddress() {
    }

    static String choose(String bindFlag, FeConfig config, Supplier<List<InetAddress>> localAddresses) {
        if (bindFlag != null) {
            return bindFlag;
        }
        String networks = config.get("priority_networks").strip();
        if (networks.isEmpty()) {
            return config.get("bind_address").strip();
        }
        List<Network> parsed = new ArrayList<>();
        for (String cidr : networks.split(";")) {
            if (!cidr.isBlank()) {
                parsed.add(Network.parse(cidr.strip()));
            }
        }
        List<InetAddress> local = localAddresses.get();
        for (InetAddress address : local) {
            if (parsed.stream().anyMatch(n -> n.contains(address))) {
                return address.getHostAddress();
            }
        }
        throw new StartupFailure("no local address is inside priority_networks " + networks + " (local addresses: "
                + String.join(", ", local.stream().map(InetAddress::getHostAddress).toList()) + ")");
    }

    /** The addresses of the interfaces that are up, in the system's order. */
    static List<InetAddress> interfaceAddresses() {
        List<InetAddress> out = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (nic.isUp()) {
                    out.addAll(Collections.list(nic.getInetAddresses()));
                }
            }
        } catch (SocketException e) {
            throw new StartupFailure("cannot list the network interfaces for priority_networks: " + e.getMessage(), e);
        }
        return out;
    }

    /** Whether only this machine can reach a listener on {@code host}. */
    static boolean loopbackOnly(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new StartupFailure("cannot resolve the listen address " + host, e);
        }
    }

    /** A CIDR network such as {@code 10.1.0.0/16}; a bare address is a network of one. */
    private record Network(byte[] prefix, int bits) {
        static Network parse(String cidr) {
            int slash = cidr.indexOf('/');
            String address = slash < 0 ? cidr : cidr.substring(0, slash);
            byte[] bytes = literal(address, cidr);
            int bits = bytes.length * 8;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(cidr.substring(slash + 1));
                } catch (NumberFormatException e) {
                    throw notANetwork(cidr);
                }
                if (bits < 0 || bits > bytes.length * 8) {
                    throw notANetwork(cidr);
                }
            }
            return new Network(bytes, bits);
        }

        /** Only IP literals: InetAddress would look anything else up in DNS. */
        private static byte[] literal(String address, String cidr) {
            if (IPV4.matcher(address).matches()) {
                String[] octets = address.split("\\.");
                byte[] bytes = new byte[4];
                for (int i = 0; i < 4; i++) {
                    int octet = Integer.parseInt(octets[i]);
                    if (octet > 255) {
                        throw notANetwork(cidr);
                    }
                    bytes[i] = (byte) octet;
                }
                return bytes;
            }
            if (!address.contains(":")) {
                throw notANetwork(cidr);
            }
            try {
                // With a colon it is taken as an IPv6 literal, never a name to look up.
                return InetAddress.getByName(address).getAddress();
            } catch (UnknownHostException e) {
                throw notANetwork(cidr);
            }
        }

        private static StartupFailure notANetwork(String cidr) {
            return new StartupFailure("priority_networks: '" + cidr + "' is not a CIDR network such as 10.1.0.0/16");
        }

        boolean contains(InetAddress address) {
            byte[] other = address.getAddress();
            if (other.length != prefix.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((other[bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
