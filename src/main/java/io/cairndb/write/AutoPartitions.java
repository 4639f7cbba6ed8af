package io.cairndb.write;

import io.cairndb.analyzer.PartitionAnalyzer;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.printer.PartitionPredicates;
import io.cairndb.sql.tree.PartitionDesc;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * AUTO PARTITION: the partitions staged rows need and the table lacks, created by the write itself
 * and so in its transaction (a write that fails or rolls back leaves none). Names are Doris's:
 * RANGE {@code p} + the lower bound as yyyyMMddHHmmss; LIST {@code p} + each value (ASCII letters
 * and digits kept, other characters as hex code points) followed by its length, {@code X} for NULL.
 */
final class AutoPartitions {
    private static final DateTimeFormatter RANGE_NAME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private AutoPartitions() {
    }

    /**
     * {@code t} with the partitions the rows of {@code staged} need.
     * Not saved here: the rows land in the new partitions, so the write's version bump saves them.
     */
    static TableMeta withNeededPartitions(StatementContext ctx, TableMeta t, String staged) {
        if (t.partitioning().auto() == null) {
            return t;
        }
        // t is as this transaction saved it (see StatementContext#underMetadataLock).
        TableMeta current = t;
        PartitionScheme scheme = current.partitioning();
        List<ColumnMeta> columns = scheme.columns().stream().map(current::column).toList();
        String outside = " WHERE (" + PartitionPredicates.ordinal(current, null) + ") IS NULL";
        List<PartitionMeta> parts = new ArrayList<>(scheme.partitions());
        PartitionAnalyzer analyzer = new PartitionAnalyzer(scheme.kind(), columns, ctx.catalog()::newId);
        long now = System.currentTimeMillis();
        List<PartitionMeta> added = scheme.kind() == PartitionScheme.Kind.RANGE
                ? ranges(ctx, columns.get(0), scheme.auto().truncUnit(), staged, outside, now)
                : lists(ctx, columns, staged, outside, now);
        if (added.isEmpty()) {
            return current;
        }
        if (parts.size() + added.size() > ctx.config().number("max_auto_partition_num")) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                    "create partition failed. partition numbers will exceed limit variable max_auto_partition_num");
        }
        for (PartitionMeta p : added) {
            analyzer.add(parts, p);
        }
        return current.withPartitioning(scheme.withPartitions(parts));
    }

    private static List<PartitionMeta> ranges(StatementContext ctx, ColumnMeta column, String unit, String staged,
                                              String outside, long now) {
        String truncated = "date_trunc('" + unit + "', " + Sql.ident(column.name()) + ")";
        String sql = "SELECT DISTINCT CAST(" + truncated + " AS VARCHAR), CAST(" + truncated + " + INTERVAL '1 " + unit
                + "' AS VARCHAR) FROM " + staged + outside + " ORDER BY 1";
        List<PartitionMeta> out = new ArrayList<>();
        for (List<Object> row : Sql.rows(ctx.txn().connection(), sql)) {
            String lower = PartitionAnalyzer.normalize(PartitionDesc.Value.of((String) row.get(0)), column.type());
            String upper = PartitionAnalyzer.normalize(PartitionDesc.Value.of((String) row.get(1)), column.type());
            LocalDateTime start = PartitionAnalyzer.parseTemporal(lower);
            out.add(new PartitionMeta(ctx.catalog().newId(), "p" + RANGE_NAME.format(start), List.of(lower), List.of(upper),
                    List.of(), 1, now));
        }
        return out;
    }

    private static List<PartitionMeta> lists(StatementContext ctx, List<ColumnMeta> columns, String staged, String outside,
                                             long now) {
        List<String> texts = columns.stream().map(c -> "CAST(" + Sql.ident(c.name()) + " AS VARCHAR)").toList();
        String sql = "SELECT DISTINCT " + String.join(", ", texts) + " FROM " + staged + outside;
        List<PartitionMeta> out = new ArrayList<>();
        for (List<Object> row : Sql.rows(ctx.txn().connection(), sql)) {
            List<String> values = new ArrayList<>();
            StringBuilder name = new StringBuilder("p");
            for (int i = 0; i < columns.size(); i++) {
                String text = (String) row.get(i);
                String value = text == null ? null : PartitionAnalyzer.normalize(PartitionDesc.Value.of(text), columns.get(i).type());
                values.add(value);
                name.append(value == null ? "X" : escaped(value) + value.codePointCount(0, value.length()));
            }
            out.add(new PartitionMeta(ctx.catalog().newId(), name.toString(), List.of(), List.of(), List.of(values), 1, now));
        }
        return out;
    }

    private static String escaped(String value) {
        StringBuilder out = new StringBuilder();
        value.codePoints().forEach(cp -> {
            boolean plain = (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
            out.append(plain ? Character.toString(cp) : Integer.toHexString(cp));
        });
        return out.toString();
    }
}
