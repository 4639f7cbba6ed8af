package io.cairndb.printer;

import io.cairndb.plan.PlanNode;

/** Catalog knowledge the plan printer needs: the DuckDB FROM item a scan reads. */
@FunctionalInterface
public interface ScanSource {

    /**
     * The FROM item for the scan's table without alias: {@code "db"."t"}, or a parenthesized
     * SELECT over it that keeps only the scan's partitions (and any rows filter of the caller).
     */
    String from(PlanNode.Scan scan);
}
