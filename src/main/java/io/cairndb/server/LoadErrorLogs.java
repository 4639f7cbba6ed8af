package io.cairndb.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rows a load rejected, one file per load under {@code <data-dir>/load-staging/error_log}, which a
 * Stream Load's ErrorURL ({@code /api/_load_error_log?file=..}) serves. A file's name holds a random
 * part, so that only who got the URL finds it; files are kept three days, as Doris keeps its logs.
 */
public final class LoadErrorLogs {
    private static final Pattern NAME = Pattern.compile("error_log_\\d+_[0-9a-f]{32}");
    private static final long KEEP_MILLIS = 3L * 24 * 3600 * 1000;

    private LoadErrorLogs() {
    }

    /** Writes the rejected rows of load {@code txnId}; returns the file's name for the ErrorURL. */
    static String write(Database db, long txnId, List<String> rejected) {
        Path dir = directory(db);
        String name = "error_log_" + txnId + "_" + UUID.randomUUID().toString().replace("-", "");
        try {
            Files.createDirectories(dir);
            removeExpired(dir);
            Files.write(dir.resolve(name), rejected, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the load's error log " + name, e);
        }
        return name;
    }

    /** The error log named {@code name}, or null when there is no such log (or the name is not one). */
    public static String read(Database db, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return null;
        }
        Path file = directory(db).resolve(name);
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the load's error log " + name, e);
        }
    }

    private static Path directory(Database db) {
        return db.stagingDirectory().resolve("error_log");
    }

    private static void removeExpired(Path dir) throws IOException {
        long oldest = System.currentTimeMillis() - KEEP_MILLIS;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (NAME.matcher(f.getFileName().toString()).matches() && Files.getLastModifiedTime(f).toMillis() < oldest) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }
}
