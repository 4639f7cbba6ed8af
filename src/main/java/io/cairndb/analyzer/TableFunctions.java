package io.cairndb.analyzer;

import io.cairndb.catalog.Access;
import io.cairndb.engine.Sql;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Relation;

import java.util.Locale;
import java.util.Map;

/** The table-valued functions of the dialect, as DuckDB FROM items. */
final class TableFunctions {
    private TableFunctions() {
    }

    static String sql(Relation.TableFunction fn, StatementContext ctx) {
        return sql(fn.name(), fn.properties(), ctx);
    }

    static String sql(String name, Map<String, String> properties, StatementContext ctx) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "numbers" -> numbers(properties);
            case "local" -> {
                // Reading the server's files is an administrator's, as in Doris.
                ctx.access().requireGlobal(Access.ADMIN);
                yield LocalFiles.sql(properties, ctx.txn().connection(), ctx.config());
            }
            case "stream_load" -> {
                String item = ctx.session().stagedLoad();
                if (item == null) {
                    throw new CairnException(ErrorCode.NOT_SUPPORTED, "Unknown table function '" + name + "'");
                }
                yield item;
            }
            // Doris's table functions over remote storage: named, with what reads files here.
            case "s3", "hdfs", "http", "query", "iceberg_meta", "hudi_meta", "paimon_meta" -> throw new CairnException(
                    ErrorCode.NOT_SUPPORTED, "Table function " + name.toLowerCase(Locale.ROOT) + "() is not supported: "
                    + "read files with local() inside user_files_secure_path, or load them with Stream Load");
            default -> {
                String item = ctx.systemTables().tableFunction(ctx, name, properties);
                if (item == null) {
                    throw new CairnException(ErrorCode.NOT_SUPPORTED, "Unknown table function '" + name + "'");
                }
                yield item;
            }
        };
    }

    /** {@code numbers("number" = "N")}: one BIGINT column {@code number} with 0 .. N-1. */
    private static String numbers(Map<String, String> props) {
        return "(SELECT range AS " + Sql.ident("number") + " FROM range(" + numberCount(props) + "))";
    }

    /** The N of {@code numbers("number" = "N")}, checked as Doris checks it. */
    static long numberCount(Map<String, String> props) {
        String n = props.get("number");
        if (n == null) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "number not set in numbers function");
        }
        long count;
        try {
            count = Long.parseLong(n.trim());
        } catch (NumberFormatException e) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Illegal number: " + n);
        }
        if (count < 0) {
            throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Illegal number: " + n);
        }
        return count;
    }
}
