package io.cairndb.sql;

import io.cairndb.catalog.DataType;
import io.cairndb.catalog.TypeKind;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.OrderItem;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Query;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Relation;
import io.cairndb.sql.tree.WindowSpec;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Formats queries, relations, expressions and types for {@link SqlFormatter}. Parentheses are
 * added only where the grammar's precedence needs them, so that parsing the output gives back
 * the same tree.
 */
final class QueryFormatter {
    private static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final Pattern UNIT_WORD = Pattern.compile("[A-Z_]+");
    private static final Set<String> NILADIC = Set.of("current_date", "current_time", "current_timestamp",
            "current_user", "localtime", "localtimestamp");

    // Precedence levels, loosest first; they mirror booleanExpression / predicate / valueExpression.
    private static final int OR = 1;
    private static final int AND = 2;
    private static final int NOT = 3;
    private static final int PREDICATE = 4;
    private static final int BIT_OR = 5;
    private static final int BIT_AND = 6;
    private static final int ADDITIVE = 8;
    private static final int MULTIPLICATIVE = 9;
    private static final int BIT_XOR = 10;
    private static final int UNARY = 11;
    private static final int PRIMARY = 12;

    private QueryFormatter() {
    }

    // ------------------------------------------------------------ names

    /** Back-quoted when not a plain identifier or when a reserved word. */
    static String identifier(String name) {
        return PLAIN_IDENTIFIER.matcher(name).matches() && !Keywords.isReserved(name) ? name : SqlStrings.quoteIdentifier(name);
    }

    static String name(QualifiedName name) {
        return dotted(name.parts());
    }

    static String dotted(List<String> parts) {
        return parts.stream().map(QueryFormatter::identifier).collect(Collectors.joining("."));
    }

    static String identifiers(List<String> names) {
        return names.stream().map(QueryFormatter::identifier).collect(Collectors.joining(", "));
    }

    /** Function names print as stored; reserved words that the grammar accepts as names (if, left) stay bare. */
    private static String functionName(String name) {
        if (Keywords.isCallable(name)) {
            return name;
        }
        return dotted(List.of(name.split("\\.", -1)));
    }

    static String properties(Map<String, String> properties) {
        return properties.entrySet().stream()
                .map(e -> SqlStrings.quoteString(e.getKey()) + " = " + SqlStrings.quoteString(e.getValue()))
                .collect(Collectors.joining(", ", "(", ")"));
    }

    // ------------------------------------------------------------ queries

    static String query(Query query) {
        StringBuilder out = new StringBuilder();
        if (!query.with().isEmpty()) {
            out.append("WITH ").append(query.with().stream().map(w -> identifier(w.name())
                    + (w.columns().isEmpty() ? "" : " (" + identifiers(w.columns()) + ")")
                    + " AS (" + query(w.query()) + ")").collect(Collectors.joining(", "))).append(' ');
        }
        out.append(body(query.body()));
        if (!query.orderBy().isEmpty()) {
            out.append(" ORDER BY ").append(orderItems(query.orderBy()));
        }
        if (query.limit() != null) {
            out.append(' ').append(limit(query.limit()));
        }
        return out.toString();
    }

    static String limit(Query.Limit limit) {
        return "LIMIT " + limit.count() + (limit.offset() != 0 ? " OFFSET " + limit.offset() : "");
    }

    private static String body(QueryBody body) {
        if (body instanceof QueryBody.QuerySpec spec) {
            return querySpec(spec);
        }
        if (body instanceof QueryBody.SetOperation op) {
            int level = setPrecedence(op);
            return setOperand(op.left(), level, false) + " " + op.type().name() + (op.all() ? " ALL " : " ")
                    + setOperand(op.right(), level, true);
        }
        if (body instanceof QueryBody.Values values) {
            return "VALUES " + values.rows().stream().map(row -> "(" + expressions(row) + ")")
                    .collect(Collectors.joining(", "));
        }
        return "(" + query(((QueryBody.Nested) body).query()) + ")";
    }

    private static int setPrecedence(QueryBody.SetOperation op) {
        return op.type() == QueryBody.SetOpType.INTERSECT ? 2 : 1;
    }

    private static String setOperand(QueryBody operand, int level, boolean right) {
        if (operand instanceof QueryBody.SetOperation op) {
            int inner = setPrecedence(op);
            if (inner < level || (right && inner == level)) {
                return "(" + body(operand) + ")";
            }
        }
        return body(operand);
    }

    private static String querySpec(QueryBody.QuerySpec spec) {
        StringBuilder out = new StringBuilder("SELECT ");
        if (!spec.setVarHints().isEmpty()) {
            out.append(spec.setVarHints().entrySet().stream()
                    .map(e -> e.getKey() + " = " + SqlStrings.quoteString(e.getValue()))
                    .collect(Collectors.joining(", ", "/*+ SET_VAR(", ") */ ")));
        }
        if (spec.distinct()) {
            out.append("DISTINCT ");
        }
        out.append(spec.select().stream().map(QueryFormatter::selectItem).collect(Collectors.joining(", ")));
        if (spec.from() != null) {
            out.append(" FROM ").append(relation(spec.from()));
        }
        if (spec.where() != null) {
            out.append(" WHERE ").append(expr(spec.where()));
        }
        if (spec.groupBy() != null) {
            out.append(" GROUP BY ").append(spec.groupBy().elements().stream()
                    .map(QueryFormatter::groupingElement).collect(Collectors.joining(", ")));
        }
        if (spec.having() != null) {
            out.append(" HAVING ").append(expr(spec.having()));
        }
        return out.toString();
    }

    private static String selectItem(QueryBody.SelectItem item) {
        if (item instanceof QueryBody.AllColumns all) {
            return all.qualifier() == null ? "*" : name(all.qualifier()) + ".*";
        }
        QueryBody.SingleColumn column = (QueryBody.SingleColumn) item;
        return expr(column.expr()) + (column.alias() == null ? "" : " AS " + identifier(column.alias()));
    }

    private static String groupingElement(QueryBody.GroupingElement element) {
        if (element instanceof QueryBody.SimpleGroupBy simple) {
            return expressions(simple.exprs());
        }
        if (element instanceof QueryBody.Rollup rollup) {
            return "ROLLUP (" + expressions(rollup.exprs()) + ")";
        }
        if (element instanceof QueryBody.Cube cube) {
            return "CUBE (" + expressions(cube.exprs()) + ")";
        }
        return "GROUPING SETS (" + ((QueryBody.GroupingSets) element).sets().stream()
                .map(set -> "(" + expressions(set) + ")").collect(Collectors.joining(", ")) + ")";
    }

    static String orderItems(List<OrderItem> items) {
        return items.stream().map(item -> expr(item.expr()) + (item.ascending() ? "" : " DESC")
                + switch (item.nulls()) {
                    case DEFAULT -> "";
                    case FIRST -> " NULLS FIRST";
                    case LAST -> " NULLS LAST";
                }).collect(Collectors.joining(", "));
    }

    // ------------------------------------------------------------ relations

    static String relation(Relation relation) {
        if (relation instanceof Relation.TableRef table) {
            return name(table.name())
                    + (table.incr() == null ? "" : "@incr" + properties(table.incr()))
                    + partitions(table.partitions(), table.temporaryPartitions())
                    + alias(table.alias());
        }
        if (relation instanceof Relation.TableFunction function) {
            String arguments = function.properties().isEmpty() ? "(" + expressions(function.args()) + ")"
                    : properties(function.properties());
            return dotted(List.of(function.name().split("\\.", -1))) + arguments
                    + alias(function.alias()) + columnAliases(function.columnAliases());
        }
        if (relation instanceof Relation.SubqueryRelation subquery) {
            return "(" + query(subquery.query()) + ")" + alias(subquery.alias()) + columnAliases(subquery.columnAliases());
        }
        if (relation instanceof Relation.Join join) {
            String right = join.right() instanceof Relation.Join ? "(" + relation(join.right()) + ")" : relation(join.right());
            return relation(join.left()) + " " + joinKeyword(join.type()) + " " + right
                    + (join.on() == null ? "" : " ON " + expr(join.on()))
                    + (join.using().isEmpty() ? "" : " USING (" + identifiers(join.using()) + ")");
        }
        Relation.LateralView view = (Relation.LateralView) relation;
        String source = view.source() instanceof Relation.Join ? "(" + relation(view.source()) + ")" : relation(view.source());
        return source + " LATERAL VIEW " + (view.outer() ? "OUTER " : "") + expr(view.generator()) + " "
                + identifier(view.alias()) + " AS " + identifiers(view.columns());
    }

    static String partitions(List<String> partitions) {
        return partitions(partitions, false);
    }

    static String partitions(List<String> partitions, boolean temporary) {
        if (partitions.isEmpty()) {
            return "";
        }
        return (temporary ? " TEMPORARY" : "") + " PARTITION ("
                + (partitions.equals(List.of("*")) ? "*" : identifiers(partitions)) + ")";
    }

    private static String alias(String alias) {
        return alias == null ? "" : " AS " + identifier(alias);
    }

    private static String columnAliases(List<String> columns) {
        return columns.isEmpty() ? "" : " (" + identifiers(columns) + ")";
    }

    private static String joinKeyword(Relation.JoinType type) {
        return switch (type) {
            case INNER -> "INNER JOIN";
            case CROSS -> "CROSS JOIN";
            case LEFT -> "LEFT JOIN";
            case RIGHT -> "RIGHT JOIN";
            case FULL -> "FULL OUTER JOIN";
            case LEFT_SEMI -> "LEFT SEMI JOIN";
            case RIGHT_SEMI -> "RIGHT SEMI JOIN";
            case LEFT_ANTI -> "LEFT ANTI JOIN";
            case RIGHT_ANTI -> "RIGHT ANTI JOIN";
        };
    }

    // ------------------------------------------------------------ expressions

    static String expressions(List<Expr> exprs) {
        return exprs.stream().map(QueryFormatter::expr).collect(Collectors.joining(", "));
    }

    static String expr(Expr expr) {
        if (expr instanceof Expr.Binary binary) {
            int level = precedence(expr);
            String symbol = binary.op().symbol();
            return operand(binary.left(), level) + " " + symbol + " " + operand(binary.right(), level + 1);
        }
        if (expr instanceof Expr.Unary unary) {
            String operand = operand(unary.operand(), precedence(expr));
            return switch (unary.op()) {
                case NOT -> "NOT " + operand;
                // a space keeps "- -x" from reading as a comment or a folded literal
                case MINUS -> "-" + (operand.startsWith("-") || operand.startsWith("+") ? " " : "") + operand;
                case PLUS -> "+" + (operand.startsWith("-") || operand.startsWith("+") ? " " : "") + operand;
                case BIT_NOT -> "~" + operand;
            };
        }
        if (expr instanceof Expr.IsNull isNull) {
            return operand(isNull.value(), PREDICATE) + (isNull.negated() ? " IS NOT NULL" : " IS NULL");
        }
        if (expr instanceof Expr.Between between) {
            return operand(between.value(), PREDICATE) + (between.negated() ? " NOT BETWEEN " : " BETWEEN ")
                    + operand(between.low(), BIT_OR) + " AND " + operand(between.high(), BIT_OR);
        }
        if (expr instanceof Expr.InList in) {
            return operand(in.value(), PREDICATE) + (in.negated() ? " NOT IN (" : " IN (") + expressions(in.list()) + ")";
        }
        if (expr instanceof Expr.InSubquery in) {
            return operand(in.value(), PREDICATE) + (in.negated() ? " NOT IN (" : " IN (") + query(in.query()) + ")";
        }
        if (expr instanceof Expr.Like like) {
            String keyword = like.kind() == Expr.LikeKind.LIKE ? "LIKE " : "REGEXP ";
            return operand(like.value(), PREDICATE) + (like.negated() ? " NOT " : " ") + keyword
                    + operand(like.pattern(), BIT_OR)
                    + (like.escape() == null ? "" : " ESCAPE " + operand(like.escape(), BIT_OR));
        }
        if (expr instanceof Expr.Exists exists) {
            return (exists.negated() ? "NOT EXISTS (" : "EXISTS (") + query(exists.query()) + ")";
        }
        return primary(expr);
    }

    /** {@code expr} as an operand that must bind at least as tightly as {@code level}. */
    private static String operand(Expr expr, int level) {
        String text = expr(expr);
        return precedence(expr) < level ? "(" + text + ")" : text;
    }

    private static int precedence(Expr expr) {
        if (expr instanceof Expr.Binary binary) {
            return switch (binary.op()) {
                case OR -> OR;
                case AND -> AND;
                case EQ, NE, LT, LE, GT, GE, NULL_SAFE_EQ -> PREDICATE;
                case BIT_OR -> BIT_OR;
                case BIT_AND -> BIT_AND;
                case ADD, SUBTRACT -> ADDITIVE;
                case MULTIPLY, DIVIDE, INT_DIVIDE, MOD -> MULTIPLICATIVE;
                case BIT_XOR -> BIT_XOR;
            };
        }
        if (expr instanceof Expr.Unary unary) {
            return unary.op() == Expr.UnaryOp.NOT ? NOT : UNARY;
        }
        if (expr instanceof Expr.Exists exists) {
            return exists.negated() ? NOT : PRIMARY;
        }
        if (expr instanceof Expr.IsNull || expr instanceof Expr.Between || expr instanceof Expr.InList
                || expr instanceof Expr.InSubquery || expr instanceof Expr.Like) {
            return PREDICATE;
        }
        if (expr instanceof Expr.Lambda) {
            return 0;
        }
        return isNegativeNumber(expr) ? UNARY : PRIMARY; // -1 reads back through a unary minus
    }

    private static boolean isNegativeNumber(Expr expr) {
        return expr instanceof Expr.IntegerLiteral i && i.value().signum() < 0
                || expr instanceof Expr.DecimalLiteral d && d.value().signum() < 0
                || expr instanceof Expr.DoubleLiteral f && (f.value() < 0 || 1 / f.value() < 0);
    }

    private static String primary(Expr expr) {
        if (expr instanceof Expr.Identifier id) {
            return dotted(id.parts());
        }
        if (expr instanceof Expr.FunctionCall call) {
            return functionCall(call);
        }
        if (expr instanceof Expr.StringLiteral string) {
            return SqlStrings.quoteString(string.value());
        }
        if (expr instanceof Expr.IntegerLiteral integer) {
            return integer.value().toString();
        }
        if (expr instanceof Expr.DecimalLiteral decimal) {
            return decimal.value().toPlainString();
        }
        if (expr instanceof Expr.DoubleLiteral number) {
            String text = Double.toString(number.value());
            return text.contains("E") ? text : text + "E0"; // an exponent keeps it a double when read back
        }
        if (expr instanceof Expr.BooleanLiteral bool) {
            return bool.value() ? "TRUE" : "FALSE";
        }
        if (expr instanceof Expr.NullLiteral) {
            return "NULL";
        }
        if (expr instanceof Expr.TypedLiteral typed) {
            return (typed.type().kind() == TypeKind.DATE ? "DATE " : "TIMESTAMP ")
                    + SqlStrings.quoteString(typed.value());
        }
        if (expr instanceof Expr.Interval interval) {
            return "INTERVAL " + operand(interval.value(), PRIMARY) + " " + interval.unit();
        }
        if (expr instanceof Expr.Cast cast) {
            return "CAST(" + expr(cast.value()) + " AS " + type(cast.type()) + ")";
        }
        if (expr instanceof Expr.Case caseExpr) {
            return "CASE" + (caseExpr.operand() == null ? "" : " " + expr(caseExpr.operand()))
                    + caseExpr.whens().stream().map(w -> " WHEN " + expr(w.condition()) + " THEN " + expr(w.result()))
                    .collect(Collectors.joining())
                    + (caseExpr.elseValue() == null ? "" : " ELSE " + expr(caseExpr.elseValue())) + " END";
        }
        if (expr instanceof Expr.ScalarSubquery subquery) {
            return "(" + query(subquery.query()) + ")";
        }
        if (expr instanceof Expr.ArrayConstructor array) {
            return "[" + expressions(array.elements()) + "]";
        }
        if (expr instanceof Expr.Subscript subscript) {
            return operand(subscript.base(), PRIMARY) + "[" + operand(subscript.index(), BIT_OR) + "]";
        }
        if (expr instanceof Expr.Lambda lambda) {
            String params = lambda.params().size() == 1 ? identifier(lambda.params().get(0))
                    : "(" + identifiers(lambda.params()) + ")";
            return params + " -> " + expr(lambda.body());
        }
        if (expr instanceof Expr.Variable variable) {
            return variable.system()
                    ? "@@" + (variable.scope() == null ? "" : variable.scope().toLowerCase(Locale.ROOT) + ".") + identifier(variable.name())
                    : "@" + identifier(variable.name());
        }
        if (expr instanceof Expr.Parameter) {
            return "?";
        }
        if (expr instanceof Expr.Star) {
            return "*";
        }
        return "DEFAULT";
    }

    private static String functionCall(Expr.FunctionCall call) {
        boolean plain = !call.distinct() && call.orderBy().isEmpty() && call.separator() == null && call.over() == null;
        if (plain && call.args().isEmpty() && NILADIC.contains(call.name())) {
            return call.name();
        }
        String arguments;
        if (plain && call.name().equals("extract") && call.args().size() == 2
                && call.args().get(0) instanceof Expr.StringLiteral field && UNIT_WORD.matcher(field.value()).matches()) {
            arguments = field.value() + " FROM " + operand(call.args().get(1), BIT_OR);
        } else {
            arguments = (call.distinct() ? "DISTINCT " : "") + expressions(call.args())
                    + (call.orderBy().isEmpty() ? "" : " ORDER BY " + orderItems(call.orderBy()))
                    + (call.separator() == null ? "" : " SEPARATOR " + expr(call.separator()));
        }
        return functionName(call.name()) + "(" + arguments + ")" + (call.over() == null ? "" : " OVER (" + window(call.over()) + ")");
    }

    private static String window(WindowSpec window) {
        StringBuilder out = new StringBuilder();
        if (!window.partitionBy().isEmpty()) {
            out.append("PARTITION BY ").append(expressions(window.partitionBy()));
        }
        if (!window.orderBy().isEmpty()) {
            out.append(out.isEmpty() ? "" : " ").append("ORDER BY ").append(orderItems(window.orderBy()));
        }
        WindowSpec.Frame frame = window.frame();
        if (frame != null) {
            out.append(out.isEmpty() ? "" : " ").append(frame.unit().name()).append(' ');
            out.append(frame.end() == null ? bound(frame.start())
                    : "BETWEEN " + bound(frame.start()) + " AND " + bound(frame.end()));
        }
        return out.toString();
    }

    private static String bound(WindowSpec.Bound bound) {
        return switch (bound.type()) {
            case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
            case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
            case CURRENT_ROW -> "CURRENT ROW";
            case PRECEDING -> operand(bound.offset(), BIT_OR) + " PRECEDING";
            case FOLLOWING -> operand(bound.offset(), BIT_OR) + " FOLLOWING";
        };
    }

    // ------------------------------------------------------------ types

    /** Like {@link DataType#toSql()}, but an unspecified CHAR / VARCHAR length stays unspecified. */
    static String type(DataType type) {
        Function<Integer, String> child = i -> type(type.children().get(i));
        return switch (type.kind()) {
            case CHAR -> type.length() < 0 ? "CHAR" : "CHAR(" + type.length() + ")";
            case VARCHAR -> type.length() < 0 ? "VARCHAR" : "VARCHAR(" + type.length() + ")";
            case STRING -> "STRING";
            case ARRAY -> "ARRAY<" + child.apply(0) + ">";
            case MAP -> "MAP<" + child.apply(0) + ", " + child.apply(1) + ">";
            case STRUCT -> "STRUCT<" + java.util.stream.IntStream.range(0, type.children().size())
                    .mapToObj(i -> identifier(type.fieldNames().get(i)) + ":" + child.apply(i))
                    .collect(Collectors.joining(", ")) + ">";
            default -> type.toSql();
        };
    }
}
