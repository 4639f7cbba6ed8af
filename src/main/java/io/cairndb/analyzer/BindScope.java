package io.cairndb.analyzer;

import io.cairndb.plan.PlanColumn;
import io.cairndb.sql.tree.Expr;

import io.cairndb.error.CairnException;
import io.cairndb.error.QueryErrors;
import io.cairndb.error.UnknownNames;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The columns a query block's expressions can name: the fields of its FROM clause, and through
 * {@code outer} those of the enclosing blocks (a correlated subquery's references). {@code byName}
 * indexes the fields by lower-case name, so that a wide select list binds in linear time.
 */
record BindScope(List<Field> fields, BindScope outer, Map<String, Expr> aliases, Map<String, List<Field>> byName) {

    /**
     * A nameable column: {@code qualifier} is the table alias (null for none); {@code star} whether
     * {@code *} includes it; {@code unqualified} whether a bare name finds it (the right column of a
     * USING pair is found only qualified).
     */
    record Field(String qualifier, String name, PlanColumn column, boolean star, boolean unqualified) {
        Field(String qualifier, String name, PlanColumn column) {
            this(qualifier, name, column, true, true);
        }

        Field requalified(String newQualifier) {
            return new Field(newQualifier, name, column, star, unqualified);
        }

        Field withColumn(PlanColumn c) {
            return new Field(qualifier, name, c, star, unqualified);
        }
    }

    BindScope {
        fields = List.copyOf(fields);
        aliases = Map.copyOf(aliases);
    }

    BindScope(List<Field> fields, BindScope outer, Map<String, Expr> aliases) {
        this(fields, outer, aliases, index(fields));
    }

    BindScope(List<Field> fields, BindScope outer) {
        this(fields, outer, Map.of());
    }

    private static Map<String, List<Field>> index(List<Field> fields) {
        Map<String, List<Field>> byName = new HashMap<>();
        for (Field f : fields) {
            byName.computeIfAbsent(f.name().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(f);
        }
        byName.replaceAll((k, v) -> List.copyOf(v));
        return Map.copyOf(byName);
    }

    /**
     * The select-list expression a name no column has stands for in this block, or null: the
     * engine lets WHERE name an alias of the select list, and queries written for it do.
     */
    Expr alias(Expr.Identifier id) {
        return id.parts().size() == 1 ? aliases.get(id.name().toLowerCase(Locale.ROOT)) : null;
    }

    static BindScope of(List<Field> fields) {
        return new BindScope(fields, null);
    }

    /**
     * The column {@code id} names in this block, or null. A name that two fields answer is ambiguous
     * and left to the other path, which words that error.
     */
    PlanColumn local(Expr.Identifier id) {
        List<String> parts = id.parts();
        if (parts.size() > 3) {
            throw UnknownNames.column(String.join(".", parts), null);
        }
        String name = id.name();
        String qualifier = parts.size() >= 2 ? parts.get(parts.size() - 2) : null;
        Field found = null;
        for (Field f : byName.getOrDefault(name.toLowerCase(Locale.ROOT), List.of())) {
            boolean matches = (qualifier == null
                    ? f.unqualified() : qualifier.equalsIgnoreCase(f.qualifier()));
            if (matches) {
                if (found != null && found.column().id() != f.column().id()) {
                    boolean twoRelations = found.qualifier() != null && !found.qualifier().equalsIgnoreCase(f.qualifier());
                    if (twoRelations) {
                        throw QueryErrors.ambiguous(name, null);
                    }
                    // Two columns of one derived table share the name: the first answers, as in the engine.
                    continue;
                }
                found = f;
            }
        }
        return found == null ? null : found.column();
    }

    /** The error for a name no scope has, worded as Doris words it. */
    CairnException unknown(Expr.Identifier id) {
        String name = id.name();
        if (id.parts().size() == 1) {
            return UnknownNames.column(name, null);
        }
        String qualifier = id.parts().get(id.parts().size() - 2);
        for (BindScope s = this; s != null; s = s.outer) {
            for (Field f : s.fields) {
                if (qualifier.equalsIgnoreCase(f.qualifier())) {
                    return UnknownNames.qualifiedColumn(qualifier, name, null);
                }
            }
        }
        return UnknownNames.qualifier(qualifier, null);
    }

    /** The column {@code id} names here or in an enclosing block, or null. */
    PlanColumn resolve(Expr.Identifier id) {
        for (BindScope s = this; s != null; s = s.outer) {
            PlanColumn c = s.local(id);
            if (c != null) {
                return c;
            }
        }
        return null;
    }
}
