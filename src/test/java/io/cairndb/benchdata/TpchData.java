package io.cairndb.benchdata;

import static io.cairndb.benchdata.Rows.NATIONS;
import static io.cairndb.benchdata.Rows.NATION_REGION;
import static io.cairndb.benchdata.Rows.REGIONS;
import static io.cairndb.benchdata.Rows.pick;
import static io.cairndb.benchdata.Rows.uniform;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TPC-H rows (the columns of Doris's {@code create-tpch-tables.sql}) as pure functions of the row number and
 * the scale factor, following dbgen's rules: 10,000 x SF suppliers (at least 25, one per nation), 200,000 x SF
 * parts (at least 200) with four suppliers each chosen by dbgen's formula, 150,000 x SF customers (at least 75)
 * of whom those with a key divisible by three place no orders, 1,500,000 x SF orders dated 1992-01-01 to
 * 1998-08-02 with 1-7 lines each. A line ships 1-121 days after its order, is committed for 30-90 days
 * after it and received 1-30 days after shipping; lines received by 1995-06-17 are returned ('R') or
 * accepted ('A'), later ones 'N'; an order is 'F' when all its lines shipped by then, 'O' when none did,
 * else 'P'. Vocabularies are dbgen's (types, containers, 92 colours in part names, segments, priorities,
 * ship modes and instructions; phone numbers start with nation key + 10, which Q22 reads); some supplier
 * comments say "Customer ... Complaints" (Q16) and some order comments "special ... requests" (Q13).
 * Customers and suppliers cycle through the nations. A few parts are chosen to meet the rarest filters
 * (Q2's size-15 brass part with a European supplier, Q8's ECONOMY ANODIZED STEEL with a Brazilian one,
 * Q17's Brand#23 MED BOX, Q19's three brands, a 'forest' part with a Canadian supplier for Q20), and the
 * first {@link #PROBE_ORDERS} orders are probes whose lines meet the rarest joins (Q5's customer and
 * supplier of one Asian nation, Q7's France/Germany trade, Q18's orders over 300 units, Q21's lone late
 * Saudi supplier, ...), so that every query returns rows at a tiny scale.
 */
public final class TpchData implements BenchData {
    public static final int PROBE_ORDERS = 32;
    private static final LocalDate CURRENT = LocalDate.of(1995, 6, 17);
    private static final int DAYS = (int) (Rows.LAST_ORDER.toEpochDay() - Rows.START.toEpochDay());
    private static final int FRANCE = NATIONS.indexOf("FRANCE");
    private static final int GERMANY = NATIONS.indexOf("GERMANY");

    private final int suppliers;
    private final int parts;
    private final int customers;
    private final long orders;
    private final int clerks;
    /** Parts whose attributes a query needs: part key to {name, brand (mfgr digit first), type, size, container}. */
    private final Map<Integer, Object[]> special = new HashMap<>();
    private final int q2Part;
    private final int q8Part;
    private final int q17Part;
    private final int[] q19Parts = new int[3];
    private final int q20Part;

    public TpchData(double sf) {
        suppliers = (int) Math.max(25, Math.round(10_000 * sf));
        parts = (int) Math.max(200, Math.round(200_000 * sf));
        customers = (int) Math.max(75, Math.round(150_000 * sf));
        orders = Math.max(PROBE_ORDERS * 4L, Math.round(1_500_000 * sf));
        clerks = (int) Math.max(1, Math.round(1_000 * sf));
        q2Part = special(partWithSupplier(n -> NATION_REGION[n] == REGIONS.indexOf("EUROPE")), null, null,
                "STANDARD BRUSHED BRASS", 15, null);
        q8Part = special(partWithSupplier(n -> n == NATIONS.indexOf("BRAZIL")), null, null, "ECONOMY ANODIZED STEEL", null, null);
        q20Part = special(partWithSupplier(n -> n == NATIONS.indexOf("CANADA")), "forest", null, null, null, null);
        q17Part = special(partWithSupplier(n -> true), null, "23", null, null, "MED BOX");
        q19Parts[0] = special(partWithSupplier(n -> true), null, "12", null, 3, "SM CASE");
        q19Parts[1] = special(partWithSupplier(n -> true), null, "23", null, 7, "MED BAG");
        q19Parts[2] = special(partWithSupplier(n -> true), null, "34", null, 12, "LG CASE");
    }

    @Override
    public List<String> tables() {
        return List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem");
    }

    @Override
    public void rows(String table, Rows.Sink sink) {
        switch (table) {
            case "region" -> {
                for (int r = 0; r < REGIONS.size(); r++) {
                    sink.row(r, REGIONS.get(r), Rows.text(100, r, 100));
                }
            }
            case "nation" -> {
                for (int n = 0; n < NATIONS.size(); n++) {
                    sink.row(n, NATIONS.get(n), NATION_REGION[n], Rows.text(101, n, 100));
                }
            }
            case "supplier" -> suppliers(sink);
            case "customer" -> customers(sink);
            case "part" -> parts(sink);
            case "partsupp" -> partsupps(sink);
            case "orders" -> orders(sink, null);
            case "lineitem" -> orders(null, sink);
            default -> throw new IllegalArgumentException(table);
        }
    }

    /** dbgen's PART_SUPP_BRIDGE: the {@code i}-th (0-3) supplier of part {@code p}. */
    int supplier(int p, int i) {
        return (int) ((p + (long) i * (suppliers / 4 + (p - 1) / suppliers)) % suppliers) + 1;
    }

    static int nationOfSupplier(int s) {
        return (s - 1) % 25;
    }

    /** The first part not yet special with a supplier of a nation {@code wanted} accepts. */
    private int partWithSupplier(java.util.function.IntPredicate wanted) {
        for (int p = 1; p <= parts; p++) {
            if (special.containsKey(p)) {
                continue;
            }
            for (int i = 0; i < 4; i++) {
                if (wanted.test(nationOfSupplier(supplier(p, i)))) {
                    return p;
                }
            }
        }
        throw new IllegalStateException("no part has a supplier of the nation wanted");
    }

    /** The index (0-3) of a supplier of part {@code p} in {@code nation}, or 0. */
    private int supplierIndexIn(int p, int nation) {
        for (int i = 0; i < 4; i++) {
            if (nationOfSupplier(supplier(p, i)) == nation) {
                return i;
            }
        }
        return 0;
    }

    private int special(int p, String firstWord, String brand, String type, Integer size, String container) {
        special.put(p, new Object[]{firstWord, brand, type, size, container});
        return p;
    }

    private void suppliers(Rows.Sink sink) {
        for (int i = 0; i < suppliers; i++) {
            String comment = Rows.text(202, i, 100);
            if (i % 97 == 13) {
                comment = "carefully final Customer requests Complaints sleep";
            } else if (i % 97 == 50) {
                comment = "furiously Customer even Recommends";
            }
            sink.row(i + 1, Rows.numbered("Supplier#", i + 1), Rows.address(200, i, 10, 40), i % 25, Rows.phone(210, i, i % 25),
                    new Rows.Money(uniform(201, i, -99_999, 999_999)), comment);
        }
    }

    private void customers(Rows.Sink sink) {
        for (int i = 0; i < customers; i++) {
            sink.row(i + 1, Rows.numbered("Customer#", i + 1), Rows.address(300, i, 10, 40), i % 25, Rows.phone(310, i, i % 25),
                    new Rows.Money(uniform(301, i, -99_999, 999_999)), pick(302, i, Rows.SEGMENTS), Rows.text(303, i, 116));
        }
    }

    private void parts(Rows.Sink sink) {
        for (int p = 1; p <= parts; p++) {
            List<String> words = new ArrayList<>(5);
            for (int w = 0; words.size() < 5; w++) {
                String c = pick(400 + w, p, Rows.COLORS);
                if (!words.contains(c)) {
                    words.add(c);
                }
            }
            int mfgr = uniform(410, p, 1, 5);
            String brand = mfgr + "" + uniform(411, p, 1, 5);
            String type = pick(412, p, Rows.TYPE_1) + " " + pick(413, p, Rows.TYPE_2) + " " + pick(414, p, Rows.TYPE_3);
            int size = uniform(415, p, 1, 50);
            String container = pick(416, p, Rows.CONTAINER_1) + " " + pick(417, p, Rows.CONTAINER_2);
            Object[] s = special.get(p);
            if (s != null) {
                if (s[0] != null) {
                    words.remove(s[0]);
                    words.add(0, (String) s[0]);
                    words = words.subList(0, 5);
                }
                brand = s[1] != null ? (String) s[1] : brand;
                type = s[2] != null ? (String) s[2] : type;
                size = s[3] != null ? (Integer) s[3] : size;
                container = s[4] != null ? (String) s[4] : container;
            }
            sink.row(p, String.join(" ", words), "Manufacturer#" + brand.charAt(0), "Brand#" + brand, type, size, container,
                    new Rows.Money(Rows.retailCents(p)), Rows.text(418, p, 22));
        }
    }

    private void partsupps(Rows.Sink sink) {
        for (int p = 1; p <= parts; p++) {
            for (int i = 0; i < 4; i++) {
                long r = p * 4L + i;
                sink.row(p, supplier(p, i), uniform(500, r, 1, 9_999), new Rows.Money(uniform(501, r, 100, 100_000)),
                        Rows.text(502, r, 198));
            }
        }
    }

    /** A customer of {@code nation} who places orders (key not divisible by three). */
    private static int customerIn(int nation) {
        for (int j = 0; ; j++) {
            int key = nation + 1 + 25 * j;
            if (key % 3 != 0) {
                return key;
            }
        }
    }

    /** The asian nations, for Q5's probes. */
    private static final int[] ASIA = {8, 9, 12, 18, 21};
    private static final int[] AMERICA = {1, 2, 3, 17, 24};

    /**
     * Orders and their lines, written to whichever sink is given: an order's status and total price
     * depend on its lines, so both tables come from one pass.
     */
    private void orders(Rows.Sink orderSink, Rows.Sink lineSink) {
        int withOrders = customers - customers / 3;
        for (long o = 0; o < orders; o++) {
            boolean probe = o < PROBE_ORDERS;
            int kind = (int) (o % 8);
            int n = uniform(600, o, 1, 7);
            int m = uniform(601, o, 0, withOrders - 1);
            int cust = m + m / 2 + 1;
            LocalDate date = Rows.START.plusDays(uniform(602, o, 0, DAYS));
            if (probe) {
                switch (kind) {
                    case 0 -> n = 7;
                    case 2 -> n = Math.max(n, 3);
                    case 3 -> date = LocalDate.of(1994, 1, 1).plusDays(uniform(603, o, 0, 180));
                    case 4 -> {
                        date = LocalDate.of(1994, 1, 1).plusDays(uniform(603, o, 0, 364));
                        cust = customerIn(ASIA[(int) (o / 8) % ASIA.length]);
                    }
                    case 5 -> {
                        date = LocalDate.of(1995, 1, 1).plusDays(uniform(603, o, 0, 364));
                        cust = customerIn((o / 8) % 2 == 0 ? GERMANY : FRANCE);
                    }
                    case 6 -> {
                        date = LocalDate.of(1995, 1, 1).plusDays(uniform(603, o, 0, 600));
                        cust = customerIn(AMERICA[(int) (o / 8) % AMERICA.length]);
                    }
                    case 7 -> {
                        date = LocalDate.of(1993, 1, 1).plusDays(uniform(603, o, 0, 364));
                        n = Math.max(n, 3);
                    }
                    default -> {
                    }
                }
            }
            long total = 0;
            int shipped = 0;
            List<Object[]> lines = new ArrayList<>(n);
            for (int l = 0; l < n; l++) {
                long r = o * 8 + l;
                int part = uniform(610, r, 1, parts);
                int suppIndex = uniform(611, r, 0, 3);
                int quantity = uniform(612, r, 1, 50);
                int shipDays = uniform(613, r, 1, 121);
                int commitDays = uniform(614, r, 30, 90);
                int receiptDays = uniform(615, r, 1, 30);
                String instruct = pick(616, r, Rows.INSTRUCTIONS);
                String mode = pick(617, r, Rows.SHIP_MODES);
                if (probe) {
                    switch (kind) {
                        case 0 -> quantity = 50;
                        case 1 -> {
                            part = q17Part;
                            quantity = l == 0 ? 1 : uniform(618, r, 40, 50);
                        }
                        case 2 -> {
                            if (l < 3) {
                                part = q19Parts[l];
                                quantity = 5 + 10 * l;
                                instruct = "DELIVER IN PERSON";
                                mode = l == 1 ? "AIR REG" : "AIR";
                            }
                        }
                        case 3 -> {
                            if (l == 0) {
                                part = q20Part;
                                suppIndex = supplierIndexIn(q20Part, NATIONS.indexOf("CANADA"));
                                quantity = uniform(618, r, 1, 5);
                            }
                        }
                        case 4 -> {
                            int nation = ASIA[(int) (o / 8) % ASIA.length];
                            part = partWith(nation, r);
                            suppIndex = supplierIndexIn(part, nation);
                        }
                        case 5 -> {
                            int nation = (o / 8) % 2 == 0 ? FRANCE : GERMANY;
                            part = partWith(nation, r);
                            suppIndex = supplierIndexIn(part, nation);
                        }
                        case 6 -> {
                            if (l == 0) {
                                part = q8Part;
                                suppIndex = supplierIndexIn(q8Part, NATIONS.indexOf("BRAZIL"));
                            } else if (l == 1) {
                                part = q8Part;
                            }
                        }
                        case 7 -> {
                            if (l == 0) {
                                part = partWith(NATIONS.indexOf("SAUDI ARABIA"), r);
                                suppIndex = supplierIndexIn(part, NATIONS.indexOf("SAUDI ARABIA"));
                                shipDays = 60;
                                commitDays = 30;
                                receiptDays = 10;
                            } else {
                                shipDays = 5;
                                commitDays = 60;
                                receiptDays = 3;
                            }
                        }
                        default -> {
                        }
                    }
                }
                int supp = supplier(part, suppIndex);
                long price = quantity * Rows.retailCents(part);
                int discount = uniform(620, r, 0, 10);
                int tax = uniform(621, r, 0, 8);
                total += Math.round(price * (100.0 + tax) * (100.0 - discount) / 10_000.0);
                LocalDate ship = date.plusDays(shipDays);
                LocalDate receipt = ship.plusDays(receiptDays);
                String flag = receipt.isAfter(CURRENT) ? "N" : uniform(622, r, 0, 1) == 0 ? "R" : "A";
                String status = ship.isAfter(CURRENT) ? "O" : "F";
                shipped += status.equals("F") ? 1 : 0;
                lines.add(new Object[]{ship, o + 1, l + 1, part, supp, new Rows.Money(quantity * 100L), new Rows.Money(price),
                        new Rows.Money(discount), new Rows.Money(tax), flag, status, date.plusDays(commitDays), receipt, instruct,
                        mode, Rows.text(623, r, 43)});
            }
            if (lineSink != null) {
                for (Object[] line : lines) {
                    lineSink.row(line);
                }
            }
            if (orderSink != null) {
                String comment = uniform(630, o, 0, 49) == 0 ? "carefully special packages requests haggle"
                        : Rows.text(631, o, 78);
                orderSink.row(o + 1, date, cust, shipped == n ? "F" : shipped == 0 ? "O" : "P", new Rows.Money(total),
                        pick(632, o, Rows.PRIORITIES), Rows.numbered("Clerk#", uniform(633, o, 1, clerks)), 0, comment);
            }
        }
    }

    /** A part (one of the first hundred with such a supplier, by the row) with a supplier in {@code nation}. */
    private int partWith(int nation, long row) {
        List<Integer> found = new ArrayList<>();
        for (int p = 1; p <= parts && found.size() < 100; p++) {
            if (!special.containsKey(p) && nationOfSupplier(supplier(p, supplierIndexIn(p, nation))) == nation) {
                found.add(p);
            }
        }
        return found.get(uniform(640, row, 0, found.size() - 1));
    }
}
