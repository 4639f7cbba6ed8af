package io.cairndb;

import io.cairndb.catalog.FeConfig;
import io.cairndb.server.Database;
import io.cairndb.server.mysql.MysqlServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/** Starts CairnDB: {@code java -jar cairndb.jar [--port N] [--http-port N] [--data-dir DIR]}. */
public final class Main {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {
    }

    record Options(int port, int httpPort, Path dataDir, Path conf) {
        static Options parse(String[] args) {
            int port = 9030;
            int httpPort = 8030;
            Path dataDir = Path.of("cairn-data");
            Path conf = Path.of("conf", "cairn.conf");
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                String value = i + 1 < args.length ? args[i + 1] : null;
                switch (a) {
                    case "--port" -> port = Integer.parseInt(require(a, value));
                    case "--http-port" -> httpPort = Integer.parseInt(require(a, value));
                    case "--data-dir" -> dataDir = Path.of(require(a, value));
                    case "--conf" -> conf = Path.of(require(a, value));
                    case "--help", "-h" -> {
                        System.out.println("usage: java -jar cairndb.jar [--port N] [--http-port N] [--data-dir DIR] [--conf FILE]");
                        System.exit(0);
                    }
                    default -> throw new IllegalArgumentException("unknown option " + a + " (try --help)");
                }
                i++;
            }
            return new Options(port, httpPort, dataDir, conf);
        }

        private static String require(String option, String value) {
            if (value == null) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return value;
        }
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        System.setProperty("cairn.log.dir", o.dataDir().resolve("log").toString());
        Database db = Database.open(o.dataDir(), FeConfig.load(o.conf()));
        MysqlServer server = new MysqlServer(db);
        server.start("0.0.0.0", o.port());
        LOG.info("CairnDB listening for MySQL clients on port {} (data in {})", server.port(), o.dataDir().toAbsolutePath());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.info("CairnDB stopping");
            server.close();
            db.close();
            stopped.countDown();
        }, "shutdown"));
        stopped.await();
    }
}
