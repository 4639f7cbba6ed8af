package io.cairndb.printer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;

import java.util.ArrayList;
import java.util.List;

/**
 * DuckDB predicates that select the rows of partitions. Partitions are metadata over one DuckDB
 * table, so every partition operation (scan, truncate, drop, version tracking) is one of these.
 */
public final class PartitionPredicates {
    private PartitionPredicates() {
    }

    /** Rows of {@code p}; column references are unqualified unless {@code qualifier} is given. */
    public static String of(TableMeta t, PartitionMeta p, String qualifier) {
        PartitionScheme s = t.partitioning();
        if (s.kind() == PartitionScheme.Kind.UNPARTITIONED) {
            return "TRUE";
        }
        List<ColumnMeta> cols = s.columns().stream().map(t::column).toList();
        if (s.kind() == PartitionScheme.Kind.LIST) {
            return listMember(cols, qualifier, p.listValues());
        }
        List<String> conds = new ArrayList<>();
        String key = tuple(cols.subList(0, Math.max(1, Math.max(p.lower().size(), p.upper().size()))), qualifier);
        if (!p.lower().isEmpty()) {
            conds.add(tuple(cols.subList(0, p.lower().size()), qualifier) + " >= " + tuple(cols, p.lower()));
        }
        if (!p.upper().isEmpty()) {
            conds.add(tuple(cols.subList(0, p.upper().size()), qualifier) + " < " + tuple(cols, p.upper()));
        }
        if (conds.isEmpty()) {
            return "TRUE";
        }
        String range = "(" + String.join(" AND ", conds) + ")";
        // Doris puts NULL partition values into the partition that starts at MINVALUE.
        return p.lower().isEmpty() ? "(" + key + " IS NULL OR " + range + ")" : range;
    }

    public static String of(TableMeta t, PartitionMeta p) {
        return of(t, p, null);
    }

    /** Rows of any of {@code parts}. */
    public static String anyOf(TableMeta t, List<PartitionMeta> parts) {
        if (parts.isEmpty()) {
            return "FALSE";
        }
        List<String> preds = new ArrayList<>();
        for (PartitionMeta p : parts) {
            preds.add(of(t, p));
        }
        return "(" + String.join(" OR ", preds) + ")";
    }

    /** An expression giving the position of a row's partition in the scheme, or NULL if none holds it. */
    public static String ordinal(TableMeta t, String qualifier) {
        List<PartitionMeta> parts = t.partitioning().partitions();
        if (t.partitioning().kind() == PartitionScheme.Kind.UNPARTITIONED) {
            return "0";
        }
        if (parts.isEmpty()) {
            // A table whose partitions are all yet to come (dynamic or AUTO partitioning) holds no row.
            return "CAST(NULL AS INTEGER)";
        }
        StringBuilder sb = new StringBuilder("CASE");
        for (int i = 0; i < parts.size(); i++) {
            sb.append(" WHEN ").append(of(t, parts.get(i), qualifier)).append(" THEN ").append(i);
        }
        return sb.append(" END").toString();
    }

    /**
     * Rows whose key is one of {@code values}. IN never matches NULL, so tuples holding a NULL (VALUES IN
     * (NULL)) are matched with IS NOT DISTINCT FROM.
     */
    private static String listMember(List<ColumnMeta> cols, String qualifier, List<List<String>> values) {
        List<String> plain = new ArrayList<>();
        List<String> conds = new ArrayList<>();
        for (List<String> v : values) {
            if (v.contains(null)) {
                conds.add(tuple(cols, qualifier) + " IS NOT DISTINCT FROM " + tuple(cols, v));
            } else {
                plain.add(tuple(cols, v));
            }
        }
        if (!plain.isEmpty()) {
            conds.add(0, tuple(cols, qualifier) + " IN (" + String.join(", ", plain) + ")");
        }
        return conds.size() == 1 ? conds.get(0) : "(" + String.join(" OR ", conds) + ")";
    }

    private static String tuple(List<ColumnMeta> cols, String qualifier) {
        List<String> refs = cols.stream()
                .map(c -> qualifier == null ? Sql.ident(c.name()) : Sql.ident(qualifier) + "." + Sql.ident(c.name()))
                .toList();
        return refs.size() == 1 ? refs.get(0) : "(" + String.join(", ", refs) + ")";
    }

    private static String tuple(List<ColumnMeta> cols, List<String> values) {
        List<String> lits = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            lits.add("CAST(" + (values.get(i) == null ? "NULL" : Sql.literal(values.get(i))) + " AS "
                    + DuckTypes.toDuckDb(cols.get(i).type()) + ")");
        }
        return lits.size() == 1 ? lits.get(0) : "(" + String.join(", ", lits) + ")";
    }
}
