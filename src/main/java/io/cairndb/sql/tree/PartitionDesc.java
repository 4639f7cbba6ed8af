package io.cairndb.sql.tree;

import java.util.List;

/**
 * {@code [AUTO] PARTITION BY RANGE|LIST (cols) (partition definitions)}. An AUTO RANGE partitioning
 * names its column through {@code date_trunc(col, 'unit')}: {@code truncUnit} holds the unit as
 * written, null otherwise.
 */
public record PartitionDesc(Kind kind, List<String> columns, List<PartitionDef> partitions, boolean auto, String truncUnit) {
    public PartitionDesc {
        columns = List.copyOf(columns);
        partitions = List.copyOf(partitions);
    }

    public PartitionDesc(Kind kind, List<String> columns, List<PartitionDef> partitions) {
        this(kind, columns, partitions, false, null);
    }

    public enum Kind { RANGE, LIST }

    /** A bound value as written (quotes removed), MAXVALUE, or NULL (a LIST value; text null). */
    public record Value(String text, boolean maxValue) {
        public static final Value MAX = new Value(null, true);
        public static final Value NULL = new Value(null, false);

        public boolean isNull() {
            return text == null && !maxValue;
        }

        public static Value of(String text) {
            return new Value(text, false);
        }
    }

    public sealed interface PartitionDef {
    }

    /** {@code PARTITION p VALUES LESS THAN (v, ...) | MAXVALUE}. */
    public record LessThan(String name, boolean ifNotExists, List<Value> upper) implements PartitionDef {
        public LessThan {
            upper = List.copyOf(upper);
        }
    }

    /** {@code PARTITION p VALUES [(lower), (upper))}. */
    public record FixedRange(String name, boolean ifNotExists, List<Value> lower, List<Value> upper)
            implements PartitionDef {
        public FixedRange {
            lower = List.copyOf(lower);
            upper = List.copyOf(upper);
        }
    }

    /**
     * {@code FROM (a) TO (b) INTERVAL n [unit]}: unit is DAY, WEEK, MONTH, YEAR (upper-case), or
     * null for a numeric step.
     */
    public record Step(List<Value> from, List<Value> to, long interval, String unit) implements PartitionDef {
        public Step {
            from = List.copyOf(from);
            to = List.copyOf(to);
        }
    }

    /** {@code PARTITION p VALUES IN ((v1, ...), ...)} or {@code VALUES IN (v1, v2)}: one tuple per value. */
    public record ListValues(String name, boolean ifNotExists, List<List<Value>> values) implements PartitionDef {
        public ListValues {
            values = values.stream().map(List::copyOf).toList();
        }
    }
}
