package io.cairndb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cairndb.catalog.FeConfig;
import io.cairndb.server.mysql.MysqlServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Accounts through MySQL Connector/J (mysql_native_password, reached by the auth-switch request from
 * the client's default plugin): users created with a password log in with it and only with it, from
 * the hosts their account names; a password change takes effect at once; an account locks after its
 * FAILED_LOGIN_ATTEMPTS; a password expires after its PASSWORD_EXPIRE interval; accounts and passwords
 * survive a restart.
 */
class AccountsLoginTest {
    @TempDir
    Path dir;
    private Database db;
    private MysqlServer server;

    private void start() {
        start(new FeConfig());
    }

    private void start(FeConfig config) {
        db = Database.open(dir, config);
        server = new MysqlServer(db);
        server.start("127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
            db.close();
        }
    }

    private Connection connect(String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/?user=" + user + "&password=" + password
                + "&useSSL=false&allowPublicKeyRetrieval=true");
    }

    private void exec(String user, String password, String sql) throws SQLException {
        try (Connection c = connect(user, password); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String selectOne(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
            return String.valueOf(rs.getInt(1));
        }
    }

    private SQLException denied(String user, String password) {
        return assertThrows(SQLException.class, () -> connect(user, password).close());
    }

    @Test
    void passwordsHostsChangesAndRestart() throws Exception {
        start();
        // root and admin exist from the first start, without a password.
        connect("admin", "").close();
        exec("root", "", "CREATE USER 'jack'@'%' IDENTIFIED BY 'j4ck'");
        exec("root", "", "CREATE USER 'local'@'127.0.0.%' IDENTIFIED BY PASSWORD '*"
                + "2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'"); // PASSWORD('password')
        exec("root", "", "CREATE USER 'far'@'10.%' IDENTIFIED BY 'x'");
        try (Connection c = connect("jack", "j4ck")) {
            assertEquals("1", selectOne(c));
        }
        SQLException wrong = denied("jack", "nope");
        assertEquals(1045, wrong.getErrorCode());
        assertEquals("Access denied for user 'jack'@'127.0.0.1' (using password: YES)", wrong.getMessage());
        assertEquals("Access denied for user 'nobody'@'127.0.0.1' (using password: NO)", denied("nobody", "").getMessage());
        connect("local", "password").close();
        // An account for other hosts does not let this one in.
        assertEquals(1045, denied("far", "x").getErrorCode());

        // A user changes their own password; root changes another's.
        try (Connection c = connect("jack", "j4ck"); Statement st = c.createStatement()) {
            st.execute("SET PASSWORD = PASSWORD('n3w')");
        }
        assertEquals(1045, denied("jack", "j4ck").getErrorCode());
        connect("jack", "n3w").close();
        exec("root", "", "SET PASSWORD FOR 'local'@'127.0.0.%' = PASSWORD('other')");
        connect("local", "other").close();

        // Locked after two failures in a row, with the right password too, until the password is reset.
        exec("root", "", "ALTER USER 'jack'@'%' FAILED_LOGIN_ATTEMPTS 2 PASSWORD_LOCK_TIME UNBOUNDED");
        denied("jack", "bad1");
        denied("jack", "bad2");
        SQLException locked = denied("jack", "n3w");
        assertTrue(locked.getMessage().contains("Account is blocked"), locked.getMessage());
        exec("root", "", "ALTER USER 'jack'@'%' IDENTIFIED BY 'reset'");
        connect("jack", "reset").close();

        // A password past its lifetime lets no one in until it is set again.
        exec("root", "", "ALTER USER 'local'@'127.0.0.%' PASSWORD_EXPIRE INTERVAL 1 SECOND");
        Thread.sleep(1_100);
        SQLException expired = denied("local", "other");
        assertEquals("Your password has expired. To log in you must change it using a client that supports expired passwords.",
                expired.getMessage());
        assertEquals(1862, expired.getErrorCode());
        exec("root", "", "SET PASSWORD FOR 'local'@'127.0.0.%' = PASSWORD('other')");
        connect("local", "other").close();
        exec("root", "", "ALTER USER 'local'@'127.0.0.%' PASSWORD_EXPIRE NEVER");

        exec("root", "", "DROP USER 'far'@'10.%'");
        exec("root", "", "SET PASSWORD FOR 'root' = PASSWORD('r00t')");
        assertEquals(1045, denied("root", "").getErrorCode());

        stop();
        start();
        connect("root", "r00t").close();
        connect("jack", "reset").close();
        connect("local", "other").close();
        exec("root", "r00t", "CREATE USER 'far'@'10.%'");
    }

    @Test
    void initialRootPasswordAppliesToANewDataDirectoryAndIsNotShown() throws Exception {
        FeConfig config = new FeConfig();
        config.setAtStartup(FeConfig.INITIAL_ROOT_PASSWORD, "s3cret");
        start(config);
        assertEquals(1045, denied("root", "").getErrorCode());
        try (Connection c = connect("root", "s3cret"); Statement st = c.createStatement()) {
            st.execute("ADMIN SHOW FRONTEND CONFIG LIKE 'initial_root_password'");
            try (ResultSet rs = st.getResultSet()) {
                rs.next();
                assertEquals("******", rs.getString(2));
            }
        }
        connect("admin", "").close();
        stop();
        // Only a new data directory takes it: root keeps the password it has.
        FeConfig other = new FeConfig();
        other.setAtStartup(FeConfig.INITIAL_ROOT_PASSWORD, "ignored-now");
        start(other);
        connect("root", "s3cret").close();
    }

    /** The mariadb command-line client logs in with a password too (.ci/run installs it). */
    @Test
    void theMariadbClientLogsInWithAPassword() throws Exception {
        start();
        exec("root", "", "CREATE USER 'cli'@'%' IDENTIFIED BY 'cl1-pw'");
        ProcessResult ok = mariadb("cli", "cl1-pw", "SELECT 40 + 2");
        assertEquals(0, ok.exit(), ok.output());
        assertTrue(ok.output().contains("42"), ok.output());
        ProcessResult bad = mariadb("cli", "wrong", "SELECT 1");
        assertTrue(bad.exit() != 0, bad.output());
        assertTrue(bad.output().contains("Access denied for user 'cli'@'127.0.0.1' (using password: YES)"), bad.output());
    }

    private record ProcessResult(int exit, String output) {
    }

    private ProcessResult mariadb(String user, String password, String sql) throws Exception {
        Process p = new ProcessBuilder("mariadb", "-h127.0.0.1", "-P" + server.port(), "-u" + user, "-p" + password,
                "--skip-ssl", "-N", "-e", sql).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        return new ProcessResult(p.waitFor(), output);
    }
}
