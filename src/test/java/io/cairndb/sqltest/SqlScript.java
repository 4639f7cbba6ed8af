package io.cairndb.sqltest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed SQL script test. Records:
 * <pre>
 * statement ok                 -- the SQL must succeed
 * statement error &lt;text&gt;       -- the SQL must fail with a message containing text
 * query [rowsort] [columns=a,b] [both] [types]
 *                              -- the SQL's rows, cells separated by |, after a ---- line;
 *                                 types: the first line after it is the result columns' types;
 *                                 columns= keeps only the named result columns (for SHOW output;
 *                                 write a space in a name as _); both: the same rows again with
 *                                 transparent rewrite switched off
 * materializations             -- the MATERIALIZATIONS section of the query's EXPLAIN, after a
 *                                 ---- line (a blank line of it written (empty))
 * connection &lt;name&gt; [as &lt;user&gt;] -- later records run on that session (created on first use, logged in
 *                                 as root or as user, an account name that may end in @host)
 * restart                      -- closes and reopens the database from its data directory
 * wait tasks                   -- waits until no MV refresh task is pending or running
 * include &lt;file&gt;               -- the records of another file (next to the script; not a .sql file,
 *                                 so it is not run on its own), such as a schema several scripts share
 * </pre>
 * The SQL of a record runs until a blank line or the {@code ----} separator. Lines starting with
 * {@code #} between records are comments. NULL is written {@code NULL}; an empty string is {@code (empty)}.
 */
record SqlScript(String name, List<Step> steps) {

    sealed interface Step permits Statement, Query, Materializations, Connection, Restart, WaitTasks, Include, Included {
        int line();
    }

    record Include(int line, String file) implements Step {
    }

    /** A record of an included file. */
    record Included(String file, Step step) implements Step {
        @Override
        public int line() {
            return step.line();
        }
    }

    record Statement(int line, String sql, String expectedError) implements Step {
    }

    record Query(int line, String sql, boolean rowSort, List<String> columns, boolean bothWays, boolean types,
                 List<String> expected)
            implements Step {
    }

    record Materializations(int line, String sql, List<String> expected) implements Step {
    }

    record Connection(int line, String name, String user) implements Step {
    }

    record Restart(int line) implements Step {
    }

    record WaitTasks(int line) implements Step {
    }

    /** The script in {@code file}, its include records replaced by the records of the files they name. */
    static SqlScript load(Path file) throws IOException {
        SqlScript script = parse(file.getFileName().toString(), Files.readString(file));
        List<Step> steps = new ArrayList<>();
        for (Step step : script.steps()) {
            if (step instanceof Include include) {
                SqlScript included = load(file.resolveSibling(include.file()));
                included.steps().forEach(s -> steps.add(s instanceof Included ? s : new Included(included.name(), s)));
            } else {
                steps.add(step);
            }
        }
        return new SqlScript(script.name(), steps);
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
                int[] at = {i + 1};
                String sql = sqlBeforeSeparator(lines, at, name, lineNo);
                steps.add(new Materializations(lineNo, sql, expectedLines(lines, at)));
                i = at[0];
            } else if (line.startsWith("query")) {
                boolean rowSort = false;
                boolean bothWays = false;
                boolean types = false;
                List<String> columns = List.of();
                for (String option : line.substring("query".length()).strip().split("\\s+")) {
                    if (option.equals("rowsort")) {
                        rowSort = true;
                    } else if (option.equals("both")) {
                        bothWays = true;
                    } else if (option.equals("types")) {
                        types = true;
                    } else if (option.startsWith("columns=")) {
                        columns = List.of(option.substring("columns=".length()).split(","));
                    } else if (!option.isEmpty()) {
                        throw new IllegalArgumentException(name + ":" + lineNo + ": unknown query option " + option);
                    }
                }
                int[] at = {i + 1};
                String sql = sqlBeforeSeparator(lines, at, name, lineNo);
                steps.add(new Query(lineNo, sql, rowSort, columns, bothWays, types, expectedLines(lines, at)));
                i = at[0];
            } else if (line.startsWith("connection ")) {
                String[] words = line.substring("connection ".length()).strip().split("\\s+");
                steps.add(new Connection(lineNo, words[0], words.length == 3 && words[1].equals("as") ? words[2] : "root"));
                i++;
            } else if (line.equals("wait tasks")) {
                steps.add(new WaitTasks(lineNo));
                i++;
            } else if (line.startsWith("include ")) {
                steps.add(new Include(lineNo, line.substring("include ".length()).strip()));
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

    /** The SQL from line {@code at[0]} up to the ---- separator; {@code at[0]} ends after the separator. */
    private static String sqlBeforeSeparator(String[] lines, int[] at, String name, int lineNo) {
        StringBuilder sql = new StringBuilder();
        while (at[0] < lines.length && !lines[at[0]].strip().equals("----")) {
            if (lines[at[0]].isBlank()) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": query without ---- separator");
            }
            sql.append(lines[at[0]]).append('\n');
            at[0]++;
        }
        at[0]++;
        return sql.toString().strip();
    }

    /** The expected lines from line {@code at[0]} up to a blank line, where {@code at[0]} ends. */
    private static List<String> expectedLines(String[] lines, int[] at) {
        List<String> expected = new ArrayList<>();
        while (at[0] < lines.length && !lines[at[0]].isBlank()) {
            expected.add(lines[at[0]].stripTrailing());
            at[0]++;
        }
        return expected;
    }
}
