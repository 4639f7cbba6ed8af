package io.cairndb.system;

import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.IndexMeta;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.sql.SqlFormatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The CREATE TABLE / CREATE VIEW text that SHOW CREATE TABLE prints, in Doris's layout: types spelled
 * in lower case as Doris prints them; every name back-quoted unless the session's
 * sql_quote_show_create is 0 (then only names that need it, as MySQL); a keyed table's key also as MySQL's
 * PRIMARY KEY line when show_create_table_primary_key is set (CREATE TABLE takes that line back).
 */
public final class ShowCreateTable {
    private ShowCreateTable() {
    }

    public static String of(TableMeta t, StatementContext ctx) {
        boolean quoteAll = quoteAll(ctx);
        if (t.isView()) {
            return view(t, quoteAll);
        }
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(quote(t.name(), quoteAll)).append(" (\n");
        List<String> cols = new ArrayList<>();
        for (ColumnMeta c : HiddenColumns.withoutHidden(t)) {
            cols.add("  " + column(c, quoteAll));
        }
        String keys = names(t.keyColumns().stream().map(ColumnMeta::name).toList(), quoteAll);
        if (t.keyModel() != KeyModel.DUPLICATE && ctx.session().flag("show_create_table_primary_key")) {
            cols.add("  PRIMARY KEY (" + keys + ")");
        }
        for (IndexMeta index : t.indexes()) {
            cols.add("  " + index(index, quoteAll));
        }
        sb.append(String.join(",\n", cols)).append("\n) ENGINE=OLAP\n");
        sb.append(t.keyModel().keyword()).append('(').append(keys).append(")\n");
        if (!t.comment().isEmpty()) {
            sb.append("COMMENT ").append(singleQuoted(t.comment())).append('\n');
        }
        if (t.isPartitioned()) {
            sb.append(partitions(t.partitioning(), quoteAll)).append('\n');
        }
        sb.append(t.distribution().toSql()).append('\n');
        List<String> props = new ArrayList<>();
        for (Map.Entry<String, String> e : t.properties().entrySet()) {
            props.add("\n\"" + e.getKey() + "\" = " + doubleQuoted(e.getValue()));
        }
        if (props.isEmpty()) {
            sb.setLength(sb.length() - 1);
            return sb.append(';').toString();
        }
        return sb.append("PROPERTIES (").append(String.join(",", props)).append("\n);").toString();
    }

    private static String column(ColumnMeta c, boolean quoteAll) {
        StringBuilder sb = new StringBuilder(quote(c.name(), quoteAll)).append(' ').append(typeName(c.type()));
        if (c.aggregation() != null) {
            sb.append(' ').append(c.aggregation());
        }
        sb.append(c.nullable() ? " NULL" : " NOT NULL");
        if (c.autoIncrement()) {
            sb.append(" AUTO_INCREMENT");
            if (c.autoIncrementStart() != null) {
                sb.append('(').append(c.autoIncrementStart()).append(')');
            }
        }
        if (c.defaultValue() != null) {
            String d = c.defaultValue();
            sb.append(" DEFAULT ").append(d.startsWith("'") ? "\"" + d.substring(1, d.length() - 1) + "\"" : d);
        }
        if (c.onUpdate() != null) {
            sb.append(" ON UPDATE ").append(c.onUpdate());
        }
        sb.append(" COMMENT ").append(doubleQuoted(c.comment()));
        return sb.toString();
    }

    /**
     * A view with its column list (names and comments), so that the text creates the same view again
     * even where the list renamed the query's columns, and its comment.
     */
    private static String view(TableMeta t, boolean quoteAll) {
        StringBuilder sb = new StringBuilder("CREATE VIEW ").append(quote(t.name(), quoteAll)).append(" (");
        for (int i = 0; i < t.columns().size(); i++) {
            ColumnMeta c = t.columns().get(i);
            sb.append(i == 0 ? "" : ", ").append(quote(c.name(), quoteAll));
            if (!c.comment().isEmpty()) {
                sb.append(" COMMENT ").append(doubleQuoted(c.comment()));
            }
        }
        sb.append(')');
        if (!t.comment().isEmpty()) {
            sb.append(" COMMENT ").append(doubleQuoted(t.comment()));
        }
        return sb.append(" AS ").append(t.viewSql()).toString();
    }

    /** Doris's index line: {@code INDEX name (`c`) USING INVERTED PROPERTIES("k" = "v") COMMENT '..'}. */
    private static String index(IndexMeta index, boolean quoteAll) {
        StringBuilder sb = new StringBuilder("INDEX ").append(quote(index.name(), quoteAll)).append(" (")
                .append(names(index.columns(), quoteAll)).append(") USING ").append(index.type());
        if (!index.properties().isEmpty()) {
            sb.append(" PROPERTIES(").append(index.properties().entrySet().stream()
                    .map(e -> doubleQuoted(e.getKey()) + " = " + doubleQuoted(e.getValue()))
                    .collect(java.util.stream.Collectors.joining(", "))).append(')');
        }
        if (!index.comment().isEmpty()) {
            sb.append(" COMMENT ").append(singleQuoted(index.comment()));
        }
        return sb.toString();
    }

    /** A string literal in single quotes that reads back as {@code text}. */
    private static String singleQuoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** A string literal in double quotes that reads back as {@code text}. */
    private static String doubleQuoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Doris's spelling of a type: lower case words ({@code varchar(20)}, {@code array<int>}), struct fields as named. */
    static String typeName(DataType type) {
        return switch (type.kind()) {
            case ARRAY -> "array<" + typeName(type.children().get(0)) + ">";
            case MAP -> "map<" + typeName(type.children().get(0)) + "," + typeName(type.children().get(1)) + ">";
            case STRUCT -> "struct<" + java.util.stream.IntStream.range(0, type.children().size())
                    .mapToObj(i -> type.fieldNames().get(i) + ":" + typeName(type.children().get(i)))
                    .collect(java.util.stream.Collectors.joining(",")) + ">";
            default -> type.toSql().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static boolean quoteAll(StatementContext ctx) {
        return !"0".equals(ctx.session().variable("sql_quote_show_create"));
    }

    private static String partitions(PartitionScheme s, boolean quoteAll) {
        String by = s.auto() != null && s.auto().truncUnit() != null
                ? "date_trunc(" + names(s.columns(), quoteAll) + ", '" + s.auto().truncUnit() + "')" : names(s.columns(), quoteAll);
        StringBuilder sb = new StringBuilder(s.auto() == null ? "" : "AUTO ").append("PARTITION BY ").append(s.kind())
                .append('(').append(by).append(")\n(");
        List<String> parts = new ArrayList<>();
        for (PartitionMeta p : s.partitions()) {
            if (s.kind() == PartitionScheme.Kind.LIST) {
                List<String> tuples = new ArrayList<>();
                for (List<String> v : p.listValues()) {
                    tuples.add("(" + values(v) + ")");
                }
                parts.add("PARTITION " + p.name() + " VALUES IN (" + String.join(",", tuples) + ")");
            } else {
                String lower = p.lower().isEmpty() ? "MINVALUE" : values(p.lower());
                String upper = p.upper().isEmpty() ? "MAXVALUE" : values(p.upper());
                parts.add("PARTITION " + p.name() + " VALUES [(" + lower + "), (" + upper + "))");
            }
        }
        return sb.append(String.join(",\n", parts)).append(')').toString();
    }

    private static String values(List<String> v) {
        return String.join(", ", v.stream().map(x -> x == null ? "NULL" : "\"" + x + "\"").toList());
    }

    private static String names(List<String> names, boolean quoteAll) {
        return String.join(", ", names.stream().map(n -> quote(n, quoteAll)).toList());
    }

    /** A name as SHOW CREATE prints it for the session ({@code sql_quote_show_create}). */
    static String quote(String name, StatementContext ctx) {
        return quote(name, quoteAll(ctx));
    }

    private static String quote(String name, boolean quoteAll) {
        return quoteAll ? "`" + name.replace("`", "``") + "`" : SqlFormatter.formatIdentifier(name);
    }
}
