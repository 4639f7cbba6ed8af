package io.cairndb.server.mysql;

import io.cairndb.catalog.DataType;
import io.cairndb.engine.ListRowResult;
import io.cairndb.engine.ResultColumn;
import io.cairndb.engine.StatementResult;
import io.cairndb.engine.UpdateCount;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.server.SqlSession;
import io.cairndb.server.SqlSessionFactory;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for the engine: users "root" (no password) and "alice" (password "secret"), and a
 * handful of canned statements. Each statement of a multi-statement string is answered alone.
 */
final class FakeSessionFactory implements SqlSessionFactory {
    static final String BIG_STRING = "x".repeat(17 * 1024 * 1024 + 3);
    static final List<ResultColumn> TYPE_COLUMNS = List.of(
            new ResultColumn("c_bool", DataType.BOOLEAN),
            new ResultColumn("c_tiny", DataType.TINYINT),
            new ResultColumn("c_small", DataType.SMALLINT),
            new ResultColumn("c_int", DataType.INT),
            new ResultColumn("c_big", DataType.BIGINT),
            new ResultColumn("c_large", DataType.LARGEINT),
            new ResultColumn("c_float", DataType.FLOAT),
            new ResultColumn("c_double", DataType.DOUBLE),
            new ResultColumn("c_decimal", DataType.decimal(10, 2)),
            new ResultColumn("c_date", DataType.DATE),
            new ResultColumn("c_datetime", DataType.DATETIME),
            new ResultColumn("c_datetime6", DataType.datetime(6)),
            new ResultColumn("c_datetime3", DataType.datetime(3)),
            new ResultColumn("c_char", DataType.chars(5)),
            new ResultColumn("c_varchar", DataType.varchar(20)),
            new ResultColumn("c_string", DataType.STRING),
            new ResultColumn("c_json", DataType.JSON),
            new ResultColumn("c_array", DataType.array(DataType.INT)),
            new ResultColumn("c_map", DataType.map(DataType.STRING, DataType.INT)),
            new ResultColumn("c_bitmap", DataType.BITMAP),
            new ResultColumn("c_null", DataType.NULL));
    static final List<Object> TYPE_VALUES = Collections.unmodifiableList(Arrays.asList(
            true, (byte) -5, (short) 300, 70000, 9_000_000_000L,
            new BigInteger("170141183460469231731687303715884105727"), 1.5f, 2.25, new BigDecimal("12345.67"),
            LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 13, 14, 15),
            LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_456_000), LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_456_789),
            "ab", "héllo 😀", "text", "{\"a\":1}", "[1,2]", "{\"k\":1}", "<bitmap>", null));

    private static final Pattern LEADING_COMMENT = Pattern.compile("^\\s*/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern SYSTEM_VARIABLE = Pattern.compile(
            "@@(?:session\\.|global\\.)?(\\w+)(?:\\s+AS\\s+(\\w+))?", Pattern.CASE_INSENSITIVE);
    private static final Map<String, Object> VARIABLES = Map.ofEntries(
            Map.entry("auto_increment_increment", 1L),
            Map.entry("character_set_client", "utf8mb4"),
            Map.entry("character_set_connection", "utf8mb4"),
            Map.entry("character_set_results", "utf8mb4"),
            Map.entry("character_set_server", "utf8mb4"),
            Map.entry("collation_server", "utf8mb4_general_ci"),
            Map.entry("collation_connection", "utf8mb4_general_ci"),
            Map.entry("init_connect", ""),
            Map.entry("interactive_timeout", 28800L),
            Map.entry("license", "Apache License 2.0"),
            Map.entry("lower_case_table_names", 0L),
            Map.entry("max_allowed_packet", 67108864L),
            Map.entry("net_write_timeout", 60L),
            Map.entry("performance_schema", 0L),
            Map.entry("sql_mode", "ONLY_FULL_GROUP_BY"),
            Map.entry("system_time_zone", "UTC"),
            Map.entry("time_zone", "SYSTEM"),
            Map.entry("transaction_isolation", "REPEATABLE-READ"),
            Map.entry("tx_isolation", "REPEATABLE-READ"),
            Map.entry("wait_timeout", 28800L),
            Map.entry("version_comment", "CairnDB"));

    /** Every statement any session received, for tests that check what the server passed on. */
    final List<String> statements = new CopyOnWriteArrayList<>();
    final Map<Long, String> openedFrom = new ConcurrentHashMap<>();

    @Override
    public SqlSession open(long connectionId, String user, String database, String remoteAddress) {
        if ("nope".equals(database)) {
            throw new CairnException(ErrorCode.UNKNOWN_DATABASE, "Unknown database 'nope'");
        }
        openedFrom.put(connectionId, user + "@" + remoteAddress);
        return new Session(connectionId, database);
    }

    @Override
    public io.cairndb.error.CairnException refuseLogin(String user, String host, java.util.function.Predicate<byte[]> answerFits, boolean usingPassword) {
        byte[] stored = switch (user) {
            case "root" -> new byte[0];
            case "alice" -> sha1(sha1("secret".getBytes(StandardCharsets.UTF_8)));
            default -> null;
        };
        return stored != null && answerFits.test(stored) ? null
                : new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.ACCESS_DENIED, "Access denied for user '" + user
                        + "'@'" + host + "' (using password: " + (usingPassword ? "YES" : "NO") + ")");
    }

    static byte[] sha1(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(input);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private final class Session implements SqlSession {
        private final long connectionId;
        private String database;
        /** The thread inside {@link #execute}, for {@link #cancelStatement}; guarded by this. */
        private Thread executing;

        Session(long connectionId, String database) {
            this.connectionId = connectionId;
            this.database = database;
        }

        @Override
        public List<StatementResult> execute(String sql) {
            synchronized (this) {
                executing = Thread.currentThread();
            }
            try {
                List<StatementResult> results = new ArrayList<>();
                for (String statement : sql.split(";")) {
                    if (!statement.isBlank()) {
                        statements.add(statement.trim());
                        results.add(answer(statement.trim()));
                    }
                }
                return results;
            } finally {
                synchronized (this) {
                    executing = null;
                    Thread.interrupted(); // a cancel that came too late must not reach the next task
                }
            }
        }

        @Override
        public synchronized void cancelStatement() {
            if (executing != null) {
                executing.interrupt();
            }
        }

        private StatementResult answer(String statement) {
            String sql = LEADING_COMMENT.matcher(statement).replaceFirst("").trim();
            String upper = sql.toUpperCase(Locale.ROOT);
            if (upper.equals("SELECT 1")) {
                return single("1", DataType.INT, 1);
            } else if (upper.startsWith("SELECT ECHO")) {
                return single("sql", DataType.STRING, sql);
            } else if (upper.equals("SELECT TYPES")) {
                return new ListRowResult(TYPE_COLUMNS, List.of(TYPE_VALUES));
            } else if (upper.equals("SELECT NULLS")) {
                return new ListRowResult(TYPE_COLUMNS, List.of(Arrays.asList(new Object[TYPE_COLUMNS.size()])));
            } else if (upper.equals("SELECT BIG")) {
                return single("big", DataType.STRING, BIG_STRING);
            } else if (upper.equals("SELECT DATABASE()")) {
                return single("database()", DataType.STRING, database);
            } else if (upper.startsWith("SELECT ROWS ")) {
                int count = Integer.parseInt(sql.substring("SELECT ROWS ".length()).trim());
                List<List<Object>> rows = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    rows.add(List.of(i, "row number " + i));
                }
                return new ListRowResult(List.of(new ResultColumn("n", DataType.INT),
                        new ResultColumn("label", DataType.STRING)), rows);
            } else if (upper.startsWith("SLEEP ")) {
                sleep(Long.parseLong(sql.substring(6).trim()));
                return UpdateCount.NONE;
            } else if (upper.startsWith("UPDATE") || upper.startsWith("INSERT")) {
                return new UpdateCount(3, "Rows matched: 3  Changed: 3  Warnings: 0");
            } else if (upper.startsWith("SET") || upper.startsWith("USE") || upper.startsWith("COMMIT")
                    || upper.startsWith("ROLLBACK")) {
                return UpdateCount.NONE;
            } else if (upper.startsWith("SHOW WARNINGS")) {
                return new ListRowResult(List.of(new ResultColumn("Level", DataType.STRING),
                        new ResultColumn("Code", DataType.INT), new ResultColumn("Message", DataType.STRING)),
                        List.of());
            } else if (upper.startsWith("SELECT") && upper.contains("@@")) {
                return systemVariables(sql);
            } else if (upper.equals("BOOM")) {
                throw new IllegalStateException("boom");
            } else if (upper.equals("EXHAUST MEMORY")) {
                throw new OutOfMemoryError("Java heap space");
            }
            throw new CairnException(ErrorCode.PARSE_ERROR, "Syntax error near '" + sql + "'");
        }

        private StatementResult systemVariables(String sql) {
            List<ResultColumn> columns = new ArrayList<>();
            List<Object> row = new ArrayList<>();
            Matcher m = SYSTEM_VARIABLE.matcher(sql);
            while (m.find()) {
                String name = m.group(1).toLowerCase(Locale.ROOT);
                Object value = VARIABLES.getOrDefault(name, "");
                columns.add(new ResultColumn(m.group(2) != null ? m.group(2) : m.group(0),
                        value instanceof Long ? DataType.BIGINT : DataType.STRING));
                row.add(value);
            }
            return new ListRowResult(columns, List.of(row));
        }

        private StatementResult single(String name, DataType type, Object value) {
            return new ListRowResult(List.of(new ResultColumn(name, type)),
                    List.of(Collections.singletonList(value)));
        }

        private void sleep(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                throw new CairnException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
            }
        }

        @Override
        public void useDatabase(String name) {
            if ("nope".equals(name)) {
                throw new CairnException(ErrorCode.UNKNOWN_DATABASE, "Unknown database 'nope'");
            }
            database = name;
        }

        @Override
        public String currentDatabase() {
            return database;
        }

        @Override
        public List<ResultColumn> fieldList(String table) {
            if (!table.equals("t")) {
                throw new CairnException(ErrorCode.NO_SUCH_TABLE, "Table '" + table + "' doesn't exist");
            }
            return List.of(new ResultColumn("id", DataType.INT), new ResultColumn("name", DataType.varchar(10)));
        }

        @Override
        public long connectionId() {
            return connectionId;
        }

        @Override
        public void onKill(Runnable endConnection) {
            // No statement here kills another session.
        }

        @Override
        public void close() {
        }
    }
}
