package io.cairndb.sql;

import io.cairndb.sql.CairnSqlParser.IdentifierContext;
import io.cairndb.sql.CairnSqlParser.IdentifierListContext;
import io.cairndb.sql.CairnSqlParser.PartitionSpecContext;
import io.cairndb.sql.CairnSqlParser.TemporaryPartitionSpecContext;
import io.cairndb.sql.CairnSqlParser.PropertyContext;
import io.cairndb.sql.CairnSqlParser.PropertyKeyContext;
import io.cairndb.sql.CairnSqlParser.PropertyListContext;
import io.cairndb.sql.CairnSqlParser.PropertyValueContext;
import io.cairndb.sql.CairnSqlParser.QualifiedNameContext;
import io.cairndb.sql.CairnSqlParser.StringContext;
import io.cairndb.sql.tree.QualifiedName;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Plain values read from the leaves of the parse tree: names, strings, numbers, property lists. */
final class TreeValues {
    private TreeValues() {
    }

    static String identifier(IdentifierContext ctx) {
        TerminalNode quoted = ctx.BACKQUOTED_IDENTIFIER();
        return quoted != null ? SqlStrings.unquoteIdentifier(quoted.getText()) : ctx.getText();
    }

    static String identifierOrNull(IdentifierContext ctx) {
        return ctx == null ? null : identifier(ctx);
    }

    static List<String> identifiers(IdentifierListContext ctx) {
        return ctx == null ? List.of() : ctx.identifier().stream().map(TreeValues::identifier).toList();
    }

    static QualifiedName qualifiedName(QualifiedNameContext ctx) {
        return new QualifiedName(ctx.identifier().stream().map(TreeValues::identifier).toList());
    }

    /** A database's name, {@code db} or {@code internal.db}. */
    static String databaseName(QualifiedNameContext ctx) {
        QualifiedName name = qualifiedName(ctx);
        if (name.parts().size() > 2) {
            throw SyntaxErrors.at(ctx.start, "a database is [catalog.]database, not " + name);
        }
        if (name.parts().size() == 2) {
            io.cairndb.catalog.Catalog.requireInternal(name.parts().get(0));
        }
        return name.name();
    }

    static String string(StringContext ctx) {
        StringBuilder value = new StringBuilder();
        for (TerminalNode part : ctx.STRING()) {
            value.append(SqlStrings.unquoteString(part.getText()));
        }
        return value.toString();
    }

    static String stringOrNull(StringContext ctx) {
        return ctx == null ? null : string(ctx);
    }

    static int intValue(Token token) {
        long value = longValue(token);
        if (value > Integer.MAX_VALUE) {
            throw SyntaxErrors.at(token, "number out of range");
        }
        return (int) value;
    }

    static long longValue(Token token) {
        try {
            return Long.parseLong(token.getText());
        } catch (NumberFormatException e) {
            throw SyntaxErrors.at(token, "number out of range");
        }
    }

    /** A time unit in upper-case singular form (DAYS is DAY), which must be one of {@code allowed}. */
    static String timeUnit(IdentifierContext ctx, Set<String> allowed) {
        String unit = identifier(ctx).toUpperCase(Locale.ROOT);
        if (unit.endsWith("S") && allowed.contains(unit.substring(0, unit.length() - 1))) {
            unit = unit.substring(0, unit.length() - 1);
        }
        if (!allowed.contains(unit)) {
            throw SyntaxErrors.at(ctx.start, "expecting a time unit (" + String.join(", ", allowed.stream().sorted().toList()) + ")");
        }
        return unit;
    }

    /** {@code ("k" = "v", ...)}: keys and values as written without quotes, in order. */
    static Map<String, String> properties(PropertyListContext ctx) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (ctx != null) {
            ctx.property().forEach(p -> properties.put(propertyKey(p.key), propertyValue(p.value)));
        }
        return properties;
    }

    static Map<String, String> properties(List<PropertyContext> contexts) {
        Map<String, String> properties = new LinkedHashMap<>();
        contexts.forEach(p -> properties.put(propertyKey(p.key), propertyValue(p.value)));
        return properties;
    }

    private static String propertyKey(PropertyKeyContext ctx) {
        return ctx.string() != null ? string(ctx.string()) : qualifiedName(ctx.qualifiedName()).toString();
    }

    private static String propertyValue(PropertyValueContext ctx) {
        if (ctx.string() != null) {
            return string(ctx.string());
        }
        return ctx.identifier() != null ? identifier(ctx.identifier()) : ctx.getText();
    }

    /** The names of a TEMPORARY PARTITION clause. */
    static List<String> temporaryPartitionNames(TemporaryPartitionSpecContext ctx) {
        return ctx.identifier() != null ? List.of(identifier(ctx.identifier())) : identifiers(ctx.identifierList());
    }

    /** The names of a PARTITION clause; {@code PARTITION (*)} is the single name "*". */
    static List<String> partitionNames(PartitionSpecContext ctx) {
        if (ctx == null) {
            return List.of();
        }
        if (ctx.ASTERISK() != null) {
            return List.of("*");
        }
        return ctx.identifier() != null ? List.of(identifier(ctx.identifier())) : identifiers(ctx.identifierList());
    }
}
