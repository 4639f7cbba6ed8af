package io.cairndb.write;

import io.cairndb.analyzer.QueryBinder;
import io.cairndb.analyzer.QueryTranslator;
import io.cairndb.analyzer.StateArguments;
import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.PlanColumn;
import io.cairndb.plan.PlanNode;
import io.cairndb.printer.AggregateStates;
import io.cairndb.printer.DuckTypes;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;

import java.util.ArrayList;
import java.util.List;

/**
 * The SELECT that produces an INSERT's full table rows: given columns converted to the column
 * types, the others defaulted (or, in a partial update, kept as stored). In strict mode a value that
 * does not convert is an error; otherwise it becomes NULL, as Doris's non-strict loads do.
 */
final class InsertSource {
    private InsertSource() {
    }

    /** With {@code partial}, the columns not named keep their stored values (see {@link PartialUpdate}). */
    static String rows(StatementContext ctx, TableMeta t, List<ColumnMeta> targets, Query source, boolean strict, boolean partial) {
        QueryTranslator tr = ctx.translator();
        String sql;
        List<DataType> sourceTypes;
        // A state column needs the type of what it is given: VALUES rows with one are bound as a query.
        boolean states = targets.stream().anyMatch(c -> c.type().kind() == io.cairndb.catalog.TypeKind.AGG_STATE);
        if (isPlainValues(source) && !states) {
            // Each value is converted on its own, so rows may mix literal types and use DEFAULT.
            sql = values(ctx, tr, t, targets, ((QueryBody.Values) source.body()).rows(), strict);
            sourceTypes = targets.stream().map(ColumnMeta::type).toList();
        } else {
            // The source's types are the plan's: no round trip to the engine to learn them.
            PlanNode plan = QueryBinder.bind(ctx, source).plan();
            if (plan.outputs().size() != targets.size()) {
                throw new CairnException(ErrorCode.COLUMN_COUNT_MISMATCH, "Column count doesn't match value count");
            }
            if (states) {
                plan = StateArguments.castTo(plan, targets.stream().map(ColumnMeta::type).toList());
            }
            sql = tr.print(tr.answeringWrite(plan));
            sourceTypes = plan.outputs().stream().map(PlanColumn::type).toList();
        }
        List<String> aliases = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            aliases.add(Sql.ident("_c" + i));
        }
        List<String> items = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            int pos = targets.indexOf(c);
            items.add(pos >= 0 ? convert(Sql.ident("__src") + "." + Sql.ident("_c" + pos), sourceTypes.get(pos), c.type(), strict)
                    : partial ? PartialUpdate.unnamed(ctx, tr, t, c) : ColumnDefaults.expression(ctx, tr, t, c));
        }
        String from = " FROM (" + sql + ") AS " + Sql.ident("__src") + "(" + String.join(", ", aliases) + ")";
        if (partial) {
            from += PartialUpdate.storedRows(t, t.keyColumns().stream().map(k -> items.get(t.columns().indexOf(k))).toList());
        }
        return "SELECT " + String.join(", ", items) + from;
    }

    private static boolean isPlainValues(Query q) {
        return q.body() instanceof QueryBody.Values && q.with().isEmpty() && q.orderBy().isEmpty() && q.limit() == null;
    }

    private static String values(StatementContext ctx, QueryTranslator tr, TableMeta t, List<ColumnMeta> targets,
                                 List<List<Expr>> rows, boolean strict) {
        List<String> tuples = new ArrayList<>(rows.size());
        for (List<Expr> row : rows) {
            if (row.size() != targets.size()) {
                throw new CairnException(ErrorCode.COLUMN_COUNT_MISMATCH, "Column count doesn't match value count");
            }
            List<String> cells = new ArrayList<>(row.size());
            for (int i = 0; i < row.size(); i++) {
                ColumnMeta c = targets.get(i);
                Expr v = row.get(i);
                cells.add(v instanceof Expr.DefaultValue ? ColumnDefaults.expression(ctx, tr, t, c)
                        : convert(tr.translate(v), isFraction(v) ? DataType.DOUBLE : DataType.STRING, c.type(), strict));
            }
            tuples.add("(" + String.join(", ", cells) + ")");
        }
        return "VALUES " + String.join(", ", tuples);
    }

    private static boolean isFraction(Expr v) {
        Expr e = v instanceof Expr.Unary u ? u.operand() : v;
        return e instanceof Expr.DecimalLiteral || e instanceof Expr.DoubleLiteral;
    }

    /** A conversion (failing or NULL when not strict); fractions stored into integer columns are truncated, as Doris does. */
    private static String convert(String value, DataType from, DataType to, boolean strict) {
        if (from.kind() == io.cairndb.catalog.TypeKind.AGG_STATE || to.kind() == io.cairndb.catalog.TypeKind.AGG_STATE) {
            // A state is stored only in a column of its own aggregate and arguments, and as it is.
            if (!AggregateStates.castable(from, to)) {
                throw AggregateStates.castError(from, to);
            }
            return "CAST(" + value + " AS " + DuckTypes.toDuckDb(to) + ")";
        }
        boolean fractional = from.kind() == io.cairndb.catalog.TypeKind.DECIMAL || from.kind() == io.cairndb.catalog.TypeKind.DOUBLE
                || from.kind() == io.cairndb.catalog.TypeKind.FLOAT;
        String v = fractional && to.kind().isInteger() ? "trunc(" + value + ")" : value;
        String cast = strict ? "CAST(" : "TRY_CAST(";
        if (from.kind().isString() && to.kind() == io.cairndb.catalog.TypeKind.DATETIME) {
            // Text is read as a DATETIME first: DuckDB parses text into seconds or milliseconds
            // as an integer, and a bad value would be reported as not a number.
            v = cast + v + " AS TIMESTAMP)";
        }
        return cast + v + " AS " + DuckTypes.toDuckDb(to) + ")";
    }
}
