package io.cairndb;

import java.nio.file.Path;

/**
 * The server's command-line flags. {@code conf} is null when not given (the default file is then
 * optional); {@code bind} is null unless {@code --bind} overrides the configuration.
 */
record CommandLine(int port, int httpPort, Path dataDir, Path conf, String bind, boolean help) {
    static final String USAGE = "usage: java -jar cairndb.jar [--port N] [--bind ADDRESS] [--data-dir DIR] [--conf FILE]"
            + " [--http-port N]";
    static final Path DEFAULT_CONF = Path.of("conf", "cairn.conf");

    static CommandLine parse(String[] args) {
        int port = 9030;
        int httpPort = 8030;
        Path dataDir = Path.of("cairn-data");
        Path conf = null;
        String bind = null;
        for (int i = 0; i < args.length; i += 2) {
            String flag = args[i];
            String next = i + 1 < args.length ? args[i + 1] : null;
            switch (flag) {
                case "--help", "-h" -> {
                    return new CommandLine(port, httpPort, dataDir, conf, bind, true);
                }
                case "--port" -> port = port(flag, value(flag, next));
                case "--http-port" -> httpPort = port(flag, value(flag, next));
                case "--data-dir" -> dataDir = Path.of(value(flag, next));
                case "--conf" -> conf = Path.of(value(flag, next));
                case "--bind" -> bind = value(flag, next);
                default -> throw new UsageException("unknown option " + flag);
            }
        }
        return new CommandLine(port, httpPort, dataDir, conf, bind, false);
    }

    /** A following flag is not taken for a value, so {@code --port --data-dir d} says what is missing. */
    private static String value(String flag, String next) {
        if (next == null || next.isBlank() || next.startsWith("--")) {
            throw new UsageException(flag + " needs a value");
        }
        return next;
    }

    private static int port(String flag, String value) {
        int port;
        try {
            port = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw notAPort(flag, value);
        }
        if (port < 0 || port > 65535) {
            throw notAPort(flag, value);
        }
        return port;
    }

    private static UsageException notAPort(String flag, String value) {
        return new UsageException(flag + " " + value + ": not a port number (0 to 65535)");
    }
}
