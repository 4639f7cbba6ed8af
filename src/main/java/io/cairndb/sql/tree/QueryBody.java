package io.cairndb.sql.tree;

import java.util.List;
import java.util.Map;

/** The body of a query: a SELECT block, a set operation, VALUES, or a parenthesized query. */
public sealed interface QueryBody {

    /**
     * One SELECT block. from, where, groupBy and having are nullable. {@code setVarHints} holds
     * the pairs of a {@code /*+ SET_VAR(k=v, ...) *}{@code /} hint (keys lower-case).
     */
    record QuerySpec(Map<String, String> setVarHints, boolean distinct, List<SelectItem> select,
                     Relation from, Expr where, GroupBy groupBy, Expr having) implements QueryBody {
        public QuerySpec {
            setVarHints = Properties.copyOf(setVarHints);
            select = List.copyOf(select);
        }
    }

    enum SetOpType { UNION, INTERSECT, EXCEPT }

    /** {@code left UNION|INTERSECT|EXCEPT [ALL|DISTINCT] right}; MINUS is EXCEPT. */
    record SetOperation(SetOpType type, boolean all, QueryBody left, QueryBody right) implements QueryBody {
    }

    /** {@code VALUES (..), (..)}. */
    record Values(List<List<Expr>> rows) implements QueryBody {
        public Values {
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    /** A parenthesized query used as a set-operation operand, keeping its own ORDER BY / LIMIT. */
    record Nested(Query query) implements QueryBody {
    }

    /** A select-list item. */
    sealed interface SelectItem {
    }

    /** {@code *} or {@code t.*}; qualifier nullable. */
    record AllColumns(QualifiedName qualifier) implements SelectItem {
    }

    /** {@code expr [AS alias]}; alias nullable. */
    record SingleColumn(Expr expr, String alias) implements SelectItem {
    }

    /** GROUP BY: the elements are combined as a cross product, as in SQL. */
    record GroupBy(List<GroupingElement> elements) {
        public GroupBy {
            elements = List.copyOf(elements);
        }
    }

    sealed interface GroupingElement {
        /** Every expression the element groups by (all sets' of GROUPING SETS). */
        List<Expr> exprs();
    }

    record SimpleGroupBy(List<Expr> exprs) implements GroupingElement {
        public SimpleGroupBy {
            exprs = List.copyOf(exprs);
        }
    }

    record GroupingSets(List<List<Expr>> sets) implements GroupingElement {
        public GroupingSets {
            sets = sets.stream().map(List::copyOf).toList();
        }

        @Override
        public List<Expr> exprs() {
            return sets.stream().flatMap(List::stream).toList();
        }
    }

    record Rollup(List<Expr> exprs) implements GroupingElement {
        public Rollup {
            exprs = List.copyOf(exprs);
        }
    }

    record Cube(List<Expr> exprs) implements GroupingElement {
        public Cube {
            exprs = List.copyOf(exprs);
        }
    }
}
