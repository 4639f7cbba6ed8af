package io.cairndb.sql;

import io.cairndb.sql.tree.Statement;

/** One statement of a script and its original text (without the separating semicolons). */
public record ParsedStatement(Statement statement, String text) {
}
