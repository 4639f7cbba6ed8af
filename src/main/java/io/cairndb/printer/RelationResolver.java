package io.cairndb.printer;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Relation;

/**
 * Catalog knowledge the printer needs, supplied by the query executor. Every method returns
 * DuckDB SQL text; the printer adds aliases itself.
 */
public interface RelationResolver {

    /**
     * The FROM item for a table or view, without alias: {@code "db"."t"} or a parenthesized
     * subquery. Partitions and {@code @incr} parameters of the reference are the resolver's to apply.
     */
    String table(Relation.TableRef ref);

    /**
     * Columns the FROM item of {@code ref} exposes that {@code *} must not include, such as the
     * changelog columns of {@code t@incr(...)}; they are selectable by name.
     */
    default java.util.List<String> hiddenColumns(Relation.TableRef ref) {
        return java.util.List.of();
    }

    /** The FROM item for a table-valued function, without alias. */
    String tableFunction(Relation.TableFunction fn);

    /** A SQL literal holding the current value of a {@code @@system} or {@code @user} variable. */
    String variable(Expr.Variable v);

    /**
     * A SQL literal for a function without arguments whose value comes from the session, such as
     * {@code database()}, {@code user()} or {@code connection_id()}; null when {@code name} is not one.
     */
    String sessionFunction(String name);

    /** A SQL literal for the {@code ?} numbered {@code index} (from 0); may throw when unbound. */
    String parameter(int index);

    /**
     * The type an integer {@code +}, {@code -} or {@code *} must be computed in to widen as Doris does,
     * or null to leave it to DuckDB.
     */
    default io.cairndb.catalog.DataType arithmeticType(Expr.Binary b) {
        return null;
    }

    /**
     * The type a function's result must be cast to, to be typed as Doris types it (the SUM of
     * integers is BIGINT), or null to leave it to DuckDB.
     */
    default io.cairndb.catalog.DataType resultType(Expr.FunctionCall f) {
        return null;
    }
}
