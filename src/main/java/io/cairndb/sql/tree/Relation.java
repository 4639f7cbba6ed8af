package io.cairndb.sql.tree;

import java.util.List;
import java.util.Map;

/** Items of a FROM clause. Aliases are nullable; lists are never null. */
public sealed interface Relation {

    /**
     * A table, view or stream. {@code partitions}: {@code PARTITION (p1, p2)} or {@code PARTITIONS},
     * or with {@code temporaryPartitions} {@code TEMPORARY PARTITION (tp1, ..)}.
     * {@code incr}: the parameters of {@code t@incr('k'='v', ...)} in order, or null without @incr.
     */
    record TableRef(QualifiedName name, String alias, List<String> partitions, boolean temporaryPartitions,
                    Map<String, String> incr) implements Relation {
        public TableRef {
            partitions = List.copyOf(partitions);
            incr = incr == null ? null : Properties.copyOf(incr);
        }

        /** A reference that names no temporary partitions. */
        public TableRef(QualifiedName name, String alias, List<String> partitions, Map<String, String> incr) {
            this(name, alias, partitions, false, incr);
        }

        public static TableRef of(QualifiedName name) {
            return new TableRef(name, null, List.of(), null);
        }
    }

    /**
     * A table-valued function: {@code numbers("number" = "10")} (properties) or
     * {@code f(1, 2)} (args).
     */
    record TableFunction(String name, List<Expr> args, Map<String, String> properties,
                         String alias, List<String> columnAliases) implements Relation {
        public TableFunction {
            args = List.copyOf(args);
            properties = Properties.copyOf(properties);
            columnAliases = List.copyOf(columnAliases);
        }
    }

    /** {@code (query) [AS] alias [(c1, c2)]}. */
    record SubqueryRelation(Query query, String alias, List<String> columnAliases) implements Relation {
        public SubqueryRelation {
            columnAliases = List.copyOf(columnAliases);
        }
    }

    enum JoinType { INNER, CROSS, LEFT, RIGHT, FULL, LEFT_SEMI, RIGHT_SEMI, LEFT_ANTI, RIGHT_ANTI }

    /** A join; {@code on} nullable, {@code using} empty unless USING. Comma joins are CROSS. */
    record Join(JoinType type, Relation left, Relation right, Expr on, List<String> using) implements Relation {
        public Join {
            using = List.copyOf(using);
        }
    }

    /** {@code LATERAL VIEW [OUTER] fn(args) alias AS col, ...} applied to {@code source}. */
    record LateralView(Relation source, Expr.FunctionCall generator, boolean outer, String alias,
                       List<String> columns) implements Relation {
        public LateralView {
            columns = List.copyOf(columns);
        }
    }
}
