package io.cairndb.sqltest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Writes the rows queries returned into their script's source under {@code src/test/resources} (the
 * record mode of {@link SqlScriptTest}): each query's expected block, from its {@code ----} line to the
 * next blank line, becomes the recorded rows (a blank row written as {@code (empty)}).
 */
final class ScriptRecorder {
    private ScriptRecorder() {
    }

    /** {@code recorded}: rows by the line of their {@code query} record in {@code compiled} (the copy under target/). */
    static void rewrite(Path compiled, Map<Integer, List<String>> recorded) throws IOException {
        String path = compiled.toString().replace('\\', '/');
        int at = path.lastIndexOf("/target/test-classes/");
        if (at < 0) {
            throw new IOException("cannot find the source of " + compiled);
        }
        Path source = Path.of(path.substring(0, at) + "/src/test/resources/" + path.substring(at + "/target/test-classes/".length()));
        List<String> lines = new ArrayList<>(Arrays.asList(Files.readString(source, StandardCharsets.UTF_8).split("\n", -1)));
        // From the last query up, so that earlier line numbers stay valid.
        List<Integer> starts = new ArrayList<>(recorded.keySet());
        starts.sort((a, b) -> b - a);
        for (int start : starts) {
            int separator = start - 1;
            while (separator < lines.size() && !lines.get(separator).strip().equals("----")) {
                separator++;
            }
            int end = separator + 1;
            while (end < lines.size() && !lines.get(end).isBlank()) {
                end++;
            }
            List<String> rows = recorded.get(start).stream().map(r -> r.isEmpty() ? "(empty)" : r).toList();
            lines.subList(separator + 1, end).clear();
            lines.addAll(separator + 1, rows);
        }
        Files.writeString(source, String.join("\n", lines), StandardCharsets.UTF_8);
    }
}
