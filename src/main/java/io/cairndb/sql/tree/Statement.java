package io.cairndb.sql.tree;

import io.cairndb.catalog.KeyModel;

import java.util.List;
import java.util.Map;

/**
 * Top-level statements. Nullable components are documented per record; lists are never null. The
 * materialized-view statements are in {@link MvStatement}.
 */
public interface Statement {

    /** SELECT .. INTO OUTFILE: {@code format} as written (null: CSV), properties as given. */
    record Outfile(Query query, String path, String format, Map<String, String> properties) implements Statement {
        public Outfile {
            properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties));
        }
    }

    record QueryStatement(Query query) implements Statement {
    }

    /** {@code EXPLAIN [VERBOSE|...] stmt}; level upper-case or null. */
    record Explain(String level, Statement statement) implements Statement {
    }

    // ---- databases

    record CreateDatabase(String name, boolean ifNotExists, Map<String, String> properties) implements Statement {
        public CreateDatabase {
            properties = Properties.copyOf(properties);
        }
    }

    record DropDatabase(String name, boolean ifExists, boolean force) implements Statement {
    }

    /** {@code USE db} / {@code USE catalog.db}: name is the database. */
    record UseDatabase(String name) implements Statement {
    }

    // ---- tables and views

    /** {@code DUPLICATE|UNIQUE|AGGREGATE|PRIMARY KEY (cols)}. */
    record KeyDesc(KeyModel model, List<String> columns) {
        public KeyDesc {
            columns = List.copyOf(columns);
        }
    }

    /**
     * CREATE TABLE. keys, comment, partition, distribution, asQuery (CTAS) and like (CREATE TABLE
     * .. LIKE) are nullable. {@code asQueryText} is the original text of asQuery (nullable).
     */
    record CreateTable(QualifiedName name, boolean ifNotExists, List<ColumnDef> columns, KeyDesc keys,
                       String comment, PartitionDesc partition, DistributionDesc distribution,
                       Map<String, String> properties, Query asQuery, QualifiedName like, List<IndexDef> indexes)
            implements Statement {
        public CreateTable {
            columns = List.copyOf(columns);
            indexes = List.copyOf(indexes);
            properties = Properties.copyOf(properties);
        }
    }

    record DropTable(QualifiedName name, boolean ifExists, boolean force) implements Statement {
    }

    /** {@code TRUNCATE TABLE t [PARTITION (p1, ...)]}. */
    record TruncateTable(QualifiedName name, List<String> partitions) implements Statement {
        public TruncateTable {
            partitions = List.copyOf(partitions);
        }
    }

    /**
     * {@code CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v [(cols)] [COMMENT ..] AS query}.
     * {@code queryText} is the original text of the query.
     */
    record CreateView(QualifiedName name, boolean orReplace, boolean ifNotExists, List<MvStatement.Column> columns,
                      String comment, Query query, String queryText) implements Statement {
        public CreateView {
            columns = List.copyOf(columns);
        }
    }

    record DropView(QualifiedName name, boolean ifExists) implements Statement {
    }

    record AlterTable(QualifiedName name, List<AlterClause> clauses) implements Statement {
        public AlterTable {
            clauses = List.copyOf(clauses);
        }
    }

    sealed interface AlterClause {
    }

    /** {@code ADD COLUMN c ... [AFTER x | FIRST]} or {@code ADD COLUMN (c1 ..., c2 ...)}; after nullable. */
    record AddColumns(List<ColumnDef> columns, String after, boolean first) implements AlterClause {
        public AddColumns {
            columns = List.copyOf(columns);
        }
    }

    record DropColumn(String name) implements AlterClause {
    }

    /** {@code MODIFY COLUMN c type ... [AFTER x | FIRST]}; after nullable. */
    record ModifyColumn(ColumnDef column, String after, boolean first) implements AlterClause {
    }

    record RenameColumn(String oldName, String newName) implements AlterClause {
    }

    record AddPartition(PartitionDesc.PartitionDef partition) implements AlterClause {
    }

    record DropPartition(String name, boolean ifExists) implements AlterClause {
    }

    /** {@code ADD TEMPORARY PARTITION tp ...}: a partition that normal reads and writes do not see. */
    record AddTemporaryPartition(PartitionDesc.PartitionDef partition) implements AlterClause {
    }

    record DropTemporaryPartition(String name, boolean ifExists) implements AlterClause {
    }

    /**
     * {@code REPLACE PARTITION (p1, ..) WITH TEMPORARY PARTITION (tp1, ..) [PROPERTIES (..)]}: the
     * temporary partitions take the formal ones' place, rows and all.
     */
    record ReplacePartition(List<String> formal, List<String> temporary, Map<String, String> properties)
            implements AlterClause {
        public ReplacePartition {
            formal = List.copyOf(formal);
            temporary = List.copyOf(temporary);
            properties = Properties.copyOf(properties);
        }
    }

    /** {@code REPLACE WITH TABLE other [PROPERTIES ('swap' = ..)]}. */
    record ReplaceTable(QualifiedName other, Map<String, String> properties) implements AlterClause {
        public ReplaceTable {
            properties = Properties.copyOf(properties);
        }
    }

    /** {@code RENAME new_name}. */
    record RenameTable(String newName) implements AlterClause {
    }

    /** {@code SET ("k" = "v", ...)}. */
    record SetProperties(Map<String, String> properties) implements AlterClause {
        public SetProperties {
            properties = Properties.copyOf(properties);
        }
    }

    /** {@code MODIFY COMMENT 'text'}. */
    record ModifyComment(String comment) implements AlterClause {
    }

    enum ConstraintKind { PRIMARY_KEY, UNIQUE, FOREIGN_KEY }

    /**
     * {@code ADD CONSTRAINT name PRIMARY KEY (..) | UNIQUE (..) | FOREIGN KEY (..) REFERENCES t (..)};
     * referenced is null and referencedColumns empty but for a foreign key.
     */
    record AddConstraint(String name, ConstraintKind kind, List<String> columns, QualifiedName referenced,
                         List<String> referencedColumns) implements AlterClause {
        public AddConstraint {
            columns = List.copyOf(columns);
            referencedColumns = List.copyOf(referencedColumns);
        }
    }

    /**
     * {@code ALTER TABLE t DISABLE KEYS | ENABLE KEYS}: lets a server stop maintaining non-unique
     * indexes while rows are loaded; keys and rollups here are always maintained, as InnoDB does.
     */
    record ToggleKeys(boolean enable) implements AlterClause {
    }

    /** {@code DROP CONSTRAINT name}. */
    record DropConstraint(String name) implements AlterClause {
    }

    /** {@code ADD INDEX ..}, and {@code CREATE INDEX [IF NOT EXISTS] .. ON t} as an ALTER TABLE of t. */
    record AddIndex(IndexDef index, boolean ifNotExists) implements AlterClause {
    }

    /** {@code DROP INDEX name}, and {@code DROP INDEX [IF EXISTS] name ON t} as an ALTER TABLE of t. */
    record DropIndex(String name, boolean ifExists) implements AlterClause {
    }

    // ---- DML

    /**
     * {@code INSERT INTO|OVERWRITE TABLE t [PARTITION (..)] [WITH LABEL l] [(cols)] VALUES ..|query}.
     * VALUES arrive as a Query whose body is {@link QueryBody.Values}. label nullable.
     */
    record Insert(QualifiedName table, List<String> partitions, boolean temporaryPartitions, List<String> columns,
                  Query source, boolean overwrite, String label) implements Statement {
        public Insert {
            partitions = List.copyOf(partitions);
            columns = List.copyOf(columns);
        }

        /** An INSERT that names no temporary partitions. */
        public Insert(QualifiedName table, List<String> partitions, List<String> columns, Query source,
                      boolean overwrite, String label) {
            this(table, partitions, false, columns, source, overwrite, label);
        }
    }

    record Assignment(String column, Expr value) {
    }

    /** {@code UPDATE t [alias] SET .. [FROM relation] [WHERE ..]}; alias, from, where nullable. */
    record Update(QualifiedName table, String alias, List<Assignment> assignments, Relation from,
                  Expr where) implements Statement {
        public Update {
            assignments = List.copyOf(assignments);
        }
    }

    /** {@code DELETE FROM t [alias] [PARTITION (..)] [USING relation] [WHERE ..]}; alias, using, where nullable. */
    record Delete(QualifiedName table, String alias, List<String> partitions, Relation using,
                  Expr where) implements Statement {
        public Delete {
            partitions = List.copyOf(partitions);
        }
    }

    // ---- session

    enum Scope { SESSION, GLOBAL }

    sealed interface SetItem {
    }

    /** {@code SET [SESSION|GLOBAL] name = value}, {@code SET @@global.name = value}; name lower-case. */
    record SetVariable(Scope scope, String name, Expr value) implements SetItem {
    }

    /** {@code SET @name = value}. */
    record SetUserVariable(String name, Expr value) implements SetItem {
    }

    /** {@code SET NAMES charset [COLLATE collation]} / {@code SET CHARACTER SET ..}; collation nullable. */
    record SetNames(String charset, String collation) implements SetItem {
    }

    record SetStatement(List<SetItem> items) implements Statement {
        public SetStatement {
            items = List.copyOf(items);
        }
    }

    enum TransactionKind { BEGIN, COMMIT, ROLLBACK }

    enum SavepointAction { SET, ROLLBACK_TO, RELEASE }

    /** {@code SAVEPOINT s}, {@code ROLLBACK TO [SAVEPOINT] s}, {@code RELEASE SAVEPOINT s}. */
    record Savepoint(SavepointAction action, String name) implements Statement {
    }

    /** One table of LOCK TABLES: a READ lock (no writer may change it) or a WRITE lock (only this session writes it). */
    record LockTarget(QualifiedName name, boolean write) {
    }

    /** {@code LOCK TABLES t READ [LOCAL] | [LOW_PRIORITY] WRITE, ..}. */
    record LockTables(List<LockTarget> tables) implements Statement {
        public LockTables {
            tables = List.copyOf(tables);
        }
    }

    /** {@code UNLOCK TABLES}. */
    record UnlockTables() implements Statement {
    }

    /** BEGIN [WITH LABEL l] / START TRANSACTION / COMMIT / ROLLBACK; label nullable (BEGIN only). */
    record Transaction(TransactionKind kind, String label) implements Statement {
        public Transaction(TransactionKind kind) {
            this(kind, null);
        }
    }

    /** {@code KILL [QUERY|CONNECTION] id}. */
    /**
     * {@code LOAD DATA [LOCAL] INFILE 'f' INTO TABLE t ..}: the load's options in Stream Load's header
     * spelling ({@code column_separator}, {@code line_delimiter}, {@code enclose}, {@code skip_lines},
     * {@code columns}, {@code partitions} and the PROPERTIES), which it is run as.
     */
    record LoadData(QualifiedName table, String file, boolean local, Map<String, String> options) implements Statement {
        public LoadData {
            options = Properties.copyOf(options);
        }
    }

    record Kill(long connectionId, boolean queryOnly) implements Statement {
    }

    // ---- table streams and administration

    /** {@code CREATE STREAM [IF NOT EXISTS] s ON TABLE t [COMMENT ..] [PROPERTIES (..)]}; comment nullable. */
    record CreateStream(QualifiedName name, boolean ifNotExists, QualifiedName table, String comment,
                        Map<String, String> properties) implements Statement {
        public CreateStream {
            properties = Properties.copyOf(properties);
        }
    }

    /** DROP STREAM; {@code force} also drops an internal stream of an IVM MV. */
    record DropStream(QualifiedName name, boolean ifExists, boolean force) implements Statement {
    }

    /** {@code SHOW STREAMS [FROM db] [LIKE ..]}; database and like nullable. */
    record ShowStreams(String database, String like) implements Statement {
    }

    /** {@code ADMIN SET FRONTEND CONFIG ("k" = "v", ...)}. */
    record AdminSetConfig(Map<String, String> settings) implements Statement {
        public AdminSetConfig {
            settings = Properties.copyOf(settings);
        }
    }

    /** {@code ADMIN SHOW FRONTEND CONFIG [LIKE ..]}; like nullable. */
    record AdminShowConfig(String like) implements Statement {
    }

    // ---- SHOW / DESCRIBE. like and where are nullable.

    record ShowDatabases(String like, Expr where) implements Statement {
    }

    /** database nullable (current). */
    record ShowTables(String database, boolean full, String like, Expr where) implements Statement {
    }

    record ShowCreateTable(QualifiedName name) implements Statement {
    }

    /** {@code SHOW CREATE DATABASE [IF NOT EXISTS] db}: with IF NOT EXISTS the statement printed has it too. */
    record ShowCreateDatabase(String name, boolean ifNotExists) implements Statement {
        public ShowCreateDatabase(String name) {
            this(name, false);
        }
    }

    /** {@code SHOW DYNAMIC PARTITION TABLES [FROM db]}; database nullable (current). */
    record ShowDynamicPartitionTables(String database) implements Statement {
    }

    /** {@code SHOW [TEMPORARY] PARTITIONS FROM t ..}. */
    record ShowPartitions(QualifiedName table, boolean temporary, Expr where, List<OrderItem> orderBy, Query.Limit limit)
            implements Statement {
        public ShowPartitions {
            orderBy = List.copyOf(orderBy);
        }
    }

    record ShowColumns(QualifiedName table, boolean full, String like) implements Statement {
    }

    /** scope null means SESSION. */
    record ShowVariables(Scope scope, String like, Expr where) implements Statement {
    }

    record ShowProcesslist(boolean full) implements Statement {
    }

    /**
     * Other SHOW commands that clients send and that answer from fixed or session data:
     * what is upper-case, e.g. WARNINGS, ERRORS, STATUS, ENGINES, CHARSET, COLLATION, INDEX, TABLE STATUS.
     * target nullable (the table of SHOW INDEX).
     */
    record ShowOther(String what, QualifiedName target, String like, Expr where) implements Statement {
        public ShowOther(String what, QualifiedName target, String like) {
            this(what, target, like, null);
        }
    }

    /**
     * {@code SHOW TRANSACTION [FROM db] WHERE id = n | label = 'l'}: exactly one of id and label is
     * set; database nullable (current).
     */
    record ShowTransaction(String database, Long id, String label) implements Statement {
    }

    /** {@code ANALYZE TABLE t [(c1, ..)] [WITH SYNC]}: collects the columns' statistics; columns empty for all. */
    record AnalyzeTable(QualifiedName table, List<String> columns) implements Statement {
        public AnalyzeTable {
            columns = List.copyOf(columns);
        }
    }

    /** {@code SHOW COLUMN STATS t [(c1, ..)]}; columns empty for all. */
    record ShowColumnStats(QualifiedName table, List<String> columns) implements Statement {
        public ShowColumnStats {
            columns = List.copyOf(columns);
        }
    }

    /** {@code SHOW PROC '/path'}: Doris's tree of system information. */
    record ShowProc(String path) implements Statement {
    }

    /** {@code SHOW LOAD [FROM db] [WHERE ..] [ORDER BY ..] [LIMIT ..]}; database, where, limit nullable. */
    record ShowLoad(String database, Expr where, List<OrderItem> orderBy, Query.Limit limit) implements Statement {
        public ShowLoad {
            orderBy = List.copyOf(orderBy);
        }
    }

    /**
     * {@code SHOW DATA [FROM [db.]table | db] [ORDER BY ..]}: the data size of each table of a
     * database, or of each index of one table; target nullable (the current database).
     */
    record ShowData(QualifiedName target, List<OrderItem> orderBy) implements Statement {
        public ShowData {
            orderBy = List.copyOf(orderBy);
        }
    }

    /** {@code SHOW LAST INSERT}: the session's most recent INSERT. */
    record ShowLastInsert() implements Statement {
    }

    /**
     * {@code SHOW TABLETS FROM t [PARTITION (..)] [WHERE ..] [ORDER BY ..] [LIMIT ..]}: one row per
     * tablet (partition and bucket); partitions empty for all; where and limit nullable.
     */
    record ShowTablets(QualifiedName table, List<String> partitions, Expr where, List<OrderItem> orderBy, Query.Limit limit)
            implements Statement {
        public ShowTablets {
            partitions = List.copyOf(partitions);
            orderBy = List.copyOf(orderBy);
        }
    }

    /** {@code SHOW TABLET id}: where the tablet belongs. */
    record ShowTablet(long tabletId) implements Statement {
    }

    /** {@code SHOW CONSTRAINTS FROM t}. */
    record ShowConstraints(QualifiedName table) implements Statement {
    }

    /** {@code DESC[RIBE] t [ALL]}. */
    record Describe(QualifiedName table, boolean all) implements Statement {
    }
}
