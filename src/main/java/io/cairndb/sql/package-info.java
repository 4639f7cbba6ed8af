/**
 * The SQL front end: {@link io.cairndb.sql.SqlParser} reads the Doris dialect (grammar
 * {@code src/main/antlr4/io/cairndb/sql/CairnSql.g4}) into the records of
 * {@code io.cairndb.sql.tree}, and {@link io.cairndb.sql.SqlFormatter} prints them back.
 *
 * <p>Mappings worth knowing when consuming the AST:
 * <ul>
 *   <li>{@code x IS [NOT] TRUE|FALSE} is {@code [NOT] (x <=> TRUE|FALSE)}; {@code NOT EXISTS (q)}
 *       is {@code Exists(q, negated = true)}; a sign in front of a number folds into the literal.</li>
 *   <li>{@code a << b} / {@code a >> b} are calls of {@code bit_shift_left} / {@code bit_shift_right};
 *       {@code extract(YEAR FROM x)} is {@code extract('YEAR', x)}; {@code CURRENT_TIMESTAMP} without
 *       parentheses is a call without arguments. Function and table-function names are lower-case.</li>
 *   <li>{@code CAST(x AS SIGNED)} is BIGINT, {@code UNSIGNED} is LARGEINT.</li>
 *   <li>{@code PARTITION (*)} is the single partition name {@code "*"}.</li>
 *   <li>{@code SET} without a scope, and {@code LOCAL}, is scope SESSION; a bare word as value
 *       ({@code ON}, {@code utf8}) is a string literal; {@code DEFAULT} is {@code Expr.DefaultValue}.
 *       {@code SET [scope] TRANSACTION ...} sets {@code transaction_isolation} ('READ-COMMITTED', ...)
 *       and {@code transaction_read_only} (boolean) in that scope.</li>
 *   <li>System variables are lower-case, with scope "SESSION", "GLOBAL" or null when not written;
 *       user variable names are lower-case too (MySQL compares them case-insensitively).</li>
 *   <li>Parentheses that only group a set-operation operand or a whole query leave no node:
 *       {@code QueryBody.Nested} remains only around a query with its own WITH, ORDER BY or LIMIT.</li>
 *   <li>Accepted and dropped: join hints {@code [broadcast]}, optimizer hints other than SET_VAR,
 *       {@code ENGINE = OLAP} (any other engine is refused), column {@code KEY} markers, the
 *       distribution of ADD PARTITION, {@code FORCE} of DROP PARTITION, and the scope of SHOW STATUS.
 *       A catalog qualifier ({@code internal.db}, {@code internal.db.t}) must name {@code internal},
 *       the one catalog.</li>
 * </ul>
 */
package io.cairndb.sql;
