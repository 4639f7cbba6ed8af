package io.cairndb.sql.tree;

import java.util.List;

/** {@code OVER (PARTITION BY .. ORDER BY .. frame)}; frame is nullable. */
public record WindowSpec(List<Expr> partitionBy, List<OrderItem> orderBy, Frame frame) {
    public WindowSpec {
        partitionBy = List.copyOf(partitionBy);
        orderBy = List.copyOf(orderBy);
    }

    public enum FrameUnit { ROWS, RANGE }

    public enum BoundType { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }

    /** A frame bound; offset is set for PRECEDING and FOLLOWING only. */
    public record Bound(BoundType type, Expr offset) {
    }

    /** {@code ROWS|RANGE start} or {@code ROWS|RANGE BETWEEN start AND end}; end nullable. */
    public record Frame(FrameUnit unit, Bound start, Bound end) {
    }
}
