package io.cairndb.benchdata;

import static io.cairndb.benchdata.Rows.NATIONS;
import static io.cairndb.benchdata.Rows.NATION_REGION;
import static io.cairndb.benchdata.Rows.REGIONS;
import static io.cairndb.benchdata.Rows.pick;
import static io.cairndb.benchdata.Rows.uniform;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;

/**
 * Star Schema Benchmark rows (O'Neil et al.; the columns of Doris's {@code create-ssb-tables.sql}) as pure
 * functions of the row number and the scale factor, with dbgen's sizes and vocabularies: 30,000 x SF
 * customers and 2,000 x SF suppliers (at least 250 each, one per city), 200,000 x SF parts (x (1 + log2 SF)
 * from SF 1; at least 1,000, one per brand), every day of 1992-1998, 1,500,000 x SF orders of 1-7 lines.
 * Cities are a nation's first nine letters and a digit ('UNITED KI1'); brands 'MFGR#' mfgr, category and
 * a number 1-40 ('MFGR#2239'). Dimension rows cycle through nations and cities (customers, suppliers) and
 * brands (parts), so the first rows hold every value; line orders draw their keys uniformly. The first
 * {@link #PROBE_ORDERS} orders are probes whose lines meet the rarest filters of the 13 queries (two UK
 * cities in December 1997, week 6 of 1994, one brand in Europe, ...), so that every query returns rows
 * at a tiny scale; at SF 1 they are 48 of 1.5 million orders.
 */
public final class SsbData implements BenchData {
    public static final int PROBE_ORDERS = 48;
    private static final List<String> MONTHS = List.of("January", "February", "March", "April", "May", "June", "July",
            "August", "September", "October", "November", "December");
    private static final int UK = NATIONS.indexOf("UNITED KINGDOM");
    private static final int US = NATIONS.indexOf("UNITED STATES");
    private static final int DAYS = (int) (Rows.LAST_ORDER.toEpochDay() - Rows.START.toEpochDay());

    private final int customers;
    private final int suppliers;
    private final int parts;
    private final long orders;

    public SsbData(double sf) {
        customers = (int) Math.max(250, Math.round(30_000 * sf));
        suppliers = (int) Math.max(250, Math.round(2_000 * sf));
        parts = (int) Math.max(1_000, sf >= 1 ? 200_000 * (1 + (long) Math.floor(Math.log(sf) / Math.log(2)))
                : Math.round(200_000 * sf));
        orders = Math.max(PROBE_ORDERS, Math.round(1_500_000 * sf));
    }

    @Override
    public List<String> tables() {
        return List.of("dates", "customer", "supplier", "part", "lineorder");
    }

    @Override
    public void rows(String table, Rows.Sink sink) {
        switch (table) {
            case "dates" -> dates(sink);
            case "customer" -> customers(sink);
            case "supplier" -> suppliers(sink);
            case "part" -> parts(sink);
            case "lineorder" -> lineorders(sink);
            default -> throw new IllegalArgumentException(table);
        }
    }

    /** SSB's city: the nation's name cut or padded to nine characters, and a digit. */
    static String city(int nation, int digit) {
        String n = NATIONS.get(nation);
        n = n.length() >= 9 ? n.substring(0, 9) : n + " ".repeat(9 - n.length());
        return n + digit;
    }

    private void customers(Rows.Sink sink) {
        for (int i = 0; i < customers; i++) {
            int nation = i % 25;
            sink.row(i + 1, Rows.numbered("Customer#", i + 1), Rows.address(10, i, 10, 25), city(nation, (i / 25) % 10),
                    NATIONS.get(nation), REGIONS.get(NATION_REGION[nation]), Rows.phone(11, i, nation), pick(14, i, Rows.SEGMENTS));
        }
    }

    private void suppliers(Rows.Sink sink) {
        for (int i = 0; i < suppliers; i++) {
            int nation = i % 25;
            sink.row(i + 1, Rows.numbered("Supplier#", i + 1), Rows.address(20, i, 10, 25), city(nation, (i / 25) % 10),
                    NATIONS.get(nation), REGIONS.get(NATION_REGION[nation]), Rows.phone(21, i, nation));
        }
    }

    private void parts(Rows.Sink sink) {
        for (int i = 0; i < parts; i++) {
            int b = i % 1000;
            int mfgr = b / 200 + 1;
            String category = "MFGR#" + mfgr + ((b / 40) % 5 + 1);
            String name = pick(30, i, Rows.COLORS) + " " + pick(31, i, Rows.COLORS);
            String type = pick(32, i, Rows.TYPE_1) + " " + pick(33, i, Rows.TYPE_2) + " " + pick(34, i, Rows.TYPE_3);
            String container = pick(35, i, Rows.CONTAINER_1) + " " + pick(36, i, Rows.CONTAINER_2);
            sink.row(i + 1, name, "MFGR#" + mfgr, category, category + (b % 40 + 1), pick(37, i, Rows.COLORS), type,
                    uniform(38, i, 1, 50), container);
        }
    }

    private static void dates(Rows.Sink sink) {
        for (LocalDate d = Rows.START; d.getYear() < 1999; d = d.plusDays(1)) {
            int month = d.getMonthValue();
            String season = month == 12 ? "Christmas" : month <= 2 ? "Winter" : month <= 5 ? "Spring" : month <= 8 ? "Summer" : "Fall";
            int dayInWeek = d.getDayOfWeek().getValue() % 7 + 1; // Sunday is 1
            boolean holiday = (month == 1 && d.getDayOfMonth() == 1) || (month == 7 && d.getDayOfMonth() == 4)
                    || (month == 12 && d.getDayOfMonth() == 25);
            sink.row(key(d), MONTHS.get(month - 1) + " " + d.getDayOfMonth() + ", " + d.getYear(),
                    d.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH), MONTHS.get(month - 1), d.getYear(),
                    d.getYear() * 100 + month, MONTHS.get(month - 1).substring(0, 3) + d.getYear(), dayInWeek, d.getDayOfMonth(),
                    d.getDayOfYear(), month, (d.getDayOfYear() - 1) / 7 + 1, season, d.getDayOfWeek() == DayOfWeek.SATURDAY ? 1 : 0,
                    d.plusDays(1).getMonthValue() != month ? 1 : 0, holiday ? 1 : 0, dayInWeek >= 2 && dayInWeek <= 6 ? 1 : 0);
        }
    }

    static int key(LocalDate d) {
        return d.getYear() * 10_000 + d.getMonthValue() * 100 + d.getDayOfMonth();
    }

    /** The customer (or supplier) key of a city: the rows cycle through the 25 nations, then the ten digits. */
    private static int cityKey(int nation, int digit) {
        return 1 + nation + 25 * digit;
    }

    private static int inRegion(int region, long row, int stream) {
        List<Integer> nations = new java.util.ArrayList<>();
        for (int n = 0; n < 25; n++) {
            if (NATION_REGION[n] == region) {
                nations.add(n);
            }
        }
        return nations.get(uniform(stream, row, 0, nations.size() - 1));
    }

    /** The key of a part of brand {@code mfgr}{@code category}{@code brand} ('MFGR#2239' is 2, 2, 39). */
    private static int partKey(int mfgr, int category, int brand) {
        return 1 + (mfgr - 1) * 200 + (category - 1) * 40 + (brand - 1);
    }

    private static LocalDate day(long row, int stream, LocalDate from, int days) {
        return from.plusDays(uniform(stream, row, 0, days - 1));
    }

    private void lineorders(Rows.Sink sink) {
        int[][] lines = new int[7][];
        for (long o = 0; o < orders; o++) {
            int n = uniform(50, o, 1, 7);
            boolean probe = o < PROBE_ORDERS;
            int kind = (int) (o % 8);
            LocalDate date = day(o, 51, Rows.START, DAYS + 1);
            if (probe) {
                date = switch (kind) {
                    case 0 -> day(o, 52, LocalDate.of(1997, 12, 1), 31);
                    case 1 -> day(o, 52, LocalDate.of(1994, 1, 1), 31);
                    case 2 -> day(o, 52, LocalDate.of(1994, 2, 5), 7);
                    case 4, 7 -> day(o, 52, LocalDate.of(1997, 1, 1), 365);
                    case 6 -> day(o, 52, Rows.START, 365 * 6);
                    default -> date;
                };
            }
            int orderdate = key(date);
            String priority = pick(53, o, Rows.PRIORITIES);
            long total = 0;
            for (int l = 0; l < n; l++) {
                long r = o * 8 + l;
                int cust = uniform(54, o, 1, customers);
                int part = uniform(55, r, 1, parts);
                int supp = uniform(56, r, 1, suppliers);
                int quantity = uniform(57, r, 1, 50);
                int discount = uniform(58, r, 0, 10);
                if (probe) {
                    switch (kind) {
                        case 0 -> {
                            cust = cityKey(UK, o % 16 < 8 ? 1 : 5);
                            supp = cityKey(UK, l % 2 == 0 ? 1 : 5);
                        }
                        case 1 -> {
                            discount = uniform(59, r, 4, 6);
                            quantity = uniform(60, r, 26, 35);
                        }
                        case 2 -> {
                            discount = uniform(59, r, 5, 7);
                            quantity = uniform(60, r, 26, 35);
                        }
                        case 3 -> {
                            part = partKey(2, 2, 39);
                            supp = cityKey(inRegion(REGIONS.indexOf("EUROPE"), r, 61), uniform(62, r, 0, 9));
                        }
                        case 4 -> {
                            supp = cityKey(US, uniform(62, r, 0, 9));
                            part = partKey(1, 4, uniform(63, r, 1, 40));
                        }
                        case 5 -> {
                            part = partKey(2, 2, uniform(63, r, 21, 28));
                            supp = cityKey(inRegion(REGIONS.indexOf("ASIA"), r, 61), uniform(62, r, 0, 9));
                        }
                        case 6 -> {
                            cust = cityKey(US, uniform(64, o, 0, 9));
                            supp = cityKey(US, uniform(62, r, 0, 9));
                        }
                        default -> {
                            cust = cityKey(inRegion(REGIONS.indexOf("AMERICA"), o, 65), uniform(64, o, 0, 9));
                            supp = cityKey(inRegion(REGIONS.indexOf("AMERICA"), r, 61), uniform(62, r, 0, 9));
                            part = partKey(uniform(63, r, 1, 2), uniform(66, r, 1, 5), uniform(67, r, 1, 40));
                        }
                    }
                }
                long retail = Rows.retailCents(part);
                int price = (int) (quantity * retail);
                int tax = uniform(68, r, 0, 8);
                int revenue = price * (100 - discount) / 100;
                total += (long) revenue * (100 + tax) / 100;
                int commit = key(date.plusDays(uniform(69, r, 30, 90)));
                lines[l] = new int[]{cust, part, supp, quantity, price, discount, revenue, (int) (6 * retail / 10), tax, commit};
            }
            for (int l = 0; l < n; l++) {
                int[] v = lines[l];
                long r = o * 8 + l;
                sink.row(o + 1, l + 1, v[0], v[1], v[2], orderdate, priority, 0, v[3], v[4], (int) Math.min(total, Integer.MAX_VALUE),
                        v[5], v[6], v[7], v[8], v[9], pick(70, r, Rows.SHIP_MODES));
            }
        }
    }
}
