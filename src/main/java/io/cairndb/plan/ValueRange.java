package io.cairndb.plan;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The values range conjuncts leave a column: an interval (a null bound is unbounded) or, when an IN
 * list restricts it, a sorted set of at least two points ({@code points} non-null; the bounds are
 * then null). A single point is the closed interval [p, p]; no value at all is the empty point set.
 * Kept in this one normal form so that equal restrictions compare equal.
 */
public record ValueRange(ScalarExpr.Literal lower, boolean lowerInclusive, ScalarExpr.Literal upper,
                         boolean upperInclusive, List<ScalarExpr.Literal> points) {
    public static final ValueRange ALL = new ValueRange(null, false, null, false, null);
    public static final ValueRange EMPTY = new ValueRange(null, false, null, false, List.of());

    public ValueRange {
        points = points == null ? null : List.copyOf(points);
    }

    /** {@code column op value} for op one of = < <= > >=. */
    public static ValueRange of(Operator op, ScalarExpr.Literal value) {
        return switch (op) {
            case EQ -> new ValueRange(value, true, value, true, null);
            case LT -> new ValueRange(null, false, value, false, null);
            case LE -> new ValueRange(null, false, value, true, null);
            case GT -> new ValueRange(value, false, null, false, null);
            case GE -> new ValueRange(value, true, null, false, null);
            default -> throw new IllegalArgumentException("not a range operator: " + op);
        };
    }

    /** {@code column BETWEEN low AND high}; empty when the values cannot be compared. */
    public static Optional<ValueRange> between(ScalarExpr.Literal low, ScalarExpr.Literal high) {
        return normalize(low, true, high, true, null);
    }

    /** {@code column IN (values)}; empty when the values cannot be compared. */
    public static Optional<ValueRange> in(List<ScalarExpr.Literal> values) {
        List<ScalarExpr.Literal> sorted = new ArrayList<>();
        for (ScalarExpr.Literal v : values) {
            int at = 0;
            while (at < sorted.size()) {
                Integer c = compare(v, sorted.get(at));
                if (c == null) {
                    return Optional.empty();
                }
                if (c <= 0) {
                    break;
                }
                at++;
            }
            if (at == sorted.size() || compare(v, sorted.get(at)) != 0) {
                sorted.add(at, v);
            }
        }
        return normalize(null, false, null, false, sorted);
    }

    /** Whether no value satisfies the restriction (the conjuncts contradict each other). */
    public boolean isEmpty() {
        return points != null && points.isEmpty();
    }

    /** The values both allow; empty when their values cannot be compared (a string with a number, say). */
    public Optional<ValueRange> intersect(ValueRange other) {
        ScalarExpr.Literal lo = lower;
        boolean loInc = lowerInclusive;
        if (other.lower != null) {
            Integer c = lower == null ? Integer.valueOf(-1) : compare(lower, other.lower);
            if (c == null) {
                return Optional.empty();
            }
            if (c <= 0) {
                loInc = c < 0 ? other.lowerInclusive : loInc && other.lowerInclusive;
                lo = other.lower;
            }
        }
        ScalarExpr.Literal hi = upper;
        boolean hiInc = upperInclusive;
        if (other.upper != null) {
            Integer c = upper == null ? Integer.valueOf(1) : compare(upper, other.upper);
            if (c == null) {
                return Optional.empty();
            }
            if (c >= 0) {
                hiInc = c > 0 ? other.upperInclusive : hiInc && other.upperInclusive;
                hi = other.upper;
            }
        }
        List<ScalarExpr.Literal> pts = points == null ? other.points : points;
        if (points != null && other.points != null) {
            pts = new ArrayList<>();
            for (ScalarExpr.Literal p : points) {
                Optional<Boolean> inOther = other.contains(p);
                if (inOther.isEmpty()) {
                    return Optional.empty();
                }
                if (inOther.get()) {
                    pts.add(p);
                }
            }
        }
        return normalize(lo, loInc, hi, hiInc, pts);
    }

    /** Whether the value is in the range; empty when it cannot be compared with it. */
    public Optional<Boolean> contains(ScalarExpr.Literal value) {
        if (points != null) {
            for (ScalarExpr.Literal p : points) {
                Integer c = compare(value, p);
                if (c == null) {
                    return Optional.empty();
                }
                if (c == 0) {
                    return Optional.of(true);
                }
            }
            return Optional.of(false);
        }
        Integer lo = lower == null ? Integer.valueOf(1) : compare(value, lower);
        Integer hi = upper == null ? Integer.valueOf(-1) : compare(value, upper);
        if (lo == null || hi == null) {
            return Optional.empty();
        }
        return Optional.of((lo > 0 || lo == 0 && lowerInclusive) && (hi < 0 || hi == 0 && upperInclusive));
    }

    /**
     * Whether every value {@code other} allows this one allows too (false when their values cannot be
     * compared): a filter by this range keeps whatever a filter by {@code other} keeps.
     */
    public boolean encloses(ValueRange other) {
        if (other.isEmpty() || equals(ALL)) {
            return true;
        }
        if (other.points != null) {
            return other.points.stream().allMatch(p -> contains(p).orElse(false));
        }
        if (points != null) {
            return other.lower != null && other.lower.equals(other.upper) && contains(other.lower).orElse(false);
        }
        if (lower != null) {
            Integer c = other.lower == null ? null : compare(lower, other.lower);
            if (c == null || c > 0 || c == 0 && !lowerInclusive && other.lowerInclusive) {
                return false;
            }
        }
        if (upper != null) {
            Integer c = other.upper == null ? null : compare(upper, other.upper);
            return c != null && c >= 0 && !(c == 0 && !upperInclusive && other.upperInclusive);
        }
        return true;
    }

    /** The conjuncts that restrict {@code column} to this range: none for ALL, {@code FALSE} when it is empty. */
    public List<ScalarExpr> conjuncts(ScalarExpr column) {
        boolean nullable = column.nullable();
        if (isEmpty()) {
            return List.of(new ScalarExpr.Literal(DataType.BOOLEAN, false));
        }
        if (points != null) {
            List<ScalarExpr> args = new ArrayList<>();
            args.add(column);
            args.addAll(points);
            return List.of(new ScalarExpr.Call(Operator.IN.function(), args, DataType.BOOLEAN, nullable));
        }
        if (lower != null && lower.equals(upper)) {
            return List.of(comparison(Operator.EQ, column, lower));
        }
        List<ScalarExpr> out = new ArrayList<>();
        if (lower != null) {
            out.add(comparison(lowerInclusive ? Operator.GE : Operator.GT, column, lower));
        }
        if (upper != null) {
            out.add(comparison(upperInclusive ? Operator.LE : Operator.LT, column, upper));
        }
        return out;
    }

    private static ScalarExpr comparison(Operator op, ScalarExpr column, ScalarExpr.Literal value) {
        return new ScalarExpr.Call(op.function(), List.of(column, value), DataType.BOOLEAN,
                column.nullable());
    }

    private static Optional<ValueRange> normalize(ScalarExpr.Literal lo, boolean loInc, ScalarExpr.Literal hi,
                                                  boolean hiInc, List<ScalarExpr.Literal> pts) {
        if (pts != null) {
            ValueRange bounds = new ValueRange(lo, loInc, hi, hiInc, null);
            List<ScalarExpr.Literal> kept = new ArrayList<>();
            for (ScalarExpr.Literal p : pts) {
                Optional<Boolean> in = bounds.contains(p);
                if (in.isEmpty()) {
                    return Optional.empty();
                }
                if (in.get()) {
                    kept.add(p);
                }
            }
            if (kept.size() == 1) {
                return Optional.of(new ValueRange(kept.get(0), true, kept.get(0), true, null));
            }
            return Optional.of(kept.isEmpty() ? EMPTY : new ValueRange(null, false, null, false, kept));
        }
        if (lo != null && hi != null) {
            Integer c = compare(lo, hi);
            if (c == null) {
                return Optional.empty();
            }
            if (c > 0 || c == 0 && !(loInc && hiInc)) {
                return Optional.of(EMPTY);
            }
        }
        return Optional.of(new ValueRange(lo, lo != null && loInc, hi, hi != null && hiInc, null));
    }

    /**
     * The order of two non-NULL literals of comparable types (numbers with numbers, strings with
     * strings, a DATE with a DATE ...), or null when they are not comparable.
     */
    static Integer compare(ScalarExpr.Literal a, ScalarExpr.Literal b) {
        Object x = a.value();
        Object y = b.value();
        TypeKind ka = a.type().kind();
        TypeKind kb = b.type().kind();
        if (x instanceof Number && y instanceof Number && ka.isNumeric() && kb.isNumeric()) {
            BigDecimal dx = decimal((Number) x);
            BigDecimal dy = decimal((Number) y);
            return dx == null || dy == null ? null : Integer.signum(dx.compareTo(dy));
        }
        if (x instanceof String sx && y instanceof String sy) {
            if (ka.isString() && kb.isString()) {
                return Integer.signum(sx.compareTo(sy));
            }
            if (ka == kb && ka.isTemporal()) {
                return Integer.signum(temporal(sx).compareTo(temporal(sy)));
            }
        }
        if (x instanceof Boolean bx && y instanceof Boolean by && ka == kb) {
            return Boolean.compare(bx, by);
        }
        return null;
    }

    private static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        double d = n.doubleValue();
        return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
    }

    /** Date-time text in one spelling, so that text order is time order: no trailing fractional zeros. */
    private static String temporal(String s) {
        String t = s.trim();
        if (t.indexOf('.') < 0) {
            return t;
        }
        t = t.replaceAll("0+$", "");
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }
}
