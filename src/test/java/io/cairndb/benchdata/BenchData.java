package io.cairndb.benchdata;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A generated benchmark data set: its tables, in the column order of its DDL, row by row. */
public interface BenchData {
    /** The tables, dimension tables first. */
    List<String> tables();

    /** Every row of {@code table}, in row-number order. */
    void rows(String table, Rows.Sink sink);

    /** Writes each table to {@code dir/<table>.tbl} ('|'-separated); returns the row count of each table. */
    default Map<String, Long> writeTo(Path dir) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : tables()) {
            try (Rows.CsvWriter w = new Rows.CsvWriter(dir.resolve(table + ".tbl"))) {
                rows(table, w);
                counts.put(table, w.rows());
            }
        }
        return counts;
    }
}
