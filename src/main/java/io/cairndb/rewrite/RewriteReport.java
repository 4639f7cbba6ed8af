package io.cairndb.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What rewrite did with each MV it considered, as EXPLAIN's MATERIALIZATIONS section shows it: the
 * MVs that answer the query and were chosen, those that answer it but lost on cost, and those that
 * cannot answer it, each with its reasons.
 */
public record RewriteReport(List<String> chosen, List<String> notChosen, Map<String, String> failures) {
    public static final RewriteReport NONE = new RewriteReport(List.of(), List.of(), Map.of());

    public RewriteReport {
        chosen = List.copyOf(chosen);
        notChosen = List.copyOf(notChosen);
        failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }

    /** The section's lines, in the seed's layout. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("========== MATERIALIZATIONS ==========");
        out.add("MaterializedView");
        out.add("MaterializedViewRewriteSuccessAndChose:");
        out.add(chosen.isEmpty() ? "" : "  Names: " + String.join(", ", chosen));
        out.add("MaterializedViewRewriteSuccessButNotChose:");
        out.add(notChosen.isEmpty() ? "" : "  Names: " + String.join(", ", notChosen));
        out.add("MaterializedViewRewriteFail:");
        if (failures.isEmpty()) {
            out.add("");
        }
        failures.forEach((name, why) -> {
            out.add("  Name: " + name);
            out.add("  FailSummary: " + why);
        });
        return out;
    }
}
