package io.cairndb.analyzer;

import io.cairndb.error.UnknownNames;
import io.cairndb.sql.tree.Expr;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The analyzer's check that every column a query names exists, so that an unknown name fails in the
 * dialect's words (Doris's {@code Unknown column 'x' in 'table list'}) before the engine sees it.
 */
final class UnknownColumns {
    /** Unit keywords some date functions take as a bare word ({@code timestampdiff(DAY, a, b)}): not column names. */
    private static final Set<String> UNIT_WORDS = Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND");
    /** The engine's row identifier: every table has it, and DELETE selects it to find the rows it removes. */
    private static final String ROW_ID = "rowid";

    private UnknownColumns() {
    }

    /**
     * Fails for a column that is in no scope of the query: not in its FROM, not an enclosing query's
     * (a correlated subquery), not a select-list alias. A qualified name whose qualifier is a column
     * (a struct field) or a database ({@code db.t.c}) is left to the engine, and so are hidden columns
     * (named {@code __...}), which the write path's queries read.
     */
    static void check(Expr.Identifier id, List<ScopeColumn> scope, Collection<List<ScopeColumn>> outerScopes,
                      Collection<Set<String>> selectAliases) {
        List<List<ScopeColumn>> scopes = new ArrayList<>();
        scopes.add(scope);
        scopes.addAll(outerScopes);
        String name = id.name();
        if (name.equalsIgnoreCase(ROW_ID)) {
            return;
        }
        if (id.parts().size() == 1) {
            if (name.startsWith("__") || UNIT_WORDS.contains(name.toUpperCase(Locale.ROOT))
                    || selectAliases.stream().anyMatch(a -> a.contains(name))
                    || scopes.stream().anyMatch(s -> ScopeColumn.find(s, id) >= 0)) {
                return;
            }
            throw UnknownNames.column(name, null);
        }
        if (id.parts().size() != 2) {
            return;
        }
        String qualifier = id.parts().get(0);
        boolean qualifierIsTable = false;
        for (List<ScopeColumn> s : scopes) {
            for (ScopeColumn c : s) {
                if (c.name().equalsIgnoreCase(qualifier) || c.qualifier() != null && c.qualifier().equalsIgnoreCase(qualifier)
                        && c.name().equalsIgnoreCase(name)) {
                    return;
                }
                qualifierIsTable |= c.qualifier() != null && c.qualifier().equalsIgnoreCase(qualifier);
            }
        }
        throw qualifierIsTable ? UnknownNames.qualifiedColumn(qualifier, name, null) : UnknownNames.qualifier(qualifier, null);
    }
}
