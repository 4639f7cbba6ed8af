package io.cairndb.mv;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The values of the tracked partition column that an MV's WHERE lets through, from its top-level
 * conjuncts {@code col op literal}, {@code col BETWEEN a AND b} and {@code col IN (..)}: an MV partition
 * no such value falls in would always be empty, so it is not made. Bounds are kept inclusive, which
 * lets at most a neighbouring partition too many through and never one too few. {@code lower} and
 * {@code upper} are null when unbounded; {@code values} is null unless an IN list or equality restricts it.
 */
record PartitionFilter(String lower, String upper, List<String> values) {
    static final PartitionFilter NONE = new PartitionFilter(null, null, null);

    /** The filter of an MV definition that tracks the partitions of one base table (NONE for more). */
    static PartitionFilter of(StatementContext ctx, Query query, List<PartitionTracker.Tracked> tracked, DataType type) {
        if (tracked.size() != 1) {
            return NONE;
        }
        TableMeta base = tracked.get(0).table();
        return of(query, ref -> {
            TableMeta t = ctx.catalog().table(ctx.databaseOf(ref.name()), ref.name().name());
            return t != null && t.id() == base.id();
        }, tracked.get(0).column(), type);
    }

    /**
     * The filter of {@code query}'s WHERE on {@code column} of the relations {@code tracked} accepts,
     * with values spelled as {@code type}'s partition values; NONE for any other shape of query.
     */
    static PartitionFilter of(Query query, Predicate<Relation.TableRef> tracked, String column, DataType type) {
        if (!(query.body() instanceof QueryBody.QuerySpec spec) || spec.where() == null || spec.from() == null) {
            return NONE;
        }
        List<String> names = new ArrayList<>();
        collectNames(spec.from(), tracked, names);
        if (names.size() != 1) {
            // Read twice (a self-join), a filter on one reference says nothing of the other's partitions.
            return NONE;
        }
        PartitionFilter f = NONE;
        for (Expr conjunct : conjuncts(spec.where())) {
            f = f.and(conjunct, names, column, type);
        }
        return f;
    }

    /** The names (table name or alias) by which the query's FROM refers to a tracked table. */
    private static void collectNames(Relation r, Predicate<Relation.TableRef> tracked, List<String> out) {
        if (r instanceof Relation.TableRef t && t.incr() == null && tracked.test(t)) {
            out.add((t.alias() != null ? t.alias() : t.name().name()).toLowerCase(Locale.ROOT));
        } else if (r instanceof Relation.Join j && (j.type() == Relation.JoinType.INNER || j.type() == Relation.JoinType.CROSS)) {
            collectNames(j.left(), tracked, out);
            collectNames(j.right(), tracked, out);
        }
    }

    private static List<Expr> conjuncts(Expr e) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            List<Expr> out = new ArrayList<>(conjuncts(b.left()));
            out.addAll(conjuncts(b.right()));
            return out;
        }
        return List.of(e);
    }

    private PartitionFilter and(Expr e, List<String> names, String column, DataType type) {
        if (e instanceof Expr.Binary b) {
            boolean columnLeft = isColumn(b.left(), names, column);
            Expr other = columnLeft ? b.right() : isColumn(b.right(), names, column) ? b.left() : null;
            String v = other == null ? null : value(other, type);
            if (v == null) {
                return this;
            }
            Expr.BinaryOp op = columnLeft ? b.op() : flipped(b.op());
            return switch (op) {
                case EQ -> withLower(v, type).withUpper(v, type).withValues(List.of(v));
                case GT, GE -> withLower(v, type);
                case LT, LE -> withUpper(v, type);
                default -> this;
            };
        }
        if (e instanceof Expr.Between b && !b.negated() && isColumn(b.value(), names, column)) {
            String lo = value(b.low(), type);
            String hi = value(b.high(), type);
            PartitionFilter f = lo == null ? this : withLower(lo, type);
            return hi == null ? f : f.withUpper(hi, type);
        }
        if (e instanceof Expr.InList in && !in.negated() && isColumn(in.value(), names, column)) {
            List<String> vs = new ArrayList<>();
            for (Expr x : in.list()) {
                String v = value(x, type);
                if (v == null) {
                    return this;
                }
                vs.add(v);
            }
            return withValues(vs);
        }
        return this;
    }

    private static Expr.BinaryOp flipped(Expr.BinaryOp op) {
        return switch (op) {
            case LT -> Expr.BinaryOp.GT;
            case LE -> Expr.BinaryOp.GE;
            case GT -> Expr.BinaryOp.LT;
            case GE -> Expr.BinaryOp.LE;
            default -> op;
        };
    }

    private static boolean isColumn(Expr e, List<String> names, String column) {
        if (!(e instanceof Expr.Identifier id) || !id.parts().get(id.parts().size() - 1).equalsIgnoreCase(column)) {
            return false;
        }
        // An unqualified name can only be the tracked table's: the query reads it once, and a column
        // of the same name in another table would make the name ambiguous.
        return id.parts().size() == 1 || names.contains(id.parts().get(id.parts().size() - 2).toLowerCase(Locale.ROOT));
    }

    /** A literal as a partition value of {@code type}, or null for anything else. */
    private static String value(Expr e, DataType type) {
        String text;
        if (e instanceof Expr.StringLiteral s) {
            text = s.value();
        } else if (e instanceof Expr.IntegerLiteral i) {
            text = i.value().toString();
        } else if (e instanceof Expr.TypedLiteral t) {
            text = t.value();
        } else {
            return null;
        }
        try {
            if (type.kind() == TypeKind.DATE || type.kind() == TypeKind.DATETIME) {
                return PartitionTracker.format(text, type);
            }
            if (type.kind().isInteger()) {
                return new java.math.BigInteger(text.strip()).toString();
            }
            return text;
        } catch (RuntimeException notAValue) {
            // A value the partition column cannot hold restricts nothing here; the query itself says so.
            return null;
        }
    }

    private PartitionFilter withLower(String v, DataType type) {
        return lower == null || PartitionAnalyzer.compareValue(v, lower, type) > 0 ? new PartitionFilter(v, upper, values) : this;
    }

    private PartitionFilter withUpper(String v, DataType type) {
        return upper == null || PartitionAnalyzer.compareValue(v, upper, type) < 0 ? new PartitionFilter(lower, v, values) : this;
    }

    private PartitionFilter withValues(List<String> vs) {
        if (values == null) {
            return new PartitionFilter(lower, upper, List.copyOf(vs));
        }
        return new PartitionFilter(lower, upper, values.stream().filter(vs::contains).toList());
    }

    /** Whether a row the WHERE lets through can fall in MV partition {@code t} (values of {@code type}). */
    boolean admits(PartitionTracker.Target t, DataType type) {
        if (this.equals(NONE)) {
            return true;
        }
        if (!t.listValues().isEmpty()) {
            return t.listValues().stream().anyMatch(v -> v.size() == 1 && admitsValue(v.get(0), type));
        }
        if (values != null) {
            return values.stream().anyMatch(v -> inRange(v, t, type));
        }
        boolean belowUpper = upper == null || t.lower().isEmpty() || PartitionAnalyzer.compareValue(t.lower().get(0), upper, type) <= 0;
        boolean aboveLower = lower == null || t.upper().isEmpty() || PartitionAnalyzer.compareValue(lower, t.upper().get(0), type) < 0;
        return belowUpper && aboveLower;
    }

    private boolean admitsValue(String v, DataType type) {
        if (values != null && !values.contains(v)) {
            return false;
        }
        return (lower == null || PartitionAnalyzer.compareValue(v, lower, type) >= 0)
                && (upper == null || PartitionAnalyzer.compareValue(v, upper, type) <= 0);
    }

    private boolean inRange(String v, PartitionTracker.Target t, DataType type) {
        return admitsValue(v, type)
                && (t.lower().isEmpty() || PartitionAnalyzer.compareValue(t.lower().get(0), v, type) <= 0)
                && (t.upper().isEmpty() || PartitionAnalyzer.compareValue(v, t.upper().get(0), type) < 0);
    }
}
