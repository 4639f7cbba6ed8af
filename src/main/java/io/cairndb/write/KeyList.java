package io.cairndb.write;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.printer.DuckTypes;
import io.cairndb.sql.tree.Expr;

import java.math.BigInteger;
import java.sql.Connection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The keys of a few rows as a constant IN list on a table's one key column. DuckDB looks rows up
 * in a primary key's ART index only for a constant IN list or equality on the scanned column, never
 * for a join: a join of a small batch with a 10M-row table scans all of it. Written into SQL text,
 * so only for batches up to {@link #MAX_KEYS}.
 */
final class KeyList {
    /** DuckDB's default index_scan_max_count: above it an index scan needs a very large table, and the list gets long. */
    static final int MAX_KEYS = 2048;

    private static final Set<String> INTEGER_TYPES = Set.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT");

    private final ColumnMeta key;
    private final String literals;
    private final int size;

    private KeyList(ColumnMeta key, java.util.Collection<String> literals) {
        this.key = key;
        this.literals = String.join(", ", literals);
        this.size = literals.size();
    }

    /**
     * The keys that {@code keys} (a SELECT of {@code t}'s key column) returns, or null when it returns
     * more than {@link #MAX_KEYS} rows or {@code t} has no index on one key column.
     */
    static KeyList of(Connection c, TableMeta t, String keys) {
        if (!indexedByOneColumn(t)) {
            return null;
        }
        ColumnMeta key = t.keyColumns().get(0);
        // Without DISTINCT the LIMIT stops the read of a large set early; repeated keys count against it.
        List<List<Object>> rows = Sql.rows(c, "SELECT CAST(" + Sql.ident(key.name()) + " AS VARCHAR) FROM (" + keys + ") LIMIT "
                + (MAX_KEYS + 1));
        if (rows.size() > MAX_KEYS) {
            return null;
        }
        // The text of a value cast back to the column's type is the value itself, for every key type;
        // an integer's text is its literal, which DuckDB parses in half the time of a cast.
        String type = DuckTypes.toDuckDb(key.type());
        boolean integer = INTEGER_TYPES.contains(type);
        Set<String> literals = new LinkedHashSet<>();
        for (List<Object> r : rows) {
            String text = (String) r.get(0);
            literals.add(integer ? text : "CAST(" + Sql.literal(text) + " AS " + type + ")");
        }
        return new KeyList(key, literals);
    }

    /**
     * The keys a condition names by constants, without reading the table: {@code key IN (..)} or
     * {@code key = ..} of integer literals on {@code t}'s one indexed integer key column (as itself or
     * qualified by {@code alias}), as the whole of {@code where}, or when {@code whole} is false also as
     * one of its AND terms (the keys then include every matching row's, and maybe more). Null when the
     * condition has no such form or a literal lies outside the key's type. As many as the statement
     * names: its text holds them already, and a longer list still spares the read of the matching keys.
     */
    static KeyList named(TableMeta t, String alias, Expr where, boolean whole) {
        if (where == null || !indexedByOneColumn(t)) {
            return null;
        }
        ColumnMeta key = t.keyColumns().get(0);
        String type = DuckTypes.toDuckDb(key.type());
        if (!INTEGER_TYPES.contains(type)) {
            return null;
        }
        List<Expr> values = keyValues(key, alias, where);
        if (values == null && !whole && where instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            KeyList left = named(t, alias, b.left(), false);
            return left != null ? left : named(t, alias, b.right(), false);
        }
        if (values == null) {
            return null;
        }
        int bits = switch (type) {
            case "TINYINT" -> 8;
            case "SMALLINT" -> 16;
            case "INTEGER" -> 32;
            default -> 64;
        };
        Set<String> literals = new LinkedHashSet<>();
        for (Expr v : values) {
            BigInteger n = integer(v);
            if (n == null || n.bitLength() >= bits) {
                return null;
            }
            literals.add(n.toString());
        }
        return new KeyList(key, literals);
    }

    /** The values {@code where} compares the key column with ({@code key IN (..)}, {@code key = ..}), or null. */
    private static List<Expr> keyValues(ColumnMeta key, String alias, Expr where) {
        if (where instanceof Expr.InList in && !in.negated() && isKey(in.value(), key, alias)) {
            return in.list();
        }
        if (where instanceof Expr.Binary b && b.op() == Expr.BinaryOp.EQ) {
            if (isKey(b.left(), key, alias)) {
                return List.of(b.right());
            }
            if (isKey(b.right(), key, alias)) {
                return List.of(b.left());
            }
        }
        return null;
    }

    private static boolean isKey(Expr e, ColumnMeta key, String alias) {
        if (!(e instanceof Expr.Identifier id)) {
            return false;
        }
        List<String> parts = id.parts();
        String column = parts.get(parts.size() - 1);
        return column.equalsIgnoreCase(key.name()) && (parts.size() == 1 || parts.size() == 2 && parts.get(0).equalsIgnoreCase(alias));
    }

    /** An integer literal, negated or not; else null. */
    private static BigInteger integer(Expr e) {
        if (e instanceof Expr.IntegerLiteral i) {
            return i.value();
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.MINUS && u.operand() instanceof Expr.IntegerLiteral i) {
            return i.value().negate();
        }
        return null;
    }

    /** As {@link #of(Connection, TableMeta, String)}, for the key column of the {@code rows} staged rows in {@code staged}. */
    static KeyList ofStaged(Connection c, TableMeta t, String staged, long rows) {
        return rows > MAX_KEYS ? null : of(c, t, "SELECT " + KeyModelWriter.columnList(t.keyColumns()) + " FROM " + staged);
    }

    /** Whether {@code t}'s DuckDB table has a primary key (a keyed model, no nullable key column) on a single column. */
    static boolean indexedByOneColumn(TableMeta t) {
        return t.keyModel() != KeyModel.DUPLICATE && t.keyColumns().size() == 1 && !t.hasNullableKey();
    }

    /** How many keys the list has. */
    int size() {
        return size;
    }

    /** The condition that the key column, qualified by {@code alias} (or not, when null), is one of the keys. */
    String condition(String alias) {
        String column = (alias == null ? "" : alias + ".") + Sql.ident(key.name());
        return literals.isEmpty() ? "FALSE" : column + " IN (" + literals + ")";
    }
}
