package io.cairndb.printer;

import io.cairndb.plan.PlanNode;

/** Catalog knowledge the plan printer needs: the DuckDB FROM items that the plan's leaves read. */
public interface ScanSource {

    /**
     * The FROM item for a scan's table without alias: {@code "db"."t"}, or a parenthesized SELECT
     * over it that keeps only the scan's partitions (and any rows filter of the caller).
     */
    String from(PlanNode.Scan scan);

    /** The FROM item for a changelog window or a stream read, with the hidden change columns. */
    String from(PlanNode.ChangeScan scan);

    /** The FROM item for a system table or table function. */
    String from(PlanNode.SystemScan scan);
}
