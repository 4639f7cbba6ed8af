package io.cairndb.sql;

import io.cairndb.catalog.DataType;
import io.cairndb.sql.tree.ColumnDef;
import io.cairndb.sql.tree.IndexDef;
import io.cairndb.sql.tree.DistributionDesc;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.PartitionDesc;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.Statement;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.cairndb.sql.QueryFormatter.expr;
import static io.cairndb.sql.QueryFormatter.identifier;
import static io.cairndb.sql.QueryFormatter.identifiers;
import static io.cairndb.sql.QueryFormatter.name;

/**
 * Prints the AST as canonical Doris SQL on one line: upper-case keywords, identifiers back-quoted
 * only when needed, strings single-quoted, function names as stored. Parsing the output gives an
 * equal AST. Expressions print the way MySQL names unaliased columns: {@code count(*)},
 * {@code sum(a + 1)}.
 */
public final class SqlFormatter {
    private SqlFormatter() {
    }

    public static String format(Expr expr) {
        return expr(expr);
    }

    public static String format(Query query) {
        return QueryFormatter.query(query);
    }

    public static String formatType(DataType type) {
        return QueryFormatter.type(type);
    }

    /** An identifier, back-quoted when it is not plain or is a reserved word. */
    public static String formatIdentifier(String name) {
        return identifier(name);
    }

    public static String format(Statement statement) {
        if (statement instanceof Statement.QueryStatement query) {
            return format(query.query());
        }
        if (statement instanceof Statement.Explain explain) {
            return "EXPLAIN " + (explain.level() == null ? "" : explain.level() + " ") + format(explain.statement());
        }
        if (statement instanceof Statement.CreateDatabase create) {
            return "CREATE DATABASE " + ifNotExists(create.ifNotExists()) + identifier(create.name())
                    + propertiesClause(create.properties());
        }
        if (statement instanceof Statement.DropDatabase drop) {
            return "DROP DATABASE " + ifExists(drop.ifExists()) + identifier(drop.name()) + (drop.force() ? " FORCE" : "");
        }
        if (statement instanceof Statement.UseDatabase use) {
            return "USE " + identifier(use.name());
        }
        if (statement instanceof Statement.CreateTable create) {
            return createTable(create);
        }
        if (statement instanceof Statement.DropTable drop) {
            return "DROP TABLE " + ifExists(drop.ifExists()) + name(drop.name()) + (drop.force() ? " FORCE" : "");
        }
        if (statement instanceof Statement.TruncateTable truncate) {
            return "TRUNCATE TABLE " + name(truncate.name()) + QueryFormatter.partitions(truncate.partitions());
        }
        if (statement instanceof Statement.CreateView view) {
            return "CREATE " + (view.orReplace() ? "OR REPLACE " : "") + "VIEW " + ifNotExists(view.ifNotExists())
                    + name(view.name())
                    + (view.columns().isEmpty() ? "" : " (" + view.columns().stream().map(c -> identifier(c.name())
                            + (c.comment() == null ? "" : " COMMENT " + SqlStrings.quoteString(c.comment())))
                            .collect(Collectors.joining(", ")) + ")")
                    + (view.comment() == null ? "" : " COMMENT " + SqlStrings.quoteString(view.comment()))
                    + " AS " + (view.queryText() != null ? view.queryText() : format(view.query()));
        }
        if (statement instanceof Statement.DropView drop) {
            return "DROP VIEW " + ifExists(drop.ifExists()) + name(drop.name());
        }
        if (statement instanceof Statement.AlterTable alter) {
            return "ALTER TABLE " + name(alter.name()) + " "
                    + alter.clauses().stream().map(SqlFormatter::alterClause).collect(Collectors.joining(", "));
        }
        if (statement instanceof Statement.Insert insert) {
            return insert(insert);
        }
        if (statement instanceof Statement.Update update) {
            return "UPDATE " + name(update.table()) + alias(update.alias()) + " SET "
                    + update.assignments().stream().map(a -> identifier(a.column()) + " = " + expr(a.value()))
                    .collect(Collectors.joining(", "))
                    + (update.from() == null ? "" : " FROM " + QueryFormatter.relation(update.from()))
                    + where(update.where());
        }
        if (statement instanceof Statement.Delete delete) {
            return "DELETE FROM " + name(delete.table()) + QueryFormatter.partitions(delete.partitions())
                    + alias(delete.alias())
                    + (delete.using() == null ? "" : " USING " + QueryFormatter.relation(delete.using()))
                    + where(delete.where());
        }
        if (statement instanceof Statement.SetStatement set) {
            return "SET " + set.items().stream().map(SqlFormatter::setItem).collect(Collectors.joining(", "));
        }
        if (statement instanceof Statement.Transaction transaction) {
            return transaction.kind().name() + (transaction.label() == null ? "" : " WITH LABEL " + identifier(transaction.label()));
        }
        if (statement instanceof Statement.Savepoint savepoint) {
            return switch (savepoint.action()) {
                case SET -> "SAVEPOINT ";
                case ROLLBACK_TO -> "ROLLBACK TO SAVEPOINT ";
                case RELEASE -> "RELEASE SAVEPOINT ";
            } + identifier(savepoint.name());
        }
        if (statement instanceof Statement.LockTables lock) {
            return "LOCK TABLES " + lock.tables().stream().map(t -> name(t.name()) + (t.write() ? " WRITE" : " READ"))
                    .collect(Collectors.joining(", "));
        }
        if (statement instanceof Statement.UnlockTables) {
            return "UNLOCK TABLES";
        }
        if (statement instanceof Statement.Kill kill) {
            return "KILL " + (kill.queryOnly() ? "QUERY " : "") + kill.connectionId();
        }
        if (statement instanceof Statement.Describe describe) {
            return "DESCRIBE " + name(describe.table()) + (describe.all() ? " ALL" : "");
        }
        return show(statement);
    }

    // ------------------------------------------------------------ tables

    private static String createTable(Statement.CreateTable create) {
        StringBuilder out = new StringBuilder("CREATE TABLE ").append(ifNotExists(create.ifNotExists()))
                .append(name(create.name()));
        if (create.like() != null) {
            return out.append(" LIKE ").append(name(create.like())).toString();
        }
        if (!create.columns().isEmpty()) {
            out.append(" (").append(java.util.stream.Stream.concat(create.columns().stream().map(SqlFormatter::columnDef),
                    create.indexes().stream().map(SqlFormatter::indexDef)).collect(Collectors.joining(", "))).append(')');
        }
        if (create.keys() != null) {
            out.append(' ').append(create.keys().model().keyword()).append(" (")
                    .append(identifiers(create.keys().columns())).append(')');
        }
        if (create.comment() != null) {
            out.append(" COMMENT ").append(SqlStrings.quoteString(create.comment()));
        }
        if (create.partition() != null) {
            PartitionDesc partition = create.partition();
            String by = partition.truncUnit() == null ? identifiers(partition.columns())
                    : "date_trunc(" + identifiers(partition.columns()) + ", " + SqlStrings.quoteString(partition.truncUnit()) + ")";
            out.append(partition.auto() ? " AUTO" : "").append(" PARTITION BY ").append(partition.kind().name()).append(" (")
                    .append(by).append(") (")
                    .append(partition.partitions().stream().map(SqlFormatter::partitionDef)
                            .collect(Collectors.joining(", "))).append(')');
        }
        if (create.distribution() != null) {
            out.append(' ').append(distribution(create.distribution()));
        }
        out.append(propertiesClause(create.properties()));
        if (create.asQuery() != null) {
            out.append(" AS ").append(format(create.asQuery()));
        }
        return out.toString();
    }

    /** A column definition as CREATE TABLE and ALTER TABLE write it. */
    public static String columnDef(ColumnDef column) {
        StringBuilder out = new StringBuilder(identifier(column.name())).append(' ').append(formatType(column.type()));
        if (column.aggregation() != null) {
            out.append(' ').append(column.aggregation().name());
        }
        if (column.nullable() != null) {
            out.append(column.nullable() ? " NULL" : " NOT NULL");
        }
        if (column.autoIncrement()) {
            out.append(" AUTO_INCREMENT");
            if (column.autoIncrementStart() != null) {
                out.append('(').append(column.autoIncrementStart()).append(')');
            }
        }
        if (column.defaultValue() != null) {
            out.append(" DEFAULT ").append(expr(column.defaultValue()));
        }
        if (column.onUpdate() != null) {
            out.append(" ON UPDATE ").append(expr(column.onUpdate()));
        }
        if (column.comment() != null) {
            out.append(" COMMENT ").append(SqlStrings.quoteString(column.comment()));
        }
        return out.toString();
    }

    private static String partitionDef(PartitionDesc.PartitionDef definition) {
        if (definition instanceof PartitionDesc.LessThan lessThan) {
            return partitionHead(lessThan.name(), lessThan.ifNotExists()) + "LESS THAN " + values(lessThan.upper());
        }
        if (definition instanceof PartitionDesc.FixedRange range) {
            return partitionHead(range.name(), range.ifNotExists()) + "[" + values(range.lower()) + ", "
                    + values(range.upper()) + ")";
        }
        if (definition instanceof PartitionDesc.ListValues list) {
            boolean single = list.values().stream().allMatch(tuple -> tuple.size() == 1);
            return partitionHead(list.name(), list.ifNotExists()) + "IN ("
                    + list.values().stream().map(tuple -> single ? value(tuple.get(0)) : values(tuple))
                    .collect(Collectors.joining(", ")) + ")";
        }
        PartitionDesc.Step step = (PartitionDesc.Step) definition;
        return "FROM " + values(step.from()) + " TO " + values(step.to()) + " INTERVAL " + step.interval()
                + (step.unit() == null ? "" : " " + step.unit());
    }

    private static String partitionHead(String name, boolean ifNotExists) {
        return "PARTITION " + ifNotExists(ifNotExists) + identifier(name) + " VALUES ";
    }

    private static String values(List<PartitionDesc.Value> values) {
        return values.stream().map(SqlFormatter::value).collect(Collectors.joining(", ", "(", ")"));
    }

    private static String value(PartitionDesc.Value value) {
        return value.maxValue() ? "MAXVALUE" : value.isNull() ? "NULL" : SqlStrings.quoteString(value.text());
    }

    private static String distribution(DistributionDesc distribution) {
        return "DISTRIBUTED BY " + (distribution.random() ? "RANDOM" : "HASH (" + identifiers(distribution.columns()) + ")")
                + (distribution.autoBuckets() ? " BUCKETS AUTO"
                : distribution.buckets() != null ? " BUCKETS " + distribution.buckets() : "");
    }

    private static String alterClause(Statement.AlterClause clause) {
        if (clause instanceof Statement.AddColumns add) {
            if (add.columns().size() == 1) {
                return "ADD COLUMN " + columnDef(add.columns().get(0)) + position(add.after(), add.first());
            }
            return "ADD COLUMN (" + add.columns().stream().map(SqlFormatter::columnDef)
                    .collect(Collectors.joining(", ")) + ")";
        }
        if (clause instanceof Statement.DropColumn drop) {
            return "DROP COLUMN " + identifier(drop.name());
        }
        if (clause instanceof Statement.ModifyColumn modify) {
            return "MODIFY COLUMN " + columnDef(modify.column()) + position(modify.after(), modify.first());
        }
        if (clause instanceof Statement.RenameColumn rename) {
            return "RENAME COLUMN " + identifier(rename.oldName()) + " " + identifier(rename.newName());
        }
        if (clause instanceof Statement.AddPartition add) {
            return "ADD " + partitionDef(add.partition());
        }
        if (clause instanceof Statement.DropPartition drop) {
            return "DROP PARTITION " + ifExists(drop.ifExists()) + identifier(drop.name());
        }
        if (clause instanceof Statement.AddTemporaryPartition add) {
            return "ADD TEMPORARY " + partitionDef(add.partition());
        }
        if (clause instanceof Statement.DropTemporaryPartition drop) {
            return "DROP TEMPORARY PARTITION " + ifExists(drop.ifExists()) + identifier(drop.name());
        }
        if (clause instanceof Statement.ReplacePartition replace) {
            return "REPLACE PARTITION (" + identifiers(replace.formal()) + ") WITH TEMPORARY PARTITION ("
                    + identifiers(replace.temporary()) + ")" + (replace.properties().isEmpty() ? ""
                    : " PROPERTIES " + QueryFormatter.properties(replace.properties()));
        }
        if (clause instanceof Statement.ReplaceTable replace) {
            return "REPLACE WITH TABLE " + name(replace.other()) + (replace.properties().isEmpty() ? ""
                    : " PROPERTIES " + QueryFormatter.properties(replace.properties()));
        }
        if (clause instanceof Statement.RenameTable rename) {
            return "RENAME " + identifier(rename.newName());
        }
        if (clause instanceof Statement.SetProperties set) {
            return "SET " + QueryFormatter.properties(set.properties());
        }
        if (clause instanceof Statement.AddConstraint add) {
            String columns = " (" + identifiers(add.columns()) + ")";
            return "ADD CONSTRAINT " + identifier(add.name()) + switch (add.kind()) {
                case PRIMARY_KEY -> " PRIMARY KEY" + columns;
                case UNIQUE -> " UNIQUE" + columns;
                case FOREIGN_KEY -> " FOREIGN KEY" + columns + " REFERENCES " + name(add.referenced()) + " ("
                        + identifiers(add.referencedColumns()) + ")";
            };
        }
        if (clause instanceof Statement.DropConstraint drop) {
            return "DROP CONSTRAINT " + identifier(drop.name());
        }
        if (clause instanceof Statement.ToggleKeys keys) {
            return keys.enable() ? "ENABLE KEYS" : "DISABLE KEYS";
        }
        if (clause instanceof Statement.AddIndex add) {
            return "ADD " + indexDef(add.index());
        }
        if (clause instanceof Statement.DropIndex drop) {
            return "DROP INDEX " + identifier(drop.name());
        }
        return "MODIFY COMMENT " + SqlStrings.quoteString(((Statement.ModifyComment) clause).comment());
    }

    private static String indexDef(IndexDef index) {
        return "INDEX " + identifier(index.name()) + " (" + identifiers(index.columns()) + ")"
                + (index.type() == null ? "" : " USING " + index.type()) + propertiesClause(index.properties())
                + (index.comment() == null ? "" : " COMMENT " + SqlStrings.quoteString(index.comment()));
    }

    private static String position(String after, boolean first) {
        return after != null ? " AFTER " + identifier(after) : first ? " FIRST" : "";
    }

    // ------------------------------------------------------------ DML and session

    private static String insert(Statement.Insert insert) {
        return "INSERT " + (insert.overwrite() ? "OVERWRITE TABLE " : "INTO ") + name(insert.table())
                + QueryFormatter.partitions(insert.partitions(), insert.temporaryPartitions())
                + (insert.label() == null ? "" : " WITH LABEL " + identifier(insert.label()))
                + (insert.columns().isEmpty() ? "" : " (" + identifiers(insert.columns()) + ")")
                + " " + format(insert.source());
    }

    private static String setItem(Statement.SetItem item) {
        if (item instanceof Statement.SetVariable variable) {
            return variable.scope().name() + " " + identifier(variable.name()) + " = " + expr(variable.value());
        }
        if (item instanceof Statement.SetUserVariable variable) {
            return "@" + identifier(variable.name()) + " = " + expr(variable.value());
        }
        Statement.SetNames names = (Statement.SetNames) item;
        return "NAMES " + SqlStrings.quoteString(names.charset())
                + (names.collation() == null ? "" : " COLLATE " + SqlStrings.quoteString(names.collation()));
    }

    // ------------------------------------------------------------ SHOW

    private static String show(Statement statement) {
        if (statement instanceof Statement.ShowDatabases show) {
            return "SHOW DATABASES" + filter(show.like(), show.where());
        }
        if (statement instanceof Statement.ShowTables show) {
            return "SHOW " + (show.full() ? "FULL " : "") + "TABLES"
                    + (show.database() == null ? "" : " FROM " + identifier(show.database()))
                    + filter(show.like(), show.where());
        }
        if (statement instanceof Statement.ShowCreateDatabase show) {
            return "SHOW CREATE DATABASE " + (show.ifNotExists() ? "IF NOT EXISTS " : "") + identifier(show.name());
        }
        if (statement instanceof Statement.ShowCreateTable show) {
            return "SHOW CREATE TABLE " + name(show.name());
        }
        if (statement instanceof Statement.ShowDynamicPartitionTables show) {
            return "SHOW DYNAMIC PARTITION TABLES" + (show.database() == null ? "" : " FROM " + identifier(show.database()));
        }
        if (statement instanceof Statement.ShowPartitions show) {
            return "SHOW " + (show.temporary() ? "TEMPORARY " : "") + "PARTITIONS FROM " + name(show.table()) + where(show.where())
                    + (show.orderBy().isEmpty() ? "" : " ORDER BY " + QueryFormatter.orderItems(show.orderBy()))
                    + (show.limit() == null ? "" : " " + QueryFormatter.limit(show.limit()));
        }
        if (statement instanceof Statement.ShowColumns show) {
            return "SHOW " + (show.full() ? "FULL " : "") + "COLUMNS FROM " + name(show.table()) + filter(show.like(), null);
        }
        if (statement instanceof Statement.ShowVariables show) {
            return "SHOW " + (show.scope() == null ? "" : show.scope().name() + " ") + "VARIABLES"
                    + filter(show.like(), show.where());
        }
        if (statement instanceof Statement.ShowProcesslist show) {
            return "SHOW " + (show.full() ? "FULL " : "") + "PROCESSLIST";
        }
        if (statement instanceof Statement.ShowOther show) {
            return "SHOW " + show.what() + (show.target() == null ? "" : " FROM " + name(show.target()))
                    + filter(show.like(), show.where());
        }
        if (statement instanceof Statement.ShowData show) {
            return "SHOW DATA" + (show.target() == null ? "" : " FROM " + name(show.target()))
                    + (show.orderBy().isEmpty() ? "" : " ORDER BY " + QueryFormatter.orderItems(show.orderBy()));
        }
        if (statement instanceof Statement.ShowTransaction show) {
            return "SHOW TRANSACTION" + (show.database() == null ? "" : " FROM " + identifier(show.database()))
                    + (show.id() != null ? " WHERE id = " + show.id() : " WHERE label = " + SqlStrings.quoteString(show.label()));
        }
        if (statement instanceof Statement.ShowLastInsert) {
            return "SHOW LAST INSERT";
        }
        if (statement instanceof Statement.ShowConstraints show) {
            return "SHOW CONSTRAINTS FROM " + name(show.table());
        }
        throw new IllegalArgumentException("cannot format " + statement);
    }

    // ------------------------------------------------------------ pieces

    private static String filter(String like, Expr where) {
        return like != null ? " LIKE " + SqlStrings.quoteString(like) : where(where);
    }

    private static String where(Expr where) {
        return where == null ? "" : " WHERE " + expr(where);
    }

    private static String alias(String alias) {
        return alias == null ? "" : " AS " + identifier(alias);
    }

    private static String ifExists(boolean ifExists) {
        return ifExists ? "IF EXISTS " : "";
    }

    private static String ifNotExists(boolean ifNotExists) {
        return ifNotExists ? "IF NOT EXISTS " : "";
    }

    private static String propertiesClause(Map<String, String> properties) {
        return properties.isEmpty() ? "" : " PROPERTIES " + QueryFormatter.properties(properties);
    }
}
