package io.cairndb.sql;

import io.cairndb.sql.CairnSqlParser.CancelExportContext;
import io.cairndb.sql.CairnSqlParser.ExportTableContext;
import io.cairndb.sql.CairnSqlParser.ShowExportContext;
import io.cairndb.sql.tree.ExportStatement;
import io.cairndb.sql.tree.Statement;

import java.util.List;

/** Builds EXPORT TABLE, SHOW EXPORT and CANCEL EXPORT. */
final class ExportBuilder extends CairnSqlBaseVisitor<Object> {
    private final AstBuilder ast;

    ExportBuilder(AstBuilder ast) {
        this.ast = ast;
    }

    @Override
    public Statement visitExportTable(ExportTableContext ctx) {
        return new ExportStatement.Export(TreeValues.qualifiedName(ctx.qualifiedName()), TreeValues.partitionNames(ctx.partitionSpec()),
                ctx.columns == null ? List.of() : TreeValues.identifiers(ctx.columns), ast.where(ctx.whereClause()),
                TreeValues.string(ctx.path),
                TreeValues.properties(ctx.propertiesClause() == null ? null : ctx.propertiesClause().propertyList()),
                ctx.storage == null ? null : TreeValues.identifier(ctx.storage));
    }

    @Override
    public Statement visitShowExport(ShowExportContext ctx) {
        return new ExportStatement.Show(ctx.identifier() == null ? null : TreeValues.identifier(ctx.identifier()),
                ast.where(ctx.whereClause()), ast.orderBy(ctx.orderByClause()), AstBuilder.limit(ctx.limitClause()));
    }

    @Override
    public Statement visitCancelExport(CancelExportContext ctx) {
        return new ExportStatement.Cancel(ctx.identifier() == null ? null : TreeValues.identifier(ctx.identifier()),
                ast.where(ctx.whereClause()));
    }
}
