package io.cairndb.analyzer;

import io.cairndb.catalog.FeConfig;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files local() may read, as in Doris: those inside {@code user_files_secure_path}. A file path
 * is relative to that directory (an absolute one must lie inside it), may not contain {@code ..}, and
 * must stay inside once symbolic links are followed; a glob is matched inside the directory only.
 * SELECT .. INTO OUTFILE and EXPORT write inside the same directory, under the same rules.
 */
public final class UserFiles {
    private final Path dir;

    private UserFiles(Path dir) {
        this.dir = dir;
    }

    static UserFiles of(FeConfig config) {
        String setting = config.get("user_files_secure_path");
        if (setting == null || setting.isBlank()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "local() needs user_files_secure_path to be set");
        }
        return new UserFiles(Path.of(setting.strip()).toAbsolutePath().normalize());
    }

    /**
     * Where SELECT .. INTO OUTFILE and EXPORT may write the files whose names begin with {@code prefix}: a
     * directory inside {@code user_files_secure_path} (created there when missing) and the start of
     * the files' names.
     */
    public static OutputPrefix outputPrefix(FeConfig config, String prefix) {
        String setting = config.get("user_files_secure_path");
        if (setting == null || setting.isBlank()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "Writing local files (INTO OUTFILE, EXPORT) needs user_files_secure_path to be set");
        }
        UserFiles files = new UserFiles(Path.of(setting.strip()).toAbsolutePath().normalize());
        if (prefix.contains("..")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "can not contain '..' in path");
        }
        Path realDir = files.realDir(prefix);
        Path relative;
        try {
            relative = files.relative(Path.of(prefix), realDir, prefix);
        } catch (InvalidPathException e) {
            throw notAllowed(prefix);
        }
        Path target = realDir.resolve(relative);
        // A prefix ending in / names a directory: the files are named after the query alone.
        Path dir = prefix.endsWith("/") ? target : target.getParent();
        String name = prefix.endsWith("/") ? "" : target.getFileName().toString();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "cannot create the directory of " + prefix + ": " + e.getMessage(), e);
        }
        return new OutputPrefix(inside(dir, realDir, prefix), name);
    }

    /** The directory of the files written and the start of their names. */
    public record OutputPrefix(Path dir, String name) {
    }

    /**
     * The real paths of the files {@code filePath} names: one file, or every file a glob matches, in
     * name order. DuckDB is given these rather than the path, so it neither globs nor follows links itself.
     */
    List<Path> resolve(String filePath) {
        if (filePath.contains("..")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "can not contain '..' in path");
        }
        Path realDir = realDir(filePath);
        Path relative;
        try {
            relative = relative(Path.of(filePath), realDir, filePath);
        } catch (InvalidPathException e) {
            throw noSuchFile(filePath);
        }
        if (isGlob(relative.toString())) {
            return glob(relative.toString(), realDir, filePath);
        }
        Path file = realDir.resolve(relative);
        if (!Files.exists(file)) {
            throw noSuchFile(filePath);
        }
        return List.of(inside(file, realDir, filePath));
    }

    private Path realDir(String filePath) {
        try {
            return dir.toRealPath();
        } catch (NoSuchFileException e) {
            throw noSuchFile(filePath);
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot read user_files_secure_path " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The path below the directory, named either as configured or as it really is. */
    private Path relative(Path path, Path realDir, String filePath) {
        Path normal = path.normalize();
        if (!normal.isAbsolute()) {
            return normal;
        }
        for (Path base : List.of(dir, realDir)) {
            if (normal.startsWith(base)) {
                return base.relativize(normal);
            }
        }
        throw notAllowed(filePath);
    }

    /** The characters that make DuckDB glob a path. */
    private static boolean isGlob(String path) {
        return path.contains("*") || path.contains("?") || path.contains("[");
    }

    private static List<Path> glob(String pattern, Path realDir, String filePath) {
        PathMatcher matcher = realDir.getFileSystem().getPathMatcher("glob:" + pattern);
        int depth = pattern.contains("**") ? Integer.MAX_VALUE : Path.of(pattern).getNameCount();
        List<Path> matches;
        try (Stream<Path> walk = Files.walk(realDir, depth)) {
            matches = walk.filter(p -> matcher.matches(realDir.relativize(p))).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot list the files matching " + filePath + ": " + e.getMessage(), e);
        }
        List<Path> files = new ArrayList<>();
        for (Path match : matches) {
            if (!Files.exists(match)) {
                continue; // a dangling link: nothing to read
            }
            Path real = inside(match, realDir, filePath);
            if (Files.isRegularFile(real)) {
                files.add(real);
            }
        }
        if (files.isEmpty()) {
            throw noSuchFile(filePath);
        }
        return files;
    }

    private static Path inside(Path file, Path realDir, String filePath) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (NoSuchFileException e) {
            throw noSuchFile(filePath);
        } catch (IOException e) {
            throw new CairnException(ErrorCode.INTERNAL, "cannot read " + filePath + ": " + e.getMessage(), e);
        }
        if (!real.startsWith(realDir)) {
            throw notAllowed(filePath);
        }
        return real;
    }

    private static CairnException noSuchFile(String filePath) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "No such file: " + filePath);
    }

    private static CairnException notAllowed(String filePath) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, "file path is not allowed: " + filePath);
    }
}
