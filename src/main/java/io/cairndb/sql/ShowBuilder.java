package io.cairndb.sql;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.CairnSqlParser.*;
import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QualifiedName;
import io.cairndb.sql.tree.Statement;

import java.util.List;
import java.util.Locale;

import static io.cairndb.sql.TreeValues.identifier;
import static io.cairndb.sql.TreeValues.qualifiedName;

/** Builds the SHOW statements. */
final class ShowBuilder extends CairnSqlBaseVisitor<Object> {
    private final AstBuilder ast;

    ShowBuilder(AstBuilder ast) {
        this.ast = ast;
    }

    @Override
    public Statement visitShowDatabases(ShowDatabasesContext ctx) {
        return new Statement.ShowDatabases(like(ctx.showFilter()), filterWhere(ctx.showFilter()));
    }

    @Override
    public Statement visitShowTables(ShowTablesContext ctx) {
        String database = ctx.qualifiedName() == null ? null : TreeValues.databaseName(ctx.qualifiedName());
        return new Statement.ShowTables(database, ctx.FULL() != null, like(ctx.showFilter()), filterWhere(ctx.showFilter()));
    }

    @Override
    public Statement visitShowCreateDatabase(ShowCreateDatabaseContext ctx) {
        return new Statement.ShowCreateDatabase(identifier(ctx.identifier()), ctx.EXISTS() != null);
    }

    @Override
    public Statement visitShowCreateTable(ShowCreateTableContext ctx) {
        return new Statement.ShowCreateTable(qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitShowPartitions(ShowPartitionsContext ctx) {
        return new Statement.ShowPartitions(qualifiedName(ctx.qualifiedName()), ctx.TEMPORARY() != null, ast.where(ctx.whereClause()),
                ast.orderBy(ctx.orderByClause()), ast.limit(ctx.limitClause()));
    }

    @Override
    public Statement visitShowDynamicPartitionTables(ShowDynamicPartitionTablesContext ctx) {
        return new Statement.ShowDynamicPartitionTables(ctx.identifier() == null ? null : identifier(ctx.identifier()));
    }

    @Override
    public Statement visitShowColumns(ShowColumnsContext ctx) {
        return new Statement.ShowColumns(tableIn(ctx.qualifiedName(), ctx.identifier()), ctx.FULL() != null,
                AstBuilder.like(ctx.likeClause()));
    }

    /** {@code t FROM db} names db.t. */
    private static QualifiedName tableIn(QualifiedNameContext table, IdentifierContext database) {
        QualifiedName name = qualifiedName(table);
        return database == null ? name : QualifiedName.of(identifier(database), name.name());
    }

    @Override
    public Statement visitShowVariables(ShowVariablesContext ctx) {
        Statement.Scope scope = ctx.scope == null ? null
                : ctx.scope.getType() == CairnSqlLexer.GLOBAL ? Statement.Scope.GLOBAL : Statement.Scope.SESSION;
        return new Statement.ShowVariables(scope, like(ctx.showFilter()), filterWhere(ctx.showFilter()));
    }

    @Override
    public Statement visitShowProcesslist(ShowProcesslistContext ctx) {
        return new Statement.ShowProcesslist(ctx.FULL() != null);
    }

    @Override
    public Statement visitShowStatus(ShowStatusContext ctx) {
        return new Statement.ShowOther("STATUS", null, AstBuilder.like(ctx.likeClause()));
    }

    @Override
    public Statement visitShowFixed(ShowFixedContext ctx) {
        return new Statement.ShowOther(ctx.what.getText().toUpperCase(Locale.ROOT), null, null);
    }

    @Override
    public Statement visitShowRoutineStatus(CairnSqlParser.ShowRoutineStatusContext ctx) {
        return new Statement.ShowOther(ctx.routine.getText().toUpperCase(Locale.ROOT) + " STATUS", null,
                like(ctx.showFilter()), filterWhere(ctx.showFilter()));
    }

    @Override
    public Statement visitShowEvents(CairnSqlParser.ShowEventsContext ctx) {
        QualifiedName database = ctx.identifier() == null ? null : QualifiedName.of(identifier(ctx.identifier()));
        return new Statement.ShowOther("EVENTS", database, like(ctx.showFilter()), filterWhere(ctx.showFilter()));
    }

    @Override
    public Statement visitShowTriggers(CairnSqlParser.ShowTriggersContext ctx) {
        QualifiedName database = ctx.identifier() == null ? null : QualifiedName.of(identifier(ctx.identifier()));
        return new Statement.ShowOther("TRIGGERS", database, AstBuilder.like(ctx.likeClause()));
    }

    @Override
    public Statement visitShowColumnStats(CairnSqlParser.ShowColumnStatsContext ctx) {
        return new Statement.ShowColumnStats(qualifiedName(ctx.qualifiedName()), ctx.identifierList() == null ? List.of()
                : ctx.identifierList().identifier().stream().map(TreeValues::identifier).toList());
    }

    @Override
    public Statement visitShowProc(CairnSqlParser.ShowProcContext ctx) {
        return new Statement.ShowProc(TreeValues.string(ctx.string()));
    }

    @Override
    public Statement visitShowCharset(ShowCharsetContext ctx) {
        return new Statement.ShowOther("CHARSET", null, AstBuilder.like(ctx.likeClause()));
    }

    @Override
    public Statement visitShowCollation(ShowCollationContext ctx) {
        return new Statement.ShowOther("COLLATION", null, AstBuilder.like(ctx.likeClause()));
    }

    @Override
    public Statement visitShowIndex(ShowIndexContext ctx) {
        return new Statement.ShowOther("INDEX", tableIn(ctx.qualifiedName(), ctx.identifier()), null);
    }

    /** The target of SHOW TABLE STATUS is the database, when named. */
    @Override
    public Statement visitShowTableStatus(ShowTableStatusContext ctx) {
        QualifiedName database = ctx.identifier() == null ? null : QualifiedName.of(identifier(ctx.identifier()));
        return new Statement.ShowOther("TABLE STATUS", database, AstBuilder.like(ctx.likeClause()));
    }

    @Override
    public Statement visitShowTransaction(ShowTransactionContext ctx) {
        String database = ctx.identifier() == null ? null : identifier(ctx.identifier());
        Expr where = ast.where(ctx.whereClause());
        if (where instanceof Expr.Binary b && b.op() == Expr.BinaryOp.EQ && b.left() instanceof Expr.Identifier column
                && column.parts().size() == 1) {
            String name = column.parts().get(0).toLowerCase(Locale.ROOT);
            if (name.equals("id") && b.right() instanceof Expr.IntegerLiteral id) {
                return new Statement.ShowTransaction(database, id.value().longValueExact(), null);
            }
            if (name.equals("label") && b.right() instanceof Expr.StringLiteral label) {
                return new Statement.ShowTransaction(database, null, label.value());
            }
        }
        throw new CairnException(ErrorCode.WRONG_ARGUMENTS,
                "Where clause should looks like one of them: id = 123 or label = 'label'");
    }

    @Override
    public Statement visitShowLastInsert(ShowLastInsertContext ctx) {
        return new Statement.ShowLastInsert();
    }

    @Override
    public Statement visitShowLoad(CairnSqlParser.ShowLoadContext ctx) {
        return new Statement.ShowLoad(ctx.identifier() == null ? null : identifier(ctx.identifier()), ast.where(ctx.whereClause()),
                ast.orderBy(ctx.orderByClause()), ast.limit(ctx.limitClause()));
    }

    @Override
    public Statement visitShowData(CairnSqlParser.ShowDataContext ctx) {
        return new Statement.ShowData(ctx.qualifiedName() == null ? null : qualifiedName(ctx.qualifiedName()),
                ast.orderBy(ctx.orderByClause()));
    }

    @Override
    public Statement visitShowConstraints(ShowConstraintsContext ctx) {
        return new Statement.ShowConstraints(qualifiedName(ctx.qualifiedName()));
    }

    @Override
    public Statement visitShowTablets(ShowTabletsContext ctx) {
        return new Statement.ShowTablets(qualifiedName(ctx.qualifiedName()), TreeValues.partitionNames(ctx.partitionSpec()),
                ast.where(ctx.whereClause()), ast.orderBy(ctx.orderByClause()), AstBuilder.limit(ctx.limitClause()));
    }

    @Override
    public Statement visitShowTablet(ShowTabletContext ctx) {
        return new Statement.ShowTablet(TreeValues.longValue(ctx.INTEGER_VALUE().getSymbol()));
    }

    private static String like(ShowFilterContext ctx) {
        return ctx == null ? null : AstBuilder.like(ctx.likeClause());
    }

    private Expr filterWhere(ShowFilterContext ctx) {
        return ctx == null ? null : ast.where(ctx.whereClause());
    }
}
