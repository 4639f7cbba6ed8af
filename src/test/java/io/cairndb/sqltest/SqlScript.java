package io.cairndb.sqltest;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed SQL script test. Records:
 * <pre>
 * statement ok                 -- the SQL must succeed
 * statement error &lt;text&gt;       -- the SQL must fail with a message containing text
 * query [rowsort] [columns=a,b] [both]
 *                              -- the SQL's rows, cells separated by |, after a ---- line;
 *                                 columns= keeps only the named result columns (for SHOW output;
 *                                 write a space in a name as _); both: the same rows again with
 *                                 transparent rewrite switched off
 * materializations             -- the MATERIALIZATIONS section of the query's EXPLAIN, after a
 *                                 ---- line (a blank line of it written (empty))
 * connection &lt;name&gt;            -- later records run on that session (created on first use)
 * restart                      -- closes and reopens the database from its data directory
 * wait tasks                   -- waits until no MV refresh task is pending or running
 * </pre>
 * The SQL of a record runs until a blank line or the {@code ----} separator. Lines starting with
 * {@code #} between records are comments. NULL is written {@code NULL}; an empty string is {@code (empty)}.
 */
record SqlScript(String name, List<Step> steps) {

    sealed interface Step permits Statement, Query, Materializations, Connection, Restart, WaitTasks {
        int line();
    }

    record Statement(int line, String sql, String expectedError) implements Step {
    }

    record Query(int line, String sql, boolean rowSort, List<String> columns, boolean bothWays, List<String> expected)
            implements Step {
    }

    record Materializations(int line, String sql, List<String> expected) implements Step {
    }

    record Connection(int line, String name) implements Step {
    }

    record Restart(int line) implements Step {
    }

    record WaitTasks(int line) implements Step {
    }

    static SqlScript parse(String name, String text) {
        String[] lines = text.split("\n", -1);
        List<Step> steps = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            String line = lines[i].strip();
            int lineNo = i + 1;
            if (line.isEmpty() || line.startsWith("#")) {
                i++;
                continue;
            }
            if (line.startsWith("statement ")) {
                String rest = line.substring("statement ".length()).strip();
                String error = null;
                if (rest.startsWith("error")) {
                    error = rest.substring("error".length()).strip();
                } else if (!rest.equals("ok")) {
                    throw new IllegalArgumentException(name + ":" + lineNo + ": expected 'statement ok' or 'statement error'");
                }
                StringBuilder sql = new StringBuilder();
                i++;
                while (i < lines.length && !lines[i].isBlank()) {
                    sql.append(lines[i]).append('\n');
                    i++;
                }
                steps.add(new Statement(lineNo, sql.toString().strip(), error));
            } else if (line.equals("materializations")) {
                i++;
                StringBuilder sql = new StringBuilder();
                while (i < lines.length && !lines[i].strip().equals("----")) {
                    sql.append(lines[i]).append('\n');
                    i++;
                }
                i++;
                List<String> expected = new ArrayList<>();
                while (i < lines.length && !lines[i].isBlank()) {
                    expected.add(lines[i].stripTrailing());
                    i++;
                }
                steps.add(new Materializations(lineNo, sql.toString().strip(), expected));
            } else if (line.startsWith("query")) {
                boolean rowSort = false;
                boolean bothWays = false;
                List<String> columns = List.of();
                for (String option : line.substring("query".length()).strip().split("\\s+")) {
                    if (option.equals("rowsort")) {
                        rowSort = true;
                    } else if (option.equals("both")) {
                        bothWays = true;
                    } else if (option.startsWith("columns=")) {
                        columns = List.of(option.substring("columns=".length()).split(","));
                    } else if (!option.isEmpty()) {
                        throw new IllegalArgumentException(name + ":" + lineNo + ": unknown query option " + option);
                    }
                }
                StringBuilder sql = new StringBuilder();
                i++;
                while (i < lines.length && !lines[i].strip().equals("----")) {
                    if (lines[i].isBlank()) {
                        throw new IllegalArgumentException(name + ":" + lineNo + ": query without ---- separator");
                    }
                    sql.append(lines[i]).append('\n');
                    i++;
                }
                i++;
                List<String> expected = new ArrayList<>();
                while (i < lines.length && !lines[i].isBlank()) {
                    expected.add(lines[i].stripTrailing());
                    i++;
                }
                steps.add(new Query(lineNo, sql.toString().strip(), rowSort, columns, bothWays, expected));
            } else if (line.startsWith("connection ")) {
                steps.add(new Connection(lineNo, line.substring("connection ".length()).strip()));
                i++;
            } else if (line.equals("wait tasks")) {
                steps.add(new WaitTasks(lineNo));
                i++;
            } else if (line.equals("restart")) {
                steps.add(new Restart(lineNo));
                i++;
            } else {
                throw new IllegalArgumentException(name + ":" + lineNo + ": unknown record: " + line);
            }
        }
        return new SqlScript(name, steps);
    }
}
