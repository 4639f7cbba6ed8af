package io.cairndb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server as operators run it: {@code Main} in a JVM of its own, stopped with SIGTERM. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class MainProcessTest {
    /** The test classes hold a logging configuration of their own; the server must use its real one. */
    private static final String CLASSPATH = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !entry.endsWith("test-classes"))
            .collect(Collectors.joining(File.pathSeparator));
    private static final Pattern LISTENING = Pattern.compile("listening for MySQL clients on (\\S+):(\\d+)");

    @TempDir
    Path tmp;

    private int started;

    @Test
    void logsUnderTheDataDirListensOnLoopbackAndStopsOnSigterm() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Path data = tmp.resolve("data");
        Server server = start(cwd, "--port", "0", "--data-dir", data.toString());
        Path log = data.resolve("log").resolve("cairn.log");
        Matcher listening = server.await(log, LISTENING);
        assertEquals("127.0.0.1", listening.group(1));
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(listening.group(2)))) {
            assertTrue(client.isConnected());
        }
        assertFalse(Files.exists(cwd.resolve("cairn-data")), "nothing is written outside the data dir");
        assertTrue(Files.isDirectory(data.resolve("user_files")), "local()'s directory is created");
        assertFalse(Files.readString(log).contains("WARN"), Files.readString(log));

        server.process.destroy();
        assertTrue(server.process.waitFor(60, TimeUnit.SECONDS), "SIGTERM stops the server");
        assertEquals(0, server.process.exitValue());
        assertTrue(Files.readString(log).contains("CairnDB stopped"), Files.readString(log));
    }

    @Test
    void listeningBeyondLoopbackWarnsOnceThatRootHasNoPassword() throws Exception {
        Path data = tmp.resolve("data");
        Server server = start(tmp, "--bind", "0.0.0.0", "--port", "0", "--data-dir", data.toString());
        Path log = data.resolve("log").resolve("cairn.log");
        Matcher listening = server.await(log, LISTENING);
        assertEquals("0.0.0.0", listening.group(1));
        List<String> warnings = Files.readAllLines(log).stream().filter(l -> l.contains(" WARN ")).toList();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("Anyone who can reach 0.0.0.0:" + listening.group(2)
                + " can log in as root without a password; to accept local clients only, start with --bind 127.0.0.1"),
                warnings.get(0));
        server.process.destroy();
        assertTrue(server.process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, server.process.exitValue());
    }

    static Stream<Arguments> usageErrors() {
        return Stream.of(
                Arguments.of(List.of("--port", "abc"), "cairndb: --port abc: not a port number (0 to 65535) (try --help)"),
                Arguments.of(List.of("--port"), "cairndb: --port needs a value (try --help)"),
                Arguments.of(List.of("--bind"), "cairndb: --bind needs a value (try --help)"),
                Arguments.of(List.of("--verbose"), "cairndb: unknown option --verbose (try --help)"));
    }

    @ParameterizedTest
    @MethodSource("usageErrors")
    void usageErrorsPrintOneLineAndExitWithTwo(List<String> args, String message) throws Exception {
        Server server = start(tmp, args.toArray(String[]::new));
        assertEquals(List.of(message), server.failure(2));
    }

    @Test
    void portInUseFailsWithOneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertStartupFailure(List.of("--port", String.valueOf(taken.getLocalPort())),
                    "Cannot listen for MySQL clients on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use");
        }
    }

    @Test
    void badConfigurationFailsWithOneLine() throws Exception {
        Path garbled = Files.writeString(tmp.resolve("garbled.conf"), "bind_address = 127.0.0.1\nthis is not a setting\n");
        assertStartupFailure(List.of("--conf", garbled.toString()), "bad line in " + garbled + ": this is not a setting");
        Path binary = Files.write(tmp.resolve("binary.conf"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertStartupFailure(List.of("--conf", binary.toString()), "cannot read " + binary + ": not a UTF-8 text file");
        Path directory = Files.createDirectories(tmp.resolve("conf.d"));
        assertStartupFailure(List.of("--conf", directory.toString()), "cannot read " + directory + ": ");
        assertStartupFailure(List.of("--conf", tmp.resolve("missing.conf").toString()),
                "cannot read " + tmp.resolve("missing.conf") + ": no such file");
        Path notANumber = Files.writeString(tmp.resolve("number.conf"), "qe_max_connection = lots\n");
        assertStartupFailure(List.of("--conf", notANumber.toString()), "Config 'qe_max_connection' must be a whole number, not 'lots'");
    }

    @Test
    void priorityNetworksWithoutALocalAddressOrMalformedFailWithOneLine() throws Exception {
        String network = networkWithoutLocalAddresses();
        Path unmatched = Files.writeString(tmp.resolve("unmatched.conf"), "priority_networks = " + network + "\n");
        assertStartupFailure(List.of("--conf", unmatched.toString()), "no local address is inside priority_networks " + network);
        Path malformed = Files.writeString(tmp.resolve("malformed.conf"), "priority_networks = 10.1.0.0/40\n");
        assertStartupFailure(List.of("--conf", malformed.toString()),
                "priority_networks: '10.1.0.0/40' is not a CIDR network such as 10.1.0.0/16");
    }

    /** One of the networks reserved for documentation, which this machine (a test container, say) may still use. */
    private static String networkWithoutLocalAddresses() {
        List<String> local = ListenAddress.interfaceAddresses().stream().map(InetAddress::getHostAddress).toList();
        return Stream.of("192.0.2.", "198.51.100.", "203.0.113.")
                .filter(prefix -> local.stream().noneMatch(a -> a.startsWith(prefix)))
                .findFirst().map(prefix -> prefix + "0/24").orElseThrow();
    }

    private void assertStartupFailure(List<String> args, String message) throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--data-dir", tmp.resolve("data").toString()));
        if (!args.contains("--port")) {
            // Should it start after all, it takes no fixed port from anyone.
            all.addAll(List.of("--port", "0"));
        }
        List<String> stderr = start(tmp, all.toArray(String[]::new)).failure(1);
        assertEquals(1, stderr.size(), stderr.toString());
        assertTrue(stderr.get(0).contains(" ERROR ") && stderr.get(0).contains("CairnDB cannot start: " + message), stderr.get(0));
    }

    private Server start(Path cwd, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", CLASSPATH, Main.class.getName(), "--http-port", "0"));
        command.addAll(List.of(args));
        int n = started++;
        Path stderr = tmp.resolve("stderr-" + n);
        Process process = new ProcessBuilder(command).directory(cwd.toFile())
                .redirectOutput(tmp.resolve("stdout-" + n).toFile()).redirectError(stderr.toFile()).start();
        return new Server(process, stderr);
    }

    private record Server(Process process, Path stderr) {
        Matcher await(Path log, Pattern line) throws IOException, InterruptedException {
            long deadline = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < deadline && process.isAlive()) {
                if (Files.exists(log)) {
                    Matcher m = line.matcher(Files.readString(log));
                    if (m.find()) {
                        return m;
                    }
                }
                Thread.sleep(50);
            }
            process.destroyForcibly();
            throw new AssertionError("the server did not log " + line + "; stderr: " + Files.readString(stderr));
        }

        /** Stderr's lines once the process has failed with {@code status}, none of them a stack trace. */
        List<String> failure(int status) throws IOException, InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the server did not exit");
            }
            List<String> lines = Files.readAllLines(stderr).stream().filter(l -> !l.isBlank()).toList();
            assertEquals(status, process.exitValue(), lines.toString());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), lines.toString());
            return lines;
        }
    }
}
