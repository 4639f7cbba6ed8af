package io.cairndb;

import io.cairndb.catalog.FeConfig;
import io.cairndb.server.Database;
import io.cairndb.server.http.HttpServer;
import io.cairndb.server.mysql.MysqlServer;
import io.cairndb.server.mysql.ServerLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Starts CairnDB: {@code java -jar cairndb.jar [--port N] [--bind ADDRESS] [--data-dir DIR] [--conf FILE]}. */
public final class Main {
    /** What the stop may take beyond the statements' grace: closing connections, MV tasks and the database. */
    private static final Duration STOP_MARGIN = Duration.ofSeconds(30);

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        CommandLine options;
        try {
            options = CommandLine.parse(args);
        } catch (UsageException e) {
            System.err.println("cairndb: " + e.getMessage() + " (try --help)");
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.println(CommandLine.USAGE);
            return;
        }
        // Logback reads cairn.log.dir when the first logger is created: no logger may exist before this.
        System.setProperty("cairn.log.dir", options.dataDir().resolve("log").toAbsolutePath().toString());
        Logger log = LoggerFactory.getLogger(Main.class);
        try {
            start(options, log);
        } catch (RuntimeException e) {
            log.error("CairnDB cannot start: {}", oneLine(e));
            System.exit(1);
        }
        // Serve until SIGTERM: the shutdown hook stops the server and ends the process.
        Thread.currentThread().join();
    }

    private static void start(CommandLine options, Logger log) {
        FeConfig config = config(options.conf());
        ServerLimits limits = ServerLimits.of(config);
        String host = ListenAddress.choose(options.bind(), config, ListenAddress::interfaceAddresses);
        config.setAtStartup("user_files_secure_path", userFiles(config, options.dataDir()).toString());
        Database db = Database.open(options.dataDir(), config);
        MysqlServer server = new MysqlServer(db, limits);
        HttpServer http = new HttpServer(db);
        try {
            server.start(host, options.port());
            http.start(host, options.httpPort());
        } catch (RuntimeException e) {
            server.close();
            try {
                db.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        db.announce(new Database.Endpoints(host, server.port(), http.port()));
        Duration grace = Duration.ofSeconds(config.number("grace_shutdown_wait_seconds"));
        Runtime.getRuntime().addShutdownHook(new Thread(new OrderlyShutdown(() -> {
            http.close();
            server.close(grace);
            db.close();
        }, grace.plus(STOP_MARGIN), Runtime.getRuntime()::halt), "shutdown"));
        // Warned before the listening line, which tells watchers of the log that startup is complete.
        if (!db.accounts().hasPassword("root") && !ListenAddress.loopbackOnly(host)) {
            log.warn("Anyone who can reach {}:{} can log in as root without a password; to accept local clients only,"
                    + " start with --bind 127.0.0.1 or set bind_address = 127.0.0.1 in conf/cairn.conf", host, server.port());
        }
        log.info("CairnDB listening for MySQL clients on {}:{} and HTTP (Stream Load) on {}:{} (data in {})", host, server.port(),
                host, http.port(), options.dataDir().toAbsolutePath());
    }

    /** An explicit --conf must exist; the default file is optional. */
    private static FeConfig config(Path conf) {
        if (conf != null && !Files.exists(conf)) {
            throw new StartupFailure("cannot read " + conf + ": no such file");
        }
        return FeConfig.load(conf == null ? CommandLine.DEFAULT_CONF : conf);
    }

    /** user_files_secure_path, absolute; by default {@code <data-dir>/user_files}, created so operators find it. */
    private static Path userFiles(FeConfig config, Path dataDir) {
        String setting = config.get("user_files_secure_path").strip();
        if (!setting.isEmpty()) {
            return Path.of(setting).toAbsolutePath();
        }
        Path dir = dataDir.resolve("user_files").toAbsolutePath();
        try {
            Files.createDirectories(dir);
        } catch (AccessDeniedException e) {
            throw new StartupFailure("cannot create " + dir + ": permission denied", e);
        } catch (IOException e) {
            throw new StartupFailure("cannot create " + dir + ": " + e.getMessage(), e);
        }
        return dir;
    }

    /** The failure and its causes, on one line, for an operator rather than a developer. */
    private static String oneLine(Throwable failure) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (out.indexOf(message) < 0) {
                out.append(out.length() == 0 ? "" : ": ").append(message);
            }
        }
        return out.toString().replaceAll("\\s*\\R\\s*", " ");
    }
}
