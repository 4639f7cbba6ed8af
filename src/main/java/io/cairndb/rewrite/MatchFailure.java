package io.cairndb.rewrite;

/**
 * Why a materialized view cannot answer a query, thrown from deep in matching; its message is the
 * reason EXPLAIN shows. Cheap: no stack trace.
 */
final class MatchFailure extends RuntimeException {
    MatchFailure(String reason) {
        super(reason, null, false, false);
    }
}
