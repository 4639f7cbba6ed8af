package io.cairndb.analyzer;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.sql.tree.Expr;

import java.math.BigInteger;
import java.util.List;

/**
 * Doris's integer typing: a literal has the smallest integer type that holds it, and +, - and * of two
 * integers have the type one step wider than the wider operand (TINYINT + TINYINT is a SMALLINT, INT +
 * INT a BIGINT, BIGINT + BIGINT a LARGEINT), so that they do not overflow where DuckDB would; the SUM
 * of integers is a BIGINT (DuckDB's is a HUGEINT).
 */
final class IntegerTypes {
    private static final List<DataType> LADDER = List.of(DataType.TINYINT, DataType.SMALLINT, DataType.INT, DataType.BIGINT,
            DataType.LARGEINT);

    private IntegerTypes() {
    }

    static DataType literal(BigInteger v) {
        for (DataType t : LADDER) {
            if (v.bitLength() < bits(t)) {
                return t;
            }
        }
        return null;
    }

    static boolean widens(Expr.BinaryOp op) {
        return op == Expr.BinaryOp.ADD || op == Expr.BinaryOp.SUBTRACT || op == Expr.BinaryOp.MULTIPLY;
    }

    /** The Doris type of {@code l op r} for integer operands, or null when either is not an integer. */
    static DataType widened(DataType l, DataType r) {
        int li = l == null ? -1 : rank(l.kind());
        int ri = r == null ? -1 : rank(r.kind());
        if (li < 0 || ri < 0) {
            return null;
        }
        return LADDER.get(Math.min(Math.max(li, ri) + 1, LADDER.size() - 1));
    }

    /** The Doris type of SUM over {@code arg}: BIGINT for the integers up to BIGINT, LARGEINT for LARGEINT; else null. */
    static DataType sum(DataType arg) {
        int i = arg == null ? -1 : rank(arg.kind());
        if (i < 0) {
            return null;
        }
        return i == LADDER.size() - 1 ? DataType.LARGEINT : DataType.BIGINT;
    }

    private static int rank(TypeKind kind) {
        for (int i = 0; i < LADDER.size(); i++) {
            if (LADDER.get(i).kind() == kind) {
                return i;
            }
        }
        return -1;
    }

    private static int bits(DataType t) {
        return switch (t.kind()) {
            case TINYINT -> 8;
            case SMALLINT -> 16;
            case INT -> 32;
            case BIGINT -> 64;
            default -> 128;
        };
    }
}
