package io.cairndb.sql;

import io.cairndb.sql.CairnSqlParser.AdminSetConfigContext;
import io.cairndb.sql.CairnSqlParser.AdminShowConfigContext;
import io.cairndb.sql.CairnSqlParser.CreateStreamContext;
import io.cairndb.sql.CairnSqlParser.DropStreamContext;
import io.cairndb.sql.CairnSqlParser.ShowStreamsContext;
import io.cairndb.sql.tree.Statement;

import java.util.List;

/** Builds the table-stream statements and the ADMIN statements. */
final class StreamAdminBuilder extends CairnSqlBaseVisitor<Object> {

    @Override
    public Statement visitCreateStream(CreateStreamContext ctx) {
        return new Statement.CreateStream(TreeValues.qualifiedName(ctx.name), ctx.IF() != null,
                TreeValues.qualifiedName(ctx.table), ctx.string() == null ? null : TreeValues.string(ctx.string()),
                TreeValues.properties(ctx.propertiesClause() == null ? null : ctx.propertiesClause().propertyList()));
    }

    @Override
    public Statement visitDropStream(DropStreamContext ctx) {
        return new Statement.DropStream(TreeValues.qualifiedName(ctx.qualifiedName()), ctx.IF() != null, ctx.FORCE() != null);
    }

    @Override
    public Statement visitShowStreams(ShowStreamsContext ctx) {
        return new Statement.ShowStreams(ctx.qualifiedName() == null ? null : TreeValues.databaseName(ctx.qualifiedName()),
                AstBuilder.like(ctx.likeClause()));
    }

    @Override
    public Statement visitAdminSetConfig(AdminSetConfigContext ctx) {
        return new Statement.AdminSetConfig(TreeValues.properties(ctx.propertyList()));
    }

    @Override
    public Statement visitAnalyzeTable(CairnSqlParser.AnalyzeTableContext ctx) {
        return new Statement.AnalyzeTable(TreeValues.qualifiedName(ctx.qualifiedName()), ctx.identifierList() == null ? List.of()
                : ctx.identifierList().identifier().stream().map(TreeValues::identifier).toList());
    }

    @Override
    public Statement visitAdminShowConfig(AdminShowConfigContext ctx) {
        return new Statement.AdminShowConfig(AstBuilder.like(ctx.likeClause()));
    }
}
