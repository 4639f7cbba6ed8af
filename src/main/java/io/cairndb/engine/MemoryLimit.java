package io.cairndb.engine;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engine's memory limit (cairn.conf {@code mem_limit}, as Doris's backend names it): a share of
 * the machine's memory ({@code 80%}) or a size ({@code 8G}, {@code 512MB}, bytes). Every session's
 * statements share it; a statement that needs more than it and cannot spill fails with a memory error.
 */
public final class MemoryLimit {
    private static final Pattern SPEC = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(%|[KMGT]?I?B?)?", Pattern.CASE_INSENSITIVE);
    /** Below this the engine cannot run even a small statement. */
    static final long MIN_BYTES = 64L << 20;

    private MemoryLimit() {
    }

    /** The limit in bytes that {@code spec} names on a machine of {@code physicalBytes}. */
    public static long bytes(String spec, long physicalBytes) {
        Matcher m = SPEC.matcher(spec == null ? "" : spec.strip());
        if (!m.matches()) {
            throw invalid(spec);
        }
        double number = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "" : m.group(2).toUpperCase(Locale.ROOT);
        double bytes;
        if (unit.equals("%")) {
            if (number <= 0 || number > 100) {
                throw invalid(spec);
            }
            bytes = physicalBytes * number / 100;
        } else {
            int shift = switch (unit.isEmpty() ? ' ' : unit.charAt(0)) {
                case 'K' -> 10;
                case 'M' -> 20;
                case 'G' -> 30;
                case 'T' -> 40;
                default -> 0;
            };
            bytes = number * (1L << shift);
        }
        if (bytes < MIN_BYTES) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Config 'mem_limit' must be at least 64MB, not '" + spec + "'");
        }
        return (long) Math.min(bytes, Long.MAX_VALUE);
    }

    /** The machine's memory (a container's limit where there is one). */
    public static long physicalBytes() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    }

    private static CairnException invalid(String spec) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS,
                "Config 'mem_limit' must be a percentage of the machine's memory (80%) or a size (8G), not '" + spec + "'");
    }
}
