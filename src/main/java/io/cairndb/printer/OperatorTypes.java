package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.sql.tree.Expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The Doris result types of operators and literals, and the common type that operands are brought
 * to. Integer +, - and * give the type one step wider than the wider operand (TINYINT + TINYINT is a
 * SMALLINT, BIGINT + BIGINT a LARGEINT) so that they do not overflow; integer / integer is a DOUBLE;
 * DECIMAL arithmetic follows Doris's DECIMALV3 precision rules with 38 digits at most, a division
 * scale increment of 4 and an overflow scale of 6 (Doris's defaults); anything with FLOAT, DOUBLE
 * or a string is a DOUBLE.
 */
public final class OperatorTypes {
    /** The widest DECIMAL (Doris without enable_decimal256). */
    static final int MAX_PRECISION = 38;
    /** Doris's div_precision_increment default: the digits a DECIMAL division adds to the dividend's scale. */
    private static final int DIV_PRECISION_INCREMENT = 4;
    /** Doris's decimal_overflow_scale default: the scale kept when a product or quotient overflows 38 digits. */
    private static final int DECIMAL_OVERFLOW_SCALE = 6;
    private static final List<DataType> LADDER = List.of(DataType.TINYINT, DataType.SMALLINT, DataType.INT,
            DataType.BIGINT, DataType.LARGEINT);

    private OperatorTypes() {
    }

    /**
     * {@code l op r} for + - * / DIV % & | ^. Division, DIV and modulo are nullable whatever their
     * operands (a zero divisor gives NULL); the others when an operand is. Returns null when the
     * operands are not numbers, strings, booleans, dates or NULL (an ARRAY, a BITMAP ...).
     */
    public static ArgumentType arithmetic(Expr.BinaryOp op, ArgumentType l, ArgumentType r) {
        DataType lt = operand(l.type(), r.type());
        DataType rt = operand(r.type(), l.type());
        if (lt == null || rt == null) {
            return null;
        }
        DataType type = switch (op) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, MOD -> numeric(op, lt, l.constant(), rt, r.constant());
            case INT_DIVIDE -> lt.kind() == TypeKind.LARGEINT || rt.kind() == TypeKind.LARGEINT
                    ? DataType.LARGEINT : DataType.BIGINT;
            case BIT_AND, BIT_OR, BIT_XOR -> lt.kind().isInteger() && rt.kind().isInteger()
                    ? wider(lt, rt) : DataType.BIGINT;
            default -> throw new IllegalArgumentException("not an arithmetic operator: " + op);
        };
        boolean divides = op == Expr.BinaryOp.DIVIDE || op == Expr.BinaryOp.INT_DIVIDE || op == Expr.BinaryOp.MOD;
        return ArgumentType.of(type, divides || l.nullable() || r.nullable());
    }

    /** {@code -x}: the operand's type (a literal's, negated: -128 is a TINYINT); a string is negated as a DOUBLE. */
    public static ArgumentType negate(ArgumentType x) {
        DataType type = x.type();
        if (x.constant() instanceof BigInteger v && integerLiteral(v.negate()) != null) {
            type = integerLiteral(v.negate());
        } else if (type.kind() == TypeKind.BOOLEAN) {
            type = DataType.TINYINT;
        } else if (!type.kind().isNumeric() && type.kind() != TypeKind.NULL_TYPE) {
            type = DataType.DOUBLE;
        }
        return ArgumentType.of(type, x.nullable());
    }

    /** {@code ~x}: a BIGINT unless x is already an integer. */
    public static ArgumentType bitNot(ArgumentType x) {
        DataType type = x.type().kind().isInteger() ? x.type() : DataType.BIGINT;
        return ArgumentType.of(type, x.nullable());
    }

    /**
     * A comparison (= != < <= > >= <=>), AND or OR: a BOOLEAN, nullable when an operand is
     * ({@code <=>} never is).
     */
    public static ArgumentType comparison(Expr.BinaryOp op, ArgumentType l, ArgumentType r) {
        boolean nullable = op != Expr.BinaryOp.NULL_SAFE_EQ && (l.nullable() || r.nullable());
        return ArgumentType.of(DataType.BOOLEAN, nullable);
    }

    /** A predicate that is not a binary operator (NOT, LIKE, IN, BETWEEN): BOOLEAN, nullable when an operand is. */
    public static ArgumentType predicate(List<ArgumentType> operands) {
        return ArgumentType.of(DataType.BOOLEAN, operands.stream().anyMatch(ArgumentType::nullable));
    }

    /** {@code x IS [NOT] NULL}, EXISTS: a BOOLEAN that is never NULL. */
    public static ArgumentType isNull() {
        return ArgumentType.of(DataType.BOOLEAN, false);
    }

    /** The smallest integer type that holds v, as Doris types an integer literal; null beyond LARGEINT. */
    public static DataType integerLiteral(BigInteger v) {
        for (DataType t : LADDER) {
            if (v.bitLength() < bits(t.kind())) {
                return t;
            }
        }
        return null;
    }

    /**
     * A literal such as 1.50 as Doris types it: DECIMAL(p, s) with s its written fraction digits and
     * p its digits (at least s: 0.05 is DECIMAL(2, 2)); a DOUBLE beyond 38 digits.
     */
    public static DataType decimalLiteral(BigDecimal v) {
        BigDecimal d = v.scale() < 0 ? v.setScale(0) : v;
        int precision = Math.max(d.precision(), d.scale());
        return precision > MAX_PRECISION ? DataType.DOUBLE : DataType.decimal(precision, d.scale());
    }

    /**
     * The type that CASE branches, COALESCE/IF/IFNULL arguments, IN lists and UNION columns are
     * brought to: integers widen along the ladder, an integer with a DECIMAL gives a DECIMAL wide
     * enough for both, anything with FLOAT or DOUBLE a DOUBLE, DATE with DATETIME a DATETIME, strings
     * of different lengths a VARCHAR of the longer (a STRING if either is one), a string with a number
     * or a date a STRING; ARRAY, MAP and STRUCT element-wise. NULL takes the other type. Returns null
     * when there is no common type (a BITMAP with an INT ...), and NULL for an empty list or only NULLs.
     */
    public static DataType commonType(List<DataType> types) {
        DataType result = DataType.NULL;
        for (DataType t : types) {
            result = commonType(result, t);
            if (result == null) {
                return null;
            }
        }
        return result;
    }

    /**
     * The type both sides of a comparison are compared as: as {@link #commonType} except that a
     * string compared with a number is compared as a DOUBLE and a string compared with a date as
     * that date type, as Doris casts the string.
     */
    public static DataType comparisonType(DataType l, DataType r) {
        for (int i = 0; i < 2; i++) {
            DataType s = i == 0 ? l : r;
            DataType o = i == 0 ? r : l;
            if (s.kind().isString() && (o.kind().isNumeric() || o.kind() == TypeKind.BOOLEAN)) {
                return DataType.DOUBLE;
            }
            if (s.kind().isString() && o.kind().isTemporal()) {
                return o;
            }
        }
        return commonType(l, r);
    }

    static DataType commonType(DataType a, DataType b) {
        if (a.equals(b)) {
            return a;
        }
        TypeKind ak = a.kind();
        TypeKind bk = b.kind();
        if (ak == TypeKind.NULL_TYPE) {
            return b;
        }
        if (bk == TypeKind.NULL_TYPE) {
            return a;
        }
        if (numberLike(ak) && numberLike(bk)) {
            return widerNumber(ak == TypeKind.BOOLEAN ? DataType.TINYINT : a, bk == TypeKind.BOOLEAN ? DataType.TINYINT : b);
        }
        if (ak.isTemporal() && bk.isTemporal()) {
            return ak == TypeKind.DATE && bk == TypeKind.DATE ? DataType.DATE
                    : DataType.datetime(Math.max(fraction(a), fraction(b)));
        }
        if (ak.isString() && bk.isString()) {
            return widerString(a, b);
        }
        if (ak.isString() || bk.isString()) {
            boolean scalar = (ak.isString() || numberLike(ak) || ak.isTemporal() || ak == TypeKind.JSON)
                    && (bk.isString() || numberLike(bk) || bk.isTemporal() || bk == TypeKind.JSON);
            return scalar ? DataType.STRING : null;
        }
        if (ak.isTemporal() && numberLike(bk) || bk.isTemporal() && numberLike(ak)) {
            return DataType.STRING;
        }
        if (ak != bk) {
            return null;
        }
        return switch (ak) {
            case ARRAY -> {
                DataType e = commonType(a.children().get(0), b.children().get(0));
                yield e == null ? null : DataType.array(e);
            }
            case MAP -> {
                DataType k = commonType(a.children().get(0), b.children().get(0));
                DataType v = commonType(a.children().get(1), b.children().get(1));
                yield k == null || v == null ? null : DataType.map(k, v);
            }
            case STRUCT -> commonStruct(a, b);
            case AGG_STATE -> AggregateStates.common(a, b);
            default -> a;
        };
    }

    private static DataType commonStruct(DataType a, DataType b) {
        if (a.children().size() != b.children().size()) {
            return null;
        }
        List<DataType> fields = new ArrayList<>();
        for (int i = 0; i < a.children().size(); i++) {
            DataType f = commonType(a.children().get(i), b.children().get(i));
            if (f == null) {
                return null;
            }
            fields.add(f);
        }
        return DataType.struct(a.fieldNames(), fields);
    }

    /** VARCHAR(max) of two strings; a STRING when either is one, CHAR(n) when both are CHAR(n). */
    private static DataType widerString(DataType a, DataType b) {
        if (a.kind() == TypeKind.STRING || b.kind() == TypeKind.STRING) {
            return DataType.STRING;
        }
        if (a.kind() == TypeKind.CHAR && b.kind() == TypeKind.CHAR && a.length() == b.length()) {
            return a;
        }
        if (a.length() < 0 || b.length() < 0) {
            return DataType.varchar(-1);
        }
        return DataType.varchar(Math.max(length(a), length(b)));
    }

    private static int length(DataType s) {
        return s.kind() == TypeKind.CHAR && s.length() < 0 ? 1 : s.length();
    }

    private static int fraction(DataType t) {
        return t.kind() == TypeKind.DATETIME ? t.scale() : 0;
    }

    private static boolean numberLike(TypeKind k) {
        return k.isNumeric() || k == TypeKind.BOOLEAN;
    }

    /** The common type of two numbers (booleans read as TINYINT). */
    private static DataType widerNumber(DataType a, DataType b) {
        TypeKind ak = a.kind();
        TypeKind bk = b.kind();
        if (ak == TypeKind.DOUBLE || bk == TypeKind.DOUBLE || ak == TypeKind.FLOAT || bk == TypeKind.FLOAT) {
            return ak == TypeKind.FLOAT && bk == TypeKind.FLOAT ? DataType.FLOAT : DataType.DOUBLE;
        }
        if (ak.isInteger() && bk.isInteger()) {
            return wider(a, b);
        }
        DataType da = toDecimal(a, null);
        DataType db = toDecimal(b, null);
        int scale = Math.max(da.scale(), db.scale());
        int digits = Math.max(da.precision() - da.scale(), db.precision() - db.scale());
        return capped(digits, scale);
    }

    /** A DECIMAL of integer digits and a scale, the scale cut to fit 38 digits. */
    private static DataType capped(int integerDigits, int scale) {
        if (integerDigits + scale <= MAX_PRECISION) {
            return DataType.decimal(Math.max(integerDigits + scale, 1), scale);
        }
        return DataType.decimal(MAX_PRECISION, Math.max(0, MAX_PRECISION - integerDigits));
    }

    /** The wider of two integer types. */
    static DataType wider(DataType a, DataType b) {
        return LADDER.get(Math.max(rank(a.kind()), rank(b.kind())));
    }

    /** The integer type one step wider than the wider of two, LARGEINT at most. */
    static DataType widened(DataType a, DataType b) {
        return LADDER.get(Math.min(Math.max(rank(a.kind()), rank(b.kind())) + 1, LADDER.size() - 1));
    }

    /** An operand as arithmetic reads it: NULL as the other side's type, BOOLEAN as TINYINT, strings and dates as DOUBLE. */
    private static DataType operand(DataType t, DataType other) {
        if (t.kind() == TypeKind.NULL_TYPE) {
            t = other.kind() == TypeKind.NULL_TYPE ? DataType.TINYINT : other;
        }
        TypeKind k = t.kind();
        if (k == TypeKind.BOOLEAN) {
            return DataType.TINYINT;
        }
        if (k.isNumeric()) {
            return t;
        }
        if (k.isString() || k.isTemporal() || k == TypeKind.JSON) {
            return DataType.DOUBLE;
        }
        return k == TypeKind.NULL_TYPE ? DataType.TINYINT : null;
    }

    private static DataType numeric(Expr.BinaryOp op, DataType l, Object lc, DataType r, Object rc) {
        TypeKind lk = l.kind();
        TypeKind rk = r.kind();
        if (lk == TypeKind.DOUBLE || rk == TypeKind.DOUBLE || lk == TypeKind.FLOAT || rk == TypeKind.FLOAT) {
            return DataType.DOUBLE;
        }
        if (lk.isInteger() && rk.isInteger()) {
            return switch (op) {
                case DIVIDE -> DataType.DOUBLE;
                case MOD -> wider(l, r);
                default -> widened(l, r);
            };
        }
        return decimal(op, toDecimal(l, lc), toDecimal(r, rc));
    }

    /**
     * An integer as the DECIMAL it meets a DECIMAL as: an integer literal by its digits (2 is
     * DECIMAL(1, 0)), otherwise by its type's range (INT is DECIMAL(10, 0), BIGINT DECIMAL(20, 0)).
     */
    private static DataType toDecimal(DataType t, Object constant) {
        if (t.kind() == TypeKind.DECIMAL) {
            return t;
        }
        if (constant instanceof BigInteger v) {
            return DataType.decimal(Math.max(1, v.abs().toString().length()), 0);
        }
        return switch (t.kind()) {
            case TINYINT -> DataType.decimal(3, 0);
            case SMALLINT -> DataType.decimal(5, 0);
            case INT -> DataType.decimal(10, 0);
            case BIGINT -> DataType.decimal(20, 0);
            default -> DataType.decimal(MAX_PRECISION, 0);
        };
    }

    /** Doris's DECIMALV3 result type of {@code l op r} for + - * / %. */
    private static DataType decimal(Expr.BinaryOp op, DataType l, DataType r) {
        int p1 = l.precision();
        int s1 = l.scale();
        int p2 = r.precision();
        int s2 = r.scale();
        int digits = Math.max(p1 - s1, p2 - s2);
        switch (op) {
            case MULTIPLY -> {
                int p = p1 + p2;
                int s = s1 + s2;
                if (p <= MAX_PRECISION) {
                    return DataType.decimal(p, s);
                }
                return DataType.decimal(MAX_PRECISION, overflowScale(p - s, s, Math.min(s, MAX_PRECISION - (p - s))));
            }
            case DIVIDE -> {
                int p = p1 + s2 + DIV_PRECISION_INCREMENT;
                int s = s1 + DIV_PRECISION_INCREMENT;
                if (p <= MAX_PRECISION) {
                    return DataType.decimal(p, s);
                }
                int kept = overflowScale(p - s1, s1, MAX_PRECISION - (p - s1));
                return DataType.decimal(MAX_PRECISION, Math.min(kept + DIV_PRECISION_INCREMENT, MAX_PRECISION));
            }
            default -> {
                // + and - carry one digit; % does not.
                int s = Math.max(s1, s2);
                int p = digits + s + (op == Expr.BinaryOp.MOD ? 0 : 1);
                if (p <= MAX_PRECISION) {
                    return DataType.decimal(p, s);
                }
                return DataType.decimal(MAX_PRECISION, Math.max(0, MAX_PRECISION - digits));
            }
        }
    }

    /**
     * The scale Doris keeps when a product or quotient overflows 38 digits: {@code fits} while the
     * integer digits leave room for decimal_overflow_scale digits, else the scale itself up to
     * decimal_overflow_scale.
     */
    private static int overflowScale(int integerDigits, int scale, int fits) {
        if (integerDigits < MAX_PRECISION - DECIMAL_OVERFLOW_SCALE) {
            return Math.max(0, fits);
        }
        return Math.min(scale, DECIMAL_OVERFLOW_SCALE);
    }

    private static int rank(TypeKind kind) {
        for (int i = 0; i < LADDER.size(); i++) {
            if (LADDER.get(i).kind() == kind) {
                return i;
            }
        }
        throw new IllegalArgumentException("not an integer type: " + kind);
    }

    private static int bits(TypeKind kind) {
        return switch (kind) {
            case TINYINT -> 8;
            case SMALLINT -> 16;
            case INT -> 32;
            case BIGINT -> 64;
            default -> 128;
        };
    }
}
