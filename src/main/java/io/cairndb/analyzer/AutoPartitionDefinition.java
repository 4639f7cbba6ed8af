package io.cairndb.analyzer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Checks an AUTO PARTITION clause with Doris's rules: RANGE partitions by {@code date_trunc} of one
 * NOT NULL DATE or DATETIME column, LIST by plain columns of the types Doris lists.
 */
final class AutoPartitionDefinition {
    private static final Set<String> UNITS = Set.of("year", "quarter", "month", "week", "day", "hour", "minute", "second");
    private static final Set<String> DAY_OR_COARSER = Set.of("year", "quarter", "month", "week", "day");
    private static final Set<TypeKind> LIST_TYPES = Set.of(TypeKind.BOOLEAN, TypeKind.TINYINT, TypeKind.SMALLINT, TypeKind.INT,
            TypeKind.BIGINT, TypeKind.LARGEINT, TypeKind.DATE, TypeKind.DATETIME, TypeKind.CHAR, TypeKind.VARCHAR);

    private AutoPartitionDefinition() {
    }

    static PartitionScheme.AutoPartition of(PartitionScheme.Kind kind, List<ColumnMeta> columns, String truncUnit) {
        if (kind == PartitionScheme.Kind.LIST) {
            for (ColumnMeta c : columns) {
                if (!LIST_TYPES.contains(c.type().kind())) {
                    throw bad("AUTO LIST PARTITION does not support column " + c.name() + " of type " + c.type().toSql());
                }
            }
            return new PartitionScheme.AutoPartition(null);
        }
        if (truncUnit == null) {
            throw bad("AUTO RANGE PARTITION needs a partition expression date_trunc(column, 'unit')");
        }
        ColumnMeta column = columns.get(0);
        TypeKind type = column.type().kind();
        if (type != TypeKind.DATE && type != TypeKind.DATETIME) {
            throw bad("AUTO RANGE PARTITION only supports a DATE or DATETIME column, not " + column.type().toSql());
        }
        if (column.nullable()) {
            throw bad("AUTO RANGE PARTITION doesn't support NULL column");
        }
        String unit = truncUnit.toLowerCase(Locale.ROOT);
        if (!UNITS.contains(unit)) {
            throw bad("date_trunc unit of AUTO RANGE PARTITION must be one of year, quarter, month, week, day, hour, "
                    + "minute, second, not '" + truncUnit + "'");
        }
        if (type == TypeKind.DATE && !DAY_OR_COARSER.contains(unit)) {
            throw bad("date_trunc unit '" + truncUnit + "' is finer than a day, which a DATE column can not be partitioned by");
        }
        return new PartitionScheme.AutoPartition(unit);
    }

    private static CairnException bad(String message) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, message);
    }
}
