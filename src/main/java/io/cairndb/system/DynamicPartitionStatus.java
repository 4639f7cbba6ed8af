package io.cairndb.system;

/**
 * What the last background pass of dynamic partitioning did to one table, for SHOW DYNAMIC PARTITION
 * TABLES: when it ran, NORMAL or ERROR, and the error of creating or dropping partitions, if any.
 */
public record DynamicPartitionStatus(long lastSchedulerTime, String state, String lastCreateMessage, String lastDropMessage) {
    /** A table no pass has visited yet. */
    public static final DynamicPartitionStatus NOT_RUN = new DynamicPartitionStatus(0, "NORMAL", null, null);
}
