package io.cairndb.sql;

import io.cairndb.sql.CairnSqlParser.AlterUserContext;
import io.cairndb.sql.CairnSqlParser.CreateUserContext;
import io.cairndb.sql.CairnSqlParser.DropUserContext;
import io.cairndb.sql.CairnSqlParser.PasswordClauseContext;
import io.cairndb.sql.CairnSqlParser.PasswordPolicyContext;
import io.cairndb.sql.CairnSqlParser.SetPasswordContext;
import io.cairndb.sql.CairnSqlParser.UserIdentityContext;
import io.cairndb.sql.CairnSqlParser.UserPartContext;
import io.cairndb.sql.tree.AccountStatement;
import io.cairndb.sql.tree.Statement;

import java.util.List;
import java.util.Locale;

/** Builds the user-account statements. */
final class AccountBuilder extends CairnSqlBaseVisitor<Object> {

    @Override
    public Statement visitCreateUser(CreateUserContext ctx) {
        return new AccountStatement.CreateUser(user(ctx.userIdentity()), ctx.EXISTS() != null, password(ctx.passwordClause()),
                policy(ctx.passwordPolicy()));
    }

    @Override
    public Statement visitAlterUser(AlterUserContext ctx) {
        return new AccountStatement.AlterUser(user(ctx.userIdentity()), ctx.EXISTS() != null, password(ctx.passwordClause()),
                policy(ctx.passwordPolicy()));
    }

    @Override
    public Statement visitDropUser(DropUserContext ctx) {
        return new AccountStatement.DropUser(user(ctx.userIdentity()), ctx.EXISTS() != null);
    }

    @Override
    public Statement visitSetPassword(SetPasswordContext ctx) {
        AccountStatement.Password password = ctx.plain != null
                ? new AccountStatement.Password(TreeValues.string(ctx.plain), false)
                : new AccountStatement.Password(TreeValues.string(ctx.hashed), true);
        return new AccountStatement.SetPassword(ctx.userIdentity() == null ? null : user(ctx.userIdentity()), password);
    }

    @Override
    public Statement visitGrantPrivileges(CairnSqlParser.GrantPrivilegesContext ctx) {
        return new AccountStatement.Grant(privileges(ctx.privilegeName()), target(ctx.privilegeTarget()), grantee(ctx.grantee()));
    }

    @Override
    public Statement visitRevokePrivileges(CairnSqlParser.RevokePrivilegesContext ctx) {
        return new AccountStatement.Revoke(privileges(ctx.privilegeName()), target(ctx.privilegeTarget()), grantee(ctx.grantee()));
    }

    @Override
    public Statement visitGrantRoles(CairnSqlParser.GrantRolesContext ctx) {
        return new AccountStatement.GrantRoles(ctx.roleName().stream().map(AccountBuilder::role).toList(), user(ctx.userIdentity()));
    }

    @Override
    public Statement visitRevokeRoles(CairnSqlParser.RevokeRolesContext ctx) {
        return new AccountStatement.RevokeRoles(ctx.roleName().stream().map(AccountBuilder::role).toList(), user(ctx.userIdentity()));
    }

    @Override
    public Statement visitCreateRole(CairnSqlParser.CreateRoleContext ctx) {
        return new AccountStatement.CreateRole(role(ctx.roleName()), ctx.EXISTS() != null,
                ctx.string() == null ? null : TreeValues.string(ctx.string()));
    }

    @Override
    public Statement visitDropRole(CairnSqlParser.DropRoleContext ctx) {
        return new AccountStatement.DropRole(role(ctx.roleName()), ctx.EXISTS() != null);
    }

    @Override
    public Statement visitShowGrants(CairnSqlParser.ShowGrantsContext ctx) {
        return new AccountStatement.ShowGrants(ctx.ALL() != null, ctx.userIdentity() == null ? null : user(ctx.userIdentity()));
    }

    @Override
    public Statement visitShowRoles(CairnSqlParser.ShowRolesContext ctx) {
        return new AccountStatement.ShowRoles();
    }

    private static List<String> privileges(List<CairnSqlParser.PrivilegeNameContext> names) {
        return names.stream().map(p -> p.ALL() != null ? "ALL" : TreeValues.identifier(p.identifier())).toList();
    }

    private static List<String> target(CairnSqlParser.PrivilegeTargetContext ctx) {
        return ctx.privilegePart().stream().map(p -> p.ASTERISK() != null ? "*" : TreeValues.identifier(p.identifier())).toList();
    }

    private static AccountStatement.Grantee grantee(CairnSqlParser.GranteeContext ctx) {
        return ctx.ROLE() != null ? new AccountStatement.Grantee(null, role(ctx.roleName()))
                : new AccountStatement.Grantee(user(ctx.userIdentity()), null);
    }

    private static String role(CairnSqlParser.RoleNameContext ctx) {
        return ctx.string() != null ? TreeValues.string(ctx.string()) : TreeValues.identifier(ctx.identifier());
    }

    private static AccountStatement.UserIdentity user(UserIdentityContext ctx) {
        return new AccountStatement.UserIdentity(part(ctx.user), ctx.host == null ? "%" : part(ctx.host));
    }

    private static String part(UserPartContext ctx) {
        return ctx.string() != null ? TreeValues.string(ctx.string()) : TreeValues.identifier(ctx.identifier());
    }

    private static AccountStatement.Password password(PasswordClauseContext ctx) {
        return ctx == null ? null : new AccountStatement.Password(TreeValues.string(ctx.string()), ctx.PASSWORD() != null);
    }

    private static AccountStatement.Policy policy(List<PasswordPolicyContext> items) {
        int attempts = -1;
        long lock = -1;
        long expire = -1;
        for (PasswordPolicyContext p : items) {
            if (p.FAILED_LOGIN_ATTEMPTS() != null) {
                attempts = (int) TreeValues.longValue(p.INTEGER_VALUE().getSymbol());
            } else if (p.PASSWORD_EXPIRE() != null) {
                expire = p.INTEGER_VALUE() == null ? 0 : TreeValues.longValue(p.INTEGER_VALUE().getSymbol()) * unitSeconds(p);
            } else if (p.UNBOUNDED() != null) {
                lock = 0;
            } else {
                lock = TreeValues.longValue(p.INTEGER_VALUE().getSymbol()) * unitSeconds(p);
            }
        }
        return new AccountStatement.Policy(attempts, lock, expire);
    }

    private static long unitSeconds(PasswordPolicyContext p) {
        String unit = TreeValues.identifier(p.unit).toUpperCase(Locale.ROOT);
        return switch (unit) {
            case "SECOND" -> 1;
            case "MINUTE" -> 60;
            case "HOUR" -> 3_600;
            case "DAY" -> 86_400;
            default -> throw SyntaxErrors.at(p.unit.getStart(), p.PASSWORD_EXPIRE() != null
                    ? "PASSWORD_EXPIRE takes DEFAULT, NEVER or INTERVAL n SECOND, MINUTE, HOUR or DAY"
                    : "PASSWORD_LOCK_TIME takes SECOND, MINUTE, HOUR, DAY or UNBOUNDED");
        };
    }
}
