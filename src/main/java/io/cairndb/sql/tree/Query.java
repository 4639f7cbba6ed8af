package io.cairndb.sql.tree;

import java.util.List;

/** A query expression: optional WITH, a body, ORDER BY and LIMIT (limit nullable). */
public record Query(List<WithQuery> with, QueryBody body, List<OrderItem> orderBy, Limit limit) {
    public Query {
        with = List.copyOf(with);
        orderBy = List.copyOf(orderBy);
    }

    public static Query of(QueryBody body) {
        return new Query(List.of(), body, List.of(), null);
    }

    /** One common table expression; columns may be empty. */
    public record WithQuery(String name, List<String> columns, Query query) {
        public WithQuery {
            columns = List.copyOf(columns);
        }
    }

    /** {@code LIMIT count [OFFSET offset]} / {@code LIMIT offset, count}. */
    public record Limit(long count, long offset) {
    }
}
