package io.cairndb.system;

import io.cairndb.analyzer.HiddenColumns;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The CREATE TABLE / CREATE VIEW text that SHOW CREATE TABLE prints, in Doris's layout. */
public final class ShowCreateTable {
    private ShowCreateTable() {
    }

    public static String of(TableMeta t) {
        if (t.isView()) {
            return "CREATE VIEW " + quote(t.name()) + " AS " + t.viewSql();
        }
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(quote(t.name())).append(" (\n");
        List<String> cols = new ArrayList<>();
        for (ColumnMeta c : HiddenColumns.withoutHidden(t)) {
            cols.add("  " + column(c));
        }
        sb.append(String.join(",\n", cols)).append("\n) ENGINE=OLAP\n");
        sb.append(t.keyModel().keyword()).append('(').append(names(t.keyColumns().stream().map(ColumnMeta::name).toList()))
                .append(")\n");
        if (!t.comment().isEmpty()) {
            sb.append("COMMENT '").append(t.comment().replace("'", "\\'")).append("'\n");
        }
        if (t.isPartitioned()) {
            sb.append(partitions(t.partitioning())).append('\n');
        }
        sb.append(t.distribution().toSql()).append('\n');
        List<String> props = new ArrayList<>();
        for (Map.Entry<String, String> e : t.properties().entrySet()) {
            props.add("\n\"" + e.getKey() + "\" = \"" + e.getValue().replace("\"", "\\\"") + "\"");
        }
        if (props.isEmpty()) {
            sb.setLength(sb.length() - 1);
            return sb.append(';').toString();
        }
        return sb.append("PROPERTIES (").append(String.join(",", props)).append("\n);").toString();
    }

    static String column(ColumnMeta c) {
        StringBuilder sb = new StringBuilder(quote(c.name())).append(' ').append(c.type().toSql());
        if (c.aggregation() != null) {
            sb.append(' ').append(c.aggregation());
        }
        sb.append(c.nullable() ? " NULL" : " NOT NULL");
        if (c.autoIncrement()) {
            sb.append(" AUTO_INCREMENT");
        }
        if (c.defaultValue() != null) {
            String d = c.defaultValue();
            sb.append(" DEFAULT ").append(d.startsWith("'") ? "\"" + d.substring(1, d.length() - 1) + "\"" : d);
        }
        sb.append(" COMMENT \"").append(c.comment().replace("\"", "\\\"")).append('"');
        return sb.toString();
    }

    private static String partitions(PartitionScheme s) {
        String by = s.auto() != null && s.auto().truncUnit() != null
                ? "date_trunc(" + names(s.columns()) + ", '" + s.auto().truncUnit() + "')" : names(s.columns());
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

    private static String names(List<String> names) {
        return String.join(", ", names.stream().map(ShowCreateTable::quote).toList());
    }

    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
