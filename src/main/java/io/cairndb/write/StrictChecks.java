package io.cairndb.write;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The staged rows Doris filters: NULL into NOT NULL columns, strings longer than VARCHAR(n)/CHAR(n)
 * (Doris counts bytes) and, given as {@code outside}, rows in no partition. In strict mode
 * (enable_insert_strict) one such row fails the statement; otherwise they are removed and counted,
 * and the statement fails only when they are more than insert_max_filter_ratio of its rows.
 */
final class StrictChecks {
    private record Probe(String predicate, String reason) {
    }

    private StrictChecks() {
    }

    private static List<Probe> probes(TableMeta t) {
        List<Probe> probes = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            String ref = Sql.ident(col.name());
            if (!col.nullable()) {
                probes.add(new Probe(ref + " IS NULL", "column_name[" + col.name() + "], null value for not null column"));
            }
            boolean bounded = (col.type().kind() == TypeKind.VARCHAR || col.type().kind() == TypeKind.CHAR)
                    && col.type().length() > 0;
            if (bounded) {
                probes.add(new Probe("strlen(" + ref + ") > " + col.type().length(), "column_name[" + col.name()
                        + "], the length of input is too long than schema. max length: " + col.type().length()));
            }
        }
        return probes;
    }

    /**
     * Strict mode: fails on the first kind of bad row found, in one scan of the batch. The same scan
     * answers {@code question}, a boolean aggregate over the batch (null: none), which is returned
     * (false without a question).
     */
    static boolean check(Connection c, TableMeta t, String question) {
        List<Probe> probes = probes(t);
        if (probes.isEmpty() && question == null) {
            return false;
        }
        List<String> flags = new ArrayList<>();
        for (Probe p : probes) {
            flags.add("bool_or(coalesce(" + p.predicate() + ", FALSE))");
        }
        if (question != null) {
            flags.add(question);
        }
        List<Object> hit = Sql.rows(c, "SELECT " + String.join(", ", flags) + " FROM " + StagedRows.table()).get(0);
        for (int i = 0; i < probes.size(); i++) {
            if (Boolean.TRUE.equals(hit.get(i))) {
                throw new CairnException(ErrorCode.WRONG_VALUE, "Insert has filtered data in strict mode. Reason: " + probes.get(i).reason());
            }
        }
        return question != null && Boolean.TRUE.equals(hit.get(probes.size()));
    }

    /** Rejected rows kept for a load's error log, at most (Doris's error log is a sample too). */
    static final int MAX_REJECTED_SAMPLES = 1000;

    /**
     * The rows a non-strict load filtered out, why (one message per reason), and the first of them as
     * a load's error log shows them ({@code Reason: .. src line [v1,v2,..];}).
     */
    record Filtered(long rows, List<String> reasons, List<String> rejected) {
        static final Filtered NONE = new Filtered(0, List.of(), List.of());

        Filtered plus(Filtered more) {
            List<String> all = new ArrayList<>(reasons);
            all.addAll(more.reasons());
            List<String> lines = new ArrayList<>(rejected);
            lines.addAll(more.rejected().subList(0, Math.min(more.rejected().size(), MAX_REJECTED_SAMPLES - lines.size())));
            return new Filtered(rows + more.rows(), all, lines);
        }

        /** Fails when more than {@code maxRatio} of the statement's {@code total} rows were filtered. */
        Filtered requireRatio(long total, double maxRatio) {
            if (rows > maxRatio * total) {
                throw new FilteredRowsException(String.format(Locale.ROOT,
                        "Insert has too many filtered data %d/%d insert_max_filter_ratio is %f", rows, total, maxRatio), rows, total, rejected);
            }
            return this;
        }
    }

    /** The first bad rows with the first reason each has, as error log lines. */
    private static List<String> rejected(Connection c, TableMeta t, List<Probe> probes) {
        StringBuilder reason = new StringBuilder("CASE");
        for (Probe p : probes) {
            reason.append(" WHEN coalesce(").append(p.predicate()).append(", FALSE) THEN ").append(Sql.literal(p.reason()));
        }
        reason.append(" END");
        List<String> values = new ArrayList<>();
        for (ColumnMeta col : t.columns()) {
            values.add("coalesce(CAST(" + Sql.ident(col.name()) + " AS VARCHAR), 'NULL')");
        }
        String sql = "SELECT * FROM (SELECT " + reason + " AS reason, concat_ws(',', " + String.join(", ", values) + ") AS line FROM "
                + StagedRows.table() + ") WHERE reason IS NOT NULL LIMIT " + MAX_REJECTED_SAMPLES;
        List<String> out = new ArrayList<>();
        for (List<Object> r : Sql.rows(c, sql)) {
            out.add("Reason: " + r.get(0) + ". src line [" + r.get(1) + "];");
        }
        return out;
    }

    /**
     * Non-strict mode: removes the bad rows from the batch ({@code onlyOutside}: only those
     * {@code outside}, a predicate that is then not null) and says how many went, and why.
     */
    static Filtered filter(Connection c, TableMeta t, String outside, boolean onlyOutside) {
        List<Probe> probes = new ArrayList<>(onlyOutside ? List.of() : probes(t));
        if (outside != null) {
            probes.add(new Probe(outside, "no partition for this tuple"));
        }
        if (probes.isEmpty()) {
            return Filtered.NONE;
        }
        List<String> counts = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        for (Probe p : probes) {
            counts.add("count(*) FILTER (WHERE coalesce(" + p.predicate() + ", FALSE))");
            bad.add("coalesce(" + p.predicate() + ", FALSE)");
        }
        List<Object> perProbe = Sql.rows(c, "SELECT " + String.join(", ", counts) + " FROM " + StagedRows.table()).get(0);
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < probes.size(); i++) {
            long n = ((Number) perProbe.get(i)).longValue();
            if (n > 0) {
                reasons.add("Insert has filtered data in non-strict mode. Reason: " + probes.get(i).reason() + ". Rows: " + n);
            }
        }
        if (reasons.isEmpty()) {
            return Filtered.NONE;
        }
        List<String> rejected = rejected(c, t, probes);
        long filtered = Sql.execute(c, "DELETE FROM " + StagedRows.table() + " WHERE " + String.join(" OR ", bad));
        return new Filtered(filtered, reasons, rejected);
    }
}
