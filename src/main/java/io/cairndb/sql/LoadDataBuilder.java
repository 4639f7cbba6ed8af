package io.cairndb.sql;

import io.cairndb.sql.CairnSqlParser.LoadAssignmentContext;
import io.cairndb.sql.CairnSqlParser.LoadColumnContext;
import io.cairndb.sql.CairnSqlParser.LoadDataStatementContext;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds LOAD DATA: its clauses become Stream Load's headers. A user variable of the column list
 * ({@code @tmp}) names a file column that only the SET expressions use; it is spelled as the quoted
 * name {@code `@tmp`} in both, so that the load reads it as a column, not as a session variable.
 */
final class LoadDataBuilder {
    private LoadDataBuilder() {
    }

    static Statement build(LoadDataStatementContext ctx, QualifiedName table) {
        Map<String, String> options = new LinkedHashMap<>();
        if (ctx.columnSeparator != null) {
            options.put("column_separator", TreeValues.string(ctx.columnSeparator));
        }
        if (ctx.enclose != null) {
            options.put("enclose", TreeValues.string(ctx.enclose));
        }
        if (ctx.lineDelimiter != null) {
            options.put("line_delimiter", TreeValues.string(ctx.lineDelimiter));
        }
        if (ctx.INTEGER_VALUE() != null) {
            options.put("skip_lines", ctx.INTEGER_VALUE().getText());
        }
        if (ctx.identifierList() != null) {
            options.put("partitions", String.join(", ", ctx.identifierList().identifier().stream().map(TreeValues::identifier).toList()));
        }
        List<String> columns = new ArrayList<>();
        for (LoadColumnContext c : ctx.loadColumn()) {
            String name = TreeValues.identifier(c.identifier());
            columns.add(quoted(c.AT() != null ? "@" + name : name));
        }
        for (LoadAssignmentContext a : ctx.loadAssignment()) {
            columns.add(quoted(TreeValues.identifier(a.identifier())) + " = " + withVariablesAsColumns(a.expression()));
        }
        if (!columns.isEmpty()) {
            options.put("columns", String.join(", ", columns));
        }
        if (ctx.propertiesClause() != null) {
            options.putAll(TreeValues.properties(ctx.propertiesClause().propertyList()));
        }
        return new Statement.LoadData(table, TreeValues.string(ctx.file), ctx.LOCAL() != null, options);
    }

    /** The expression's text with each {@code @name} written {@code `@name`}. */
    private static String withVariablesAsColumns(CairnSqlParser.ExpressionContext e) {
        StringBuilder out = new StringBuilder();
        Token start = e.getStart();
        Token stop = e.getStop();
        var input = start.getInputStream();
        int from = start.getStartIndex();
        List<CairnSqlParser.UserVariableContext> variables = new ArrayList<>();
        collect(e, variables);
        for (CairnSqlParser.UserVariableContext v : variables) {
            out.append(input.getText(Interval.of(from, v.getStart().getStartIndex() - 1)));
            String name = v.identifier() != null ? TreeValues.identifier(v.identifier()) : TreeValues.string(v.string());
            out.append(quoted("@" + name));
            from = v.getStop().getStopIndex() + 1;
        }
        out.append(input.getText(Interval.of(from, stop.getStopIndex())));
        return out.toString();
    }

    private static void collect(org.antlr.v4.runtime.tree.ParseTree t, List<CairnSqlParser.UserVariableContext> out) {
        if (t instanceof CairnSqlParser.UserVariableContext v) {
            out.add(v);
            return;
        }
        for (int i = 0; i < t.getChildCount(); i++) {
            collect(t.getChild(i), out);
        }
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
