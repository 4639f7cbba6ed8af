package io.cairndb.sql;

import io.cairndb.sql.tree.Expr;
import io.cairndb.sql.tree.QueryBody;
import io.cairndb.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** What MySQL clients, drivers and BI tools send on their own, verbatim. */
class ClientStatementsTest {

    @Test
    void connectorJHandshakeQuery() {
        QueryBody.QuerySpec spec = Parsing.spec("/* mysql-connector-j-9.4.0 (Revision: 0123abc) */SELECT  "
                + "@@session.auto_increment_increment AS auto_increment_increment, @@character_set_client AS character_set_client, "
                + "@@character_set_connection AS character_set_connection, @@character_set_results AS character_set_results, "
                + "@@character_set_server AS character_set_server, @@collation_server AS collation_server, "
                + "@@collation_connection AS collation_connection, @@init_connect AS init_connect, "
                + "@@interactive_timeout AS interactive_timeout, @@license AS license, "
                + "@@lower_case_table_names AS lower_case_table_names, @@max_allowed_packet AS max_allowed_packet, "
                + "@@net_write_timeout AS net_write_timeout, @@performance_schema AS performance_schema, "
                + "@@query_cache_size AS query_cache_size, @@query_cache_type AS query_cache_type, @@sql_mode AS sql_mode, "
                + "@@system_time_zone AS system_time_zone, @@time_zone AS time_zone, "
                + "@@transaction_isolation AS transaction_isolation, @@wait_timeout AS wait_timeout");
        assertEquals(21, spec.select().size());
        assertEquals(new QueryBody.SingleColumn(new Expr.Variable("auto_increment_increment", true, "SESSION"),
                "auto_increment_increment"), spec.select().get(0));
    }

    @Test
    void clientChatterParses() {
        List<String> statements = List.of(
                "select @@version_comment limit 1",
                "SELECT DATABASE()",
                "SELECT USER(), CURRENT_USER(), CONNECTION_ID(), VERSION()",
                "SET NAMES utf8mb4",
                "SET character_set_results = NULL",
                "SET autocommit=1",
                "SET SQL_SELECT_LIMIT=DEFAULT",
                "SET net_write_timeout=600",
                "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SELECT @@session.transaction_read_only",
                "SELECT @@session.tx_read_only",
                "SHOW WARNINGS",
                "SHOW DATABASES",
                "show tables",
                "SHOW FULL TABLES FROM `db` LIKE '%'",
                "SHOW FULL COLUMNS FROM `t` FROM `db` LIKE '%'",
                "SHOW INDEX FROM `t` FROM `db`",
                "SHOW TABLE STATUS FROM `db` LIKE 't'",
                "SHOW VARIABLES LIKE 'lower_case_table_names'",
                "SHOW VARIABLES WHERE Variable_name ='language' OR Variable_name = 'net_write_timeout' "
                        + "OR Variable_name = 'interactive_timeout'",
                "SHOW SESSION STATUS",
                "SHOW ENGINES",
                "SHOW CHARSET",
                "SHOW COLLATION",
                "SHOW FULL PROCESSLIST",
                "SHOW CREATE TABLE `db`.`t`",
                "SELECT * FROM information_schema.SCHEMATA",
                "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'db' "
                        + "AND TABLE_TYPE IN ('BASE TABLE', 'VIEW') ORDER BY TABLE_NAME",
                "SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?",
                "SELECT 1",
                "/* ping */ SELECT 1",
                "COMMIT",
                "ROLLBACK");
        for (String sql : statements) {
            Parsing.statement(sql);
        }
    }

    @Test
    void dorisSpecificStatements() {
        Statement.Insert insert = Parsing.statement(
                "INSERT INTO db.t PARTITION (p20240101) WITH LABEL load_1 (k, v) "
                        + "SELECT k, v FROM db.src@incr('startTimestamp' = '2024-01-01 00:00:00') WHERE v IS NOT NULL",
                Statement.Insert.class);
        assertEquals("load_1", insert.label());
        assertInstanceOf(Statement.QueryStatement.class, Parsing.statement(
                "SELECT /*+ SET_VAR(enable_nereids_planner=true) */ k, bitmap_union_count(to_bitmap(v)) FROM t GROUP BY k"));
        assertInstanceOf(Statement.CreateTable.class, Parsing.statement("CREATE TABLE t AS SELECT 1 AS a"));
        assertInstanceOf(Statement.CreateTable.class,
                Parsing.statement("CREATE TABLE t PROPERTIES ('replication_num' = '1') AS SELECT * FROM s"));
    }
}
