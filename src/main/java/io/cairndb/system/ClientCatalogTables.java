package io.cairndb.system;

import io.cairndb.analyzer.RangeText;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Access;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.IndexMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The information_schema tables MySQL clients and BI tools read beside tables and columns: engines,
 * character sets and collations, the process list, views, routines and triggers (none exist),
 * partitions and statistics (the key of a keyed table, as its PRIMARY index). Each lists only what
 * the user may see.
 */
final class ClientCatalogTables {
    private ClientCatalogTables() {
    }

    static String engines() {
        return SystemRows.mysqlTable(SystemRows.columns("ENGINE", DataType.STRING, "SUPPORT", DataType.STRING, "COMMENT", DataType.STRING,
                "TRANSACTIONS", DataType.STRING, "XA", DataType.STRING, "SAVEPOINTS", DataType.STRING),
                List.of(Arrays.asList("Olap", "DEFAULT", "Default storage engine of CairnDB", "YES", "NO", "NO")));
    }

    static String characterSets() {
        return SystemRows.mysqlTable(SystemRows.columns("CHARACTER_SET_NAME", DataType.STRING, "DEFAULT_COLLATE_NAME", DataType.STRING,
                "DESCRIPTION", DataType.STRING, "MAXLEN", DataType.BIGINT),
                List.of(Arrays.asList("utf8mb4", "utf8mb4_0900_bin", "UTF-8 Unicode", 4L)));
    }

    static String collations() {
        return SystemRows.mysqlTable(SystemRows.columns("COLLATION_NAME", DataType.STRING, "CHARACTER_SET_NAME", DataType.STRING,
                "ID", DataType.BIGINT, "IS_DEFAULT", DataType.STRING, "IS_COMPILED", DataType.STRING, "SORTLEN", DataType.BIGINT),
                List.of(Arrays.asList("utf8mb4_0900_bin", "utf8mb4", 309L, "Yes", "Yes", 1L)));
    }

    /** The sessions open now: every one for an administrator, else the user's own. */
    static String processlist(StatementContext ctx, List<ProcessInfo> processes) {
        boolean all = ctx.access().hasGlobal(Access.ADMIN);
        long now = System.currentTimeMillis();
        List<List<Object>> rows = new ArrayList<>();
        for (ProcessInfo p : processes) {
            if (all || p.user().equals(ctx.session().user())) {
                rows.add(Arrays.asList(p.id(), p.user(), p.host(), p.database(), p.command(), (now - p.startedAt()) / 1000, p.state(),
                        p.info()));
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("ID", DataType.BIGINT, "USER", DataType.STRING, "HOST", DataType.STRING,
                "DB", DataType.STRING, "COMMAND", DataType.STRING, "TIME", DataType.BIGINT, "STATE", DataType.STRING,
                "INFO", DataType.STRING), rows);
    }

    /** VARIABLE_NAME and VARIABLE_VALUE, by name, as MySQL's session_variables and global_variables have them. */
    static String variables(java.util.Map<String, String> values) {
        List<List<Object>> rows = new ArrayList<>();
        new java.util.TreeMap<>(values).forEach((name, value) -> rows.add(Arrays.asList(name, value)));
        return SystemRows.mysqlTable(SystemRows.columns("VARIABLE_NAME", DataType.STRING, "VARIABLE_VALUE", DataType.STRING), rows);
    }

    static String views(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (t.isView() && ctx.visible(db.name(), t.name())) {
                    rows.add(Arrays.asList("def", db.name(), t.name(), t.viewSql(), "NONE", "NO", "root@%", "DEFINER", "utf8mb4",
                            "utf8mb4_0900_bin"));
                }
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("TABLE_CATALOG", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "VIEW_DEFINITION", DataType.STRING, "CHECK_OPTION", DataType.STRING,
                "IS_UPDATABLE", DataType.STRING, "DEFINER", DataType.STRING, "SECURITY_TYPE", DataType.STRING,
                "CHARACTER_SET_CLIENT", DataType.STRING, "COLLATION_CONNECTION", DataType.STRING), rows);
    }

    static String routines() {
        return SystemRows.mysqlTable(SystemRows.columns("SPECIFIC_NAME", DataType.STRING, "ROUTINE_CATALOG", DataType.STRING,
                "ROUTINE_SCHEMA", DataType.STRING, "ROUTINE_NAME", DataType.STRING, "ROUTINE_TYPE", DataType.STRING,
                "DATA_TYPE", DataType.STRING, "ROUTINE_DEFINITION", DataType.STRING, "ROUTINE_COMMENT", DataType.STRING), List.of());
    }

    static String triggers() {
        return SystemRows.mysqlTable(SystemRows.columns("TRIGGER_CATALOG", DataType.STRING, "TRIGGER_SCHEMA", DataType.STRING,
                "TRIGGER_NAME", DataType.STRING, "EVENT_MANIPULATION", DataType.STRING, "EVENT_OBJECT_SCHEMA", DataType.STRING,
                "EVENT_OBJECT_TABLE", DataType.STRING, "ACTION_STATEMENT", DataType.STRING, "ACTION_TIMING", DataType.STRING), List.of());
    }

    /** MySQL's tablespace files: none (tables live in the engine's own storage). */
    static String files() {
        return SystemRows.mysqlTable(SystemRows.columns("FILE_ID", DataType.BIGINT, "FILE_NAME", DataType.STRING,
                "FILE_TYPE", DataType.STRING, "TABLESPACE_NAME", DataType.STRING, "TABLE_CATALOG", DataType.STRING,
                "TABLE_SCHEMA", DataType.STRING, "TABLE_NAME", DataType.STRING, "LOGFILE_GROUP_NAME", DataType.STRING,
                "LOGFILE_GROUP_NUMBER", DataType.BIGINT, "ENGINE", DataType.STRING, "TOTAL_EXTENTS", DataType.BIGINT,
                "EXTENT_SIZE", DataType.BIGINT, "INITIAL_SIZE", DataType.BIGINT, "MAXIMUM_SIZE", DataType.BIGINT,
                "STATUS", DataType.STRING, "EXTRA", DataType.STRING), List.of());
    }

    /** Column-level grants: none exist (privileges are granted on tables, databases and above). */
    static String columnPrivileges() {
        return SystemRows.mysqlTable(SystemRows.columns("GRANTEE", DataType.STRING, "TABLE_CATALOG", DataType.STRING,
                "TABLE_SCHEMA", DataType.STRING, "TABLE_NAME", DataType.STRING, "COLUMN_NAME", DataType.STRING,
                "PRIVILEGE_TYPE", DataType.STRING, "IS_GRANTABLE", DataType.STRING), List.of());
    }

    /** One row per partition of a partitioned table (RANGE or LIST), with its bounds as SHOW PARTITIONS gives them. */
    static String partitions(StatementContext ctx) {
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (t.isView() || !ctx.visible(db.name(), t.name())) {
                    continue;
                }
                PartitionScheme scheme = t.partitioning();
                boolean partitioned = scheme.kind() != PartitionScheme.Kind.UNPARTITIONED;
                long position = 1;
                for (PartitionMeta p : scheme.partitions()) {
                    rows.add(Arrays.asList("def", db.name(), t.name(), partitioned ? p.name() : null, partitioned ? position++ : null,
                            partitioned ? scheme.kind().name() : null, partitioned ? String.join(", ", scheme.columns()) : null,
                            partitioned ? RangeText.of(p) : null, null));
                }
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("TABLE_CATALOG", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "PARTITION_NAME", DataType.STRING, "PARTITION_ORDINAL_POSITION", DataType.BIGINT,
                "PARTITION_METHOD", DataType.STRING, "PARTITION_EXPRESSION", DataType.STRING, "PARTITION_DESCRIPTION", DataType.STRING,
                "TABLESPACE_NAME", DataType.STRING),
                rows);
    }

    /**
     * The key columns of UNIQUE, PRIMARY and AGGREGATE KEY tables, as their PRIMARY index, and each
     * table's declared indexes (SHOW INDEX gives the same); CARDINALITY of the PRIMARY index is the
     * table's rows, each key being unique, and unknown for the others.
     */
    static String statistics(StatementContext ctx) {
        java.util.Map<String, Long> counts = SystemRows.tableRowCounts(ctx.txn().connection());
        List<List<Object>> rows = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            for (TableMeta t : ctx.catalog().tables(db.name())) {
                if (t.isView() || !ctx.visible(db.name(), t.name())) {
                    continue;
                }
                long seq = 1;
                for (ColumnMeta c : t.keyModel() == KeyModel.DUPLICATE ? List.<ColumnMeta>of() : t.keyColumns()) {
                    rows.add(Arrays.asList("def", db.name(), t.name(), 0L, db.name(), "PRIMARY", seq++, c.name(), "A",
                            counts.get(SystemRows.rowCountKey(t)), null, null, c.nullable() ? "YES" : "", "BTREE", "", ""));
                }
                for (IndexMeta index : t.indexes()) {
                    long position = 1;
                    for (String column : index.columns()) {
                        rows.add(Arrays.asList("def", db.name(), t.name(), 1L, db.name(), index.name(), position++, column, null,
                                null, null, null, t.column(column).nullable() ? "YES" : "", index.type(), "", index.comment()));
                    }
                }
            }
        }
        return SystemRows.mysqlTable(SystemRows.columns("TABLE_CATALOG", DataType.STRING, "TABLE_SCHEMA", DataType.STRING,
                "TABLE_NAME", DataType.STRING, "NON_UNIQUE", DataType.BIGINT, "INDEX_SCHEMA", DataType.STRING,
                "INDEX_NAME", DataType.STRING, "SEQ_IN_INDEX", DataType.BIGINT, "COLUMN_NAME", DataType.STRING,
                "COLLATION", DataType.STRING, "CARDINALITY", DataType.BIGINT, "SUB_PART", DataType.BIGINT, "PACKED", DataType.STRING,
                "NULLABLE", DataType.STRING, "INDEX_TYPE", DataType.STRING, "COMMENT", DataType.STRING, "INDEX_COMMENT", DataType.STRING),
                rows);
    }
}
