package io.cairndb.analyzer;

import io.cairndb.plan.PlanColumn;
import io.cairndb.sql.tree.Expr;

import java.util.List;

/**
 * The columns a query block's expressions can name: the fields of its FROM clause, and through
 * {@code outer} those of the enclosing blocks (a correlated subquery's references).
 */
record BindScope(List<Field> fields, BindScope outer) {

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
            throw new Unbindable("name with more than three parts");
        }
        String name = id.name();
        String qualifier = parts.size() >= 2 ? parts.get(parts.size() - 2) : null;
        Field found = null;
        for (Field f : fields) {
            boolean matches = f.name().equalsIgnoreCase(name) && (qualifier == null
                    ? f.unqualified() : qualifier.equalsIgnoreCase(f.qualifier()));
            if (matches) {
                if (found != null && found.column().id() != f.column().id()) {
                    throw new Unbindable("ambiguous column " + name);
                }
                found = f;
            }
        }
        if (found == null && parts.size() == 2 && fields.stream().anyMatch(f -> f.name().equalsIgnoreCase(parts.get(0)))) {
            throw new Unbindable("struct field access");
        }
        return found == null ? null : found.column();
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
