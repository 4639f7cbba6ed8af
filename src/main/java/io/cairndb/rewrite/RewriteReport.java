package io.cairndb.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What rewrite did with each MV it considered, as EXPLAIN's MATERIALIZATIONS section shows it: the
 * MVs that answer the query and were chosen, those that answer it but lost on cost, and those that
 * cannot answer it, each with its reasons.
 */
public record RewriteReport(List<String> chosen, List<String> notChosen, Map<String, String> failures, Set<String> rollups) {
    public static final RewriteReport NONE = new RewriteReport(List.of(), List.of(), Map.of(), Set.of());

    public RewriteReport {
        chosen = List.copyOf(chosen);
        notChosen = List.copyOf(notChosen);
        failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
        rollups = Set.copyOf(rollups);
    }

    /**
     * Asynchronous MVs on one {@code Names:} line (seed 002); rollups one per line, {@code
     * internal.db.table.mv chose,}, or {@code none} when rollups were considered (seed 004).
     */
    private void names(List<String> out, List<String> names, String rollupSuffix, String noRollup) {
        List<String> async = names.stream().filter(n -> !rollups.contains(n)).toList();
        List<String> sync = names.stream().filter(rollups::contains).toList();
        if (!async.isEmpty()) {
            out.add("  Names: " + String.join(", ", async));
        }
        sync.forEach(n -> out.add("  " + n + rollupSuffix));
        if (sync.isEmpty() && !rollups.isEmpty()) {
            out.add(noRollup);
        } else if (async.isEmpty() && sync.isEmpty()) {
            out.add("");
        }
    }

    /** The section's lines, in the seeds' layouts. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("========== MATERIALIZATIONS ==========");
        out.add("MaterializedView");
        out.add("MaterializedViewRewriteSuccessAndChose:");
        names(out, chosen, " chose,", "  chose: none,");
        out.add("MaterializedViewRewriteSuccessButNotChose:");
        names(out, notChosen, " not chose,", "  not chose: none,");
        out.add("MaterializedViewRewriteFail:");
        if (failures.isEmpty()) {
            out.add("");
        }
        failures.forEach((name, why) -> {
            out.add(rollups.contains(name) ? "  " + name + " fail," : "  Name: " + name);
            out.add("  FailSummary: " + why);
        });
        return out;
    }
}
