package io.cairndb.benchdata;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * What the SSB and TPC-H generators share: a hash of (column, row) standing in for dbgen's random streams,
 * so that every value is a pure function of its row number; the vocabularies of both specifications;
 * money as cents; rows written as dbgen writes them ('|' between fields, one row a line).
 */
public final class Rows {
    /** The column separator of the CSV files, as dbgen's .tbl files. */
    public static final char SEPARATOR = '|';

    /** A row consumer: values are Integer, Long, String, LocalDate or {@link Money}. */
    @FunctionalInterface
    public interface Sink {
        void row(Object... values);
    }

    /** An amount in cents, written with two decimals. */
    public record Money(long cents) {
        @Override
        public String toString() {
            long abs = Math.abs(cents);
            return (cents < 0 ? "-" : "") + abs / 100 + "." + (abs % 100 < 10 ? "0" : "") + abs % 100;
        }
    }

    public static final List<String> REGIONS = List.of("AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST");
    /** TPC-H's 25 nations in key order, with their region keys. */
    public static final List<String> NATIONS = List.of("ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT", "ETHIOPIA",
            "FRANCE", "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN", "KENYA", "MOROCCO", "MOZAMBIQUE",
            "PERU", "CHINA", "ROMANIA", "SAUDI ARABIA", "VIETNAM", "RUSSIA", "UNITED KINGDOM", "UNITED STATES");
    public static final int[] NATION_REGION = {0, 1, 1, 1, 4, 0, 3, 3, 2, 2, 4, 4, 2, 4, 0, 0, 0, 1, 2, 3, 4, 2, 3, 3, 1};
    public static final List<String> SEGMENTS = List.of("AUTOMOBILE", "BUILDING", "FURNITURE", "MACHINERY", "HOUSEHOLD");
    public static final List<String> PRIORITIES = List.of("1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECIFIED", "5-LOW");
    public static final List<String> SHIP_MODES = List.of("REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB");
    public static final List<String> INSTRUCTIONS = List.of("DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN");
    public static final List<String> TYPE_1 = List.of("STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO");
    public static final List<String> TYPE_2 = List.of("ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED");
    public static final List<String> TYPE_3 = List.of("TIN", "NICKEL", "BRASS", "STEEL", "COPPER");
    public static final List<String> CONTAINER_1 = List.of("SM", "LG", "MED", "JUMBO", "WRAP");
    public static final List<String> CONTAINER_2 = List.of("CASE", "BOX", "BAG", "JAR", "PKG", "PACK", "CAN", "DRUM");
    /** The 92 colours p_name is made of. */
    public static final List<String> COLORS = List.of("almond", "antique", "aquamarine", "azure", "beige", "bisque", "black",
            "blanched", "blue", "blush", "brown", "burlywood", "burnished", "chartreuse", "chiffon", "chocolate", "coral",
            "cornflower", "cornsilk", "cream", "cyan", "dark", "deep", "dim", "dodger", "drab", "firebrick", "floral", "forest",
            "frosted", "gainsboro", "ghost", "goldenrod", "green", "grey", "honeydew", "hot", "indian", "ivory", "khaki",
            "lace", "lavender", "lawn", "lemon", "light", "lime", "linen", "magenta", "maroon", "medium", "metallic", "midnight",
            "mint", "misty", "moccasin", "navajo", "navy", "olive", "orange", "orchid", "pale", "papaya", "peach", "peru", "pink",
            "plum", "powder", "puff", "purple", "red", "rose", "rosy", "royal", "saddle", "salmon", "sandy", "seashell", "sienna",
            "sky", "slate", "smoke", "snow", "spring", "steel", "tan", "thistle", "tomato", "turquoise", "violet", "wheat",
            "white", "yellow");
    /** Words of the comment columns (a few of dbgen's grammar), among them those Q13 and Q16 look for. */
    private static final List<String> WORDS = List.of("furiously", "quickly", "carefully", "blithely", "slyly", "fluffily",
            "regular", "final", "express", "pending", "ironic", "even", "bold", "silent", "unusual", "packages", "deposits",
            "accounts", "instructions", "theodolites", "foxes", "ideas", "pinto", "beans", "platelets", "asymptotes", "sleep",
            "wake", "haggle", "nag", "use", "boost", "detect", "among", "above", "across", "against", "along", "around");

    /** The first day of the benchmarks' calendar and the last order date (151 days before the end of 1998). */
    public static final LocalDate START = LocalDate.of(1992, 1, 1);
    public static final LocalDate LAST_ORDER = LocalDate.of(1998, 8, 2);

    private Rows() {
    }

    /** A 64-bit hash of a column's stream and a row number (splitmix64's finaliser over both). */
    public static long hash(int stream, long row) {
        long z = row * 0x9E3779B97F4A7C15L + (stream + 1L) * 0xD1B54A32D192ED03L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A uniform integer in [lo, hi] drawn from stream {@code stream} at {@code row}. */
    public static int uniform(int stream, long row, int lo, int hi) {
        return lo + (int) Math.floorMod(hash(stream, row), (long) hi - lo + 1);
    }

    public static <T> T pick(int stream, long row, List<T> values) {
        return values.get(uniform(stream, row, 0, values.size() - 1));
    }

    /** A random sentence of dbgen-like words at most {@code max} characters long (at least one word). */
    public static String text(int stream, long row, int max) {
        StringBuilder b = new StringBuilder();
        int words = uniform(stream, row, 2, 12);
        for (int i = 0; i < words; i++) {
            String w = pick(stream + 1000 + i, row, WORDS);
            if (b.length() + w.length() + 1 > max) {
                break;
            }
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(w);
        }
        return b.toString();
    }

    /** {@code prefix} and {@code n} as nine digits: Customer#000000042. */
    public static String numbered(String prefix, long n) {
        String digits = Long.toString(n);
        return prefix + "0".repeat(Math.max(0, 9 - digits.length())) + digits;
    }

    /** A TPC-H phone number: country code (nation + 10), then three groups of digits. */
    public static String phone(int stream, long row, int nation) {
        return (nation + 10) + "-" + uniform(stream, row, 100, 999) + "-" + uniform(stream + 1, row, 100, 999) + "-"
                + uniform(stream + 2, row, 1000, 9999);
    }

    /** A random address of letters and digits, {@code min}..{@code max} characters. */
    public static String address(int stream, long row, int min, int max) {
        int n = uniform(stream, row, min, max);
        StringBuilder b = new StringBuilder(n);
        long h = hash(stream + 1, row);
        for (int i = 0; i < n; i++) {
            if (i % 10 == 0) {
                h = hash(stream + 2 + i, row);
            }
            int c = (int) Math.floorMod(h, 62L);
            h >>>= 6;
            b.append((char) (c < 10 ? '0' + c : c < 36 ? 'a' + c - 10 : 'A' + c - 36));
        }
        return b.toString();
    }

    /** dbgen's retail price of a part, in cents. */
    public static long retailCents(long partkey) {
        return 90000 + ((partkey / 10) % 20001) + 100 * (partkey % 1000);
    }

    /** Writes rows as dbgen writes .tbl files, fields separated by '|'. */
    public static final class CsvWriter implements Sink, AutoCloseable {
        private final BufferedWriter out;
        private final StringBuilder line = new StringBuilder(256);
        private long rows;

        public CsvWriter(Path file) {
            try {
                out = Files.newBufferedWriter(file, java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void row(Object... values) {
            line.setLength(0);
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    line.append(SEPARATOR);
                }
                line.append(values[i]);
            }
            line.append('\n');
            try {
                out.append(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            rows++;
        }

        public long rows() {
            return rows;
        }

        @Override
        public void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
