package io.cairndb.analyzer;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TypeKind;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.PartitionDesc;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Turns partition clauses into partition metadata: normalizes bound values to the column type,
 * expands {@code FROM .. TO .. INTERVAL}, derives implicit lower bounds of {@code LESS THAN}
 * partitions, and rejects overlaps.
 */
public final class PartitionAnalyzer {
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final int MAX_STEP_PARTITIONS = 10_000;

    private final List<ColumnMeta> columns;
    private final PartitionScheme.Kind kind;
    private final LongSupplier ids;

    public PartitionAnalyzer(PartitionScheme.Kind kind, List<ColumnMeta> partitionColumns, LongSupplier ids) {
        this.kind = kind;
        this.columns = partitionColumns;
        this.ids = ids;
    }

    /** Builds the whole scheme of a CREATE TABLE. */
    public List<PartitionMeta> analyze(List<PartitionDesc.PartitionDef> defs, long now) {
        List<PartitionMeta> out = new ArrayList<>();
        for (PartitionDesc.PartitionDef def : defs) {
            for (PartitionMeta p : partitionsOf(def, out, now)) {
                add(out, p);
            }
        }
        return out;
    }

    /** The partitions one definition adds to {@code existing}, checked for overlap with them. */
    public List<PartitionMeta> partitionsOf(PartitionDesc.PartitionDef def, List<PartitionMeta> existing, long now) {
        if (def instanceof PartitionDesc.LessThan lt) {
            requireKind(PartitionScheme.Kind.RANGE, lt.name());
            List<String> upper = normalizeTuple(lt.upper());
            List<String> lower = previousUpper(existing, upper);
            return List.of(new PartitionMeta(ids.getAsLong(), lt.name(), lower, upper, List.of(), 1, now));
        }
        if (def instanceof PartitionDesc.FixedRange fr) {
            requireKind(PartitionScheme.Kind.RANGE, fr.name());
            List<String> lower = normalizeTuple(fr.lower());
            List<String> upper = normalizeTuple(fr.upper());
            if (!upper.isEmpty() && compareTuples(lower, upper) >= 0) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The lower values must smaller than upper values in partition "
                        + fr.name());
            }
            return List.of(new PartitionMeta(ids.getAsLong(), fr.name(), lower, upper, List.of(), 1, now));
        }
        if (def instanceof PartitionDesc.Step step) {
            requireKind(PartitionScheme.Kind.RANGE, "FROM ... TO ...");
            return expandStep(step, now);
        }
        if (def instanceof PartitionDesc.ListValues lv) {
            requireKind(PartitionScheme.Kind.LIST, lv.name());
            List<List<String>> values = new ArrayList<>();
            for (List<PartitionDesc.Value> tuple : lv.values()) {
                values.add(normalizeTuple(tuple));
            }
            return List.of(new PartitionMeta(ids.getAsLong(), lv.name(), List.of(), List.of(), values, 1, now));
        }
        throw new IllegalStateException("unhandled " + def);
    }

    /** Whether {@code p} can join {@code partitions}: no partition has its name or overlaps its range. */
    public boolean fits(List<PartitionMeta> partitions, PartitionMeta p) {
        for (PartitionMeta other : partitions) {
            if (other.name().equalsIgnoreCase(p.name()) || (kind == PartitionScheme.Kind.RANGE && rangesOverlap(other, p))) {
                return false;
            }
        }
        return true;
    }

    /** Adds a partition, rejecting duplicate names and overlapping ranges or list values. */
    public void add(List<PartitionMeta> partitions, PartitionMeta p) {
        for (PartitionMeta other : partitions) {
            if (other.name().equalsIgnoreCase(p.name())) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Duplicate partition name " + p.name());
            }
            if (kind == PartitionScheme.Kind.RANGE && rangesOverlap(other, p)) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Range " + RangeText.of(p) + " is intersected with range: "
                        + RangeText.of(other));
            }
            if (kind == PartitionScheme.Kind.LIST) {
                for (List<String> v : p.listValues()) {
                    if (other.listValues().contains(v)) {
                        throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The partition key " + v + " in partition "
                                + p.name() + " is already in partition " + other.name());
                    }
                }
            }
        }
        partitions.add(p);
        if (kind == PartitionScheme.Kind.RANGE) {
            partitions.sort(Comparator.comparing(PartitionMeta::lower, this::compareLower));
        }
    }

    private void requireKind(PartitionScheme.Kind expected, String what) {
        if (kind != expected) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Partition " + what + " does not match the "
                    + kind + " partitioning of the table");
        }
    }

    private List<String> previousUpper(List<PartitionMeta> existing, List<String> upper) {
        // A LESS THAN partition starts where the greatest existing upper bound below it ends.
        List<String> best = List.of();
        for (PartitionMeta p : existing) {
            if (!p.upper().isEmpty() && (upper.isEmpty() || compareTuples(p.upper(), upper) <= 0)
                    && (best.isEmpty() || compareTuples(p.upper(), best) > 0)) {
                best = p.upper();
            }
        }
        return best;
    }

    private List<PartitionMeta> expandStep(PartitionDesc.Step step, long now) {
        if (columns.size() != 1) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "FROM ... TO ... INTERVAL needs exactly one partition column");
        }
        if (step.interval() <= 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "The interval must be a positive number");
        }
        DataType type = columns.get(0).type();
        String from = normalize(step.from().get(0), type);
        String to = normalize(step.to().get(0), type);
        List<PartitionMeta> out = new ArrayList<>();
        if (step.unit() == null) {
            if (!type.kind().isInteger()) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "A numeric INTERVAL needs an integer partition column");
            }
            BigInteger lo = new BigInteger(from);
            BigInteger end = new BigInteger(to);
            BigInteger inc = BigInteger.valueOf(step.interval());
            while (lo.compareTo(end) < 0) {
                BigInteger hi = lo.add(inc).min(end);
                out.add(new PartitionMeta(ids.getAsLong(), "p_" + lo + "_" + hi, List.of(lo.toString()),
                        List.of(hi.toString()), List.of(), 1, now));
                lo = hi;
                checkCount(out);
            }
            return out;
        }
        if (!type.kind().isTemporal()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "INTERVAL " + step.unit() + " needs a DATE or DATETIME partition column");
        }
        ChronoUnit unit = switch (step.unit().toUpperCase(Locale.ROOT)) {
            case "DAY" -> ChronoUnit.DAYS;
            case "WEEK" -> ChronoUnit.WEEKS;
            case "MONTH" -> ChronoUnit.MONTHS;
            case "YEAR" -> ChronoUnit.YEARS;
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported partition interval unit " + step.unit());
        };
        LocalDateTime lo = parseTemporal(from);
        LocalDateTime end = parseTemporal(to);
        while (lo.isBefore(end)) {
            LocalDateTime hi = lo.plus(step.interval(), unit);
            if (hi.isAfter(end)) {
                hi = end;
            }
            out.add(new PartitionMeta(ids.getAsLong(), stepName(lo, unit), List.of(format(lo, type)),
                    List.of(format(hi, type)), List.of(), 1, now));
            lo = hi;
            checkCount(out);
        }
        return out;
    }

    private static void checkCount(List<PartitionMeta> out) {
        if (out.size() > MAX_STEP_PARTITIONS) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Too many partitions: more than " + MAX_STEP_PARTITIONS);
        }
    }

    private static String stepName(LocalDateTime lo, ChronoUnit unit) {
        return switch (unit) {
            case WEEKS -> String.format("p_%d_%02d", lo.get(IsoFields.WEEK_BASED_YEAR), lo.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
            case MONTHS -> String.format("p_%04d%02d", lo.getYear(), lo.getMonthValue());
            case YEARS -> String.format("p_%04d", lo.getYear());
            default -> String.format("p_%04d%02d%02d", lo.getYear(), lo.getMonthValue(), lo.getDayOfMonth());
        };
    }

    private List<String> normalizeTuple(List<PartitionDesc.Value> values) {
        if (values.size() == 1 && values.get(0).maxValue()) {
            return List.of();
        }
        if (values.size() > columns.size()) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Partition values number is more than partition column number");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).maxValue()) {
                return List.of();
            }
            if (values.get(i).isNull()) {
                if (kind != PartitionScheme.Kind.LIST) {
                    throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Can not use NULL as a RANGE partition value");
                }
                out.add(null);
                continue;
            }
            out.add(normalize(values.get(i), columns.get(i).type()));
        }
        return out;
    }

    /** Canonical text of a bound for the column type; rejects values that are not of that type. */
    public static String normalize(PartitionDesc.Value value, DataType type) {
        String v = value.text();
        try {
            return switch (type.kind()) {
                case TINYINT, SMALLINT, INT, BIGINT, LARGEINT -> new BigInteger(v.trim()).toString();
                case DATE -> parseTemporal(v).toLocalDate().toString();
                case DATETIME -> DATETIME.format(parseTemporal(v));
                case CHAR, VARCHAR, STRING -> v;
                case BOOLEAN -> String.valueOf(v.equalsIgnoreCase("true") || v.equals("1"));
                default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Type " + type.toSql() + " can not be a partition column");
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Invalid partition value '" + v + "' for type " + type.toSql());
        }
    }

    /**
     * A date or datetime bound as Doris reads it: month, day and time fields may have one digit
     * ({@code '2023-12-9'}, {@code '2024-1-5 8:00:00'}), a time may have a fraction.
     */
    public static LocalDateTime parseTemporal(String v) {
        Matcher m = TEMPORAL.matcher(v.trim());
        if (!m.matches()) {
            throw new DateTimeParseException("not a date or datetime", v, 0);
        }
        try {
            LocalDate date = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            if (m.group(4) == null) {
                return date.atStartOfDay();
            }
            String fraction = m.group(7) == null ? "" : m.group(7);
            int nanos = fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "000000000").substring(0, 9));
            return date.atTime(Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)), nanos);
        } catch (java.time.DateTimeException e) {
            throw new DateTimeParseException(e.getMessage(), v, 0);
        }
    }

    private static final Pattern TEMPORAL = Pattern.compile(
            "(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:[ T](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,9}))?)?)?");

    private static String format(LocalDateTime v, DataType type) {
        return type.kind() == TypeKind.DATE ? v.toLocalDate().toString() : DATETIME.format(v);
    }

    /** Whether two RANGE partitions share a value. */
    public boolean rangesOverlap(PartitionMeta a, PartitionMeta b) {
        // [a.lower, a.upper) and [b.lower, b.upper) overlap unless one ends before the other starts.
        boolean aEndsBeforeB = !a.upper().isEmpty() && compareLowerToUpper(b.lower(), a.upper()) >= 0;
        boolean bEndsBeforeA = !b.upper().isEmpty() && compareLowerToUpper(a.lower(), b.upper()) >= 0;
        return !(aEndsBeforeB || bEndsBeforeA);
    }

    private int compareLowerToUpper(List<String> lower, List<String> upper) {
        return lower.isEmpty() ? -1 : compareTuples(lower, upper);
    }

    private int compareLower(List<String> a, List<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(!a.isEmpty(), !b.isEmpty());
        }
        return compareTuples(a, b);
    }

    /** Compares normalized bound tuples column by column; a shorter tuple is padded with minimum values. */
    public int compareTuples(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareValue(a.get(i), b.get(i), columns.get(i).type());
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    public static int compareValue(String a, String b, DataType type) {
        if (type.kind().isInteger()) {
            return new BigInteger(a).compareTo(new BigInteger(b));
        }
        return a.compareTo(b);
    }
}
