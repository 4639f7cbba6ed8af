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

    /** Strict mode: fails on the first kind of bad row found, in one scan of the batch. */
    static void check(Connection c, TableMeta t) {
        List<Probe> probes = probes(t);
        if (probes.isEmpty()) {
            return;
        }
        List<String> flags = new ArrayList<>();
        for (Probe p : probes) {
            flags.add("bool_or(coalesce(" + p.predicate() + ", FALSE))");
        }
        List<Object> hit = Sql.rows(c, "SELECT " + String.join(", ", flags) + " FROM " + StagedRows.table()).get(0);
        for (int i = 0; i < hit.size(); i++) {
            if (Boolean.TRUE.equals(hit.get(i))) {
                throw new CairnException(ErrorCode.WRONG_VALUE, "Insert has filtered data in strict mode. Reason: " + probes.get(i).reason());
            }
        }
    }

    /** The rows a non-strict load filtered out, and why (one message per reason). */
    record Filtered(long rows, List<String> reasons) {
        static final Filtered NONE = new Filtered(0, List.of());

        Filtered plus(Filtered more) {
            List<String> all = new ArrayList<>(reasons);
            all.addAll(more.reasons());
            return new Filtered(rows + more.rows(), all);
        }

        /** Fails when more than {@code maxRatio} of the statement's {@code total} rows were filtered. */
        Filtered requireRatio(long total, double maxRatio) {
            if (rows > maxRatio * total) {
                throw new CairnException(ErrorCode.WRONG_VALUE, String.format(Locale.ROOT,
                        "Insert has too many filtered data %d/%d insert_max_filter_ratio is %f", rows, total, maxRatio));
            }
            return this;
        }
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
        long filtered = reasons.isEmpty() ? 0
                : Sql.execute(c, "DELETE FROM " + StagedRows.table() + " WHERE " + String.join(" OR ", bad));
        return new Filtered(filtered, reasons);
    }
}
