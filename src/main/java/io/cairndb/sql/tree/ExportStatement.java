package io.cairndb.sql.tree;

import java.util.List;
import java.util.Map;

/** Doris's export jobs: EXPORT TABLE, SHOW EXPORT and CANCEL EXPORT. Nullable components are documented per record. */
public final class ExportStatement {
    private ExportStatement() {
    }

    /**
     * {@code EXPORT TABLE t [PARTITION (..)] [(c1, ..)] [WHERE ..] TO 'path' [PROPERTIES (..)] [WITH storage ..]}:
     * {@code columns} empty for the "columns" property or all columns; where nullable; {@code storage}
     * the remote storage of a WITH clause (BROKER, S3, HDFS), null without one.
     */
    public record Export(QualifiedName table, List<String> partitions, List<String> columns, Expr where, String path,
                         Map<String, String> properties, String storage) implements Statement {
        public Export {
            partitions = List.copyOf(partitions);
            columns = List.copyOf(columns);
            properties = Properties.copyOf(properties);
        }
    }

    /** {@code SHOW EXPORT [FROM db] [WHERE ..] [ORDER BY ..] [LIMIT ..]}; database, where and limit nullable. */
    public record Show(String database, Expr where, List<OrderItem> orderBy, Query.Limit limit) implements Statement {
        public Show {
            orderBy = List.copyOf(orderBy);
        }
    }

    /** {@code CANCEL EXPORT [FROM db] [WHERE ..]}; database and where nullable. */
    public record Cancel(String database, Expr where) implements Statement {
    }
}
