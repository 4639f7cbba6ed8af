package io.cairndb.analyzer;

import io.cairndb.catalog.StreamMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.StreamPlanner;
import io.cairndb.engine.TableLocks;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.SqlParser;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.TableReferences;

import java.util.Map;
import java.util.TreeMap;

/**
 * Locks the streams a consuming statement (INSERT .. SELECT, CTAS) reads, directly or through views,
 * before it reads anything: two consumers of one stream then run one after the other, the second
 * reading the offsets the first committed, whatever tables they write. Locks are taken in name order,
 * so consumers of several streams cannot deadlock, and held until the statement's transaction ends.
 */
public final class ConsumedStreams {
    private static final int MAX_VIEW_DEPTH = 32;

    private ConsumedStreams() {
    }

    public static void lock(StatementContext ctx, Query source) {
        Map<String, StreamMeta> streams = new TreeMap<>();
        collect(ctx, source, streams, 0);
        if (!streams.isEmpty() && ctx.txn().begun()) {
            // The snapshot predates the lock: another consumer's offsets could be missed.
            throw new CairnException(ErrorCode.NOT_SUPPORTED,
                    "A stream can only be consumed by the first statement of a transaction");
        }
        for (StreamMeta s : streams.values()) {
            if (StreamPlanner.isInternal(s.name())) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Stream " + s.name() + " is an internal stream of an incrementally "
                        + "maintained materialized view: only its refreshes consume it");
            }
            TableLocks.Held lock = ctx.locks().lockStream(s.database(), s.name(), ctx.txn(), ctx.txn()::interrupted);
            ctx.txn().afterEnd(lock::close);
            ctx.streamReads().claim(s.database(), s.name());
        }
    }

    private static void collect(StatementContext ctx, Query query, Map<String, StreamMeta> out, int depth) {
        if (depth > MAX_VIEW_DEPTH) {
            return; // the translation reports the cycle
        }
        for (QualifiedName name : TableReferences.of(query)) {
            String db = name.database() != null ? name.database() : ctx.session().currentDatabase();
            if (db == null || ctx.systemTables().isSystemSchema(db)) {
                continue;
            }
            TableMeta t = ctx.catalog().table(db, name.name());
            if (t == null) {
                StreamMeta s = ctx.catalog().stream(db, name.name());
                if (s != null) {
                    out.put(s.database() + "\u0000" + s.name(), s);
                }
            } else if (t.isView()) {
                collect(ctx, SqlParser.parseQuery(t.viewSql()), out, depth + 1);
            }
        }
    }
}
