package io.cairndb.analyzer;

import io.cairndb.catalog.FeConfig;
import io.cairndb.error.CairnException;
import io.cairndb.server.Database;
import io.cairndb.server.SqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.cairndb.sqltest.SessionSql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** local() reads only inside user_files_secure_path, symbolic links followed. */
class LocalFilesConfinementTest {
    @TempDir
    Path tmp;

    private Path userFiles;
    private Path outside;
    private Database db;
    private SqlSession session;

    @BeforeEach
    void open() throws IOException {
        userFiles = Files.createDirectories(tmp.resolve("user_files"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(userFiles.resolve("inside.csv"), "1,in\n");
        Files.writeString(outside.resolve("secret.csv"), "2,secret\n");
        FeConfig config = new FeConfig();
        config.setAtStartup("user_files_secure_path", userFiles.toString());
        db = Database.open(null, config);
        session = db.open(1, "root", null, "test");
    }

    @AfterEach
    void close() {
        session.close();
        db.close();
    }

    @Test
    void symbolicLinkLeadingOutIsRefused() throws IOException {
        Files.createSymbolicLink(userFiles.resolve("link.csv"), outside.resolve("secret.csv"));
        assertRefused("link.csv", "file path is not allowed: link.csv");
    }

    @Test
    void directoryLinkLeadingOutIsRefused() throws IOException {
        Files.createSymbolicLink(userFiles.resolve("out"), outside);
        assertRefused("out/secret.csv", "file path is not allowed: out/secret.csv");
        assertRefused(userFiles.resolve("out/secret.csv").toString(), "file path is not allowed: ");
    }

    @Test
    void globMatchingALinkLeadingOutIsRefused() throws IOException {
        Files.createSymbolicLink(userFiles.resolve("link.csv"), outside.resolve("secret.csv"));
        assertRefused("*.csv", "file path is not allowed: *.csv");
    }

    @Test
    void linkStayingInsideIsRead() throws IOException {
        Files.createSymbolicLink(userFiles.resolve("alias.csv"), userFiles.resolve("inside.csv"));
        assertEquals(List.of("1|in"), read("alias.csv"));
    }

    @Test
    void absolutePathInsideIsRead() {
        assertEquals(List.of("1|in"), read(userFiles.resolve("inside.csv").toString()));
    }

    @Test
    void absolutePathOutsideIsRefusedWhetherOrNotItExists() {
        assertRefused(outside.resolve("secret.csv").toString(), "file path is not allowed: " + outside.resolve("secret.csv"));
        assertRefused(outside.resolve("none.csv").toString(), "file path is not allowed: " + outside.resolve("none.csv"));
    }

    @Test
    void directoryReachedThroughALinkIsTheDirectory() throws IOException {
        Path alias = Files.createSymbolicLink(tmp.resolve("alias_dir"), userFiles);
        FeConfig config = new FeConfig();
        config.setAtStartup("user_files_secure_path", alias.toString());
        try (Database linked = Database.open(null, config); SqlSession s = linked.open(1, "root", null, "test")) {
            assertEquals(List.of("1|in"), rows(s, "SELECT c1, c2 FROM local(\"file_path\" = \"inside.csv\", \"format\" = \"csv\")"));
            assertEquals(List.of("1|in"), rows(s, "SELECT c1, c2 FROM local(\"file_path\" = \"" + alias.resolve("inside.csv")
                    + "\", \"format\" = \"csv\")"));
        }
    }

    @Test
    void withoutTheSettingLocalIsRefused() {
        try (Database unset = Database.open(null); SqlSession s = unset.open(1, "root", null, "test")) {
            CairnException e = assertThrows(CairnException.class,
                    () -> rows(s, "SELECT * FROM local(\"file_path\" = \"inside.csv\", \"format\" = \"csv\")"));
            assertEquals("local() needs user_files_secure_path to be set", e.getMessage());
        }
    }

    private List<String> read(String path) {
        return rows(session, "SELECT c1, c2 FROM local(\"file_path\" = \"" + path + "\", \"format\" = \"csv\")");
    }

    private void assertRefused(String path, String message) {
        CairnException e = assertThrows(CairnException.class, () -> read(path));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }
}
