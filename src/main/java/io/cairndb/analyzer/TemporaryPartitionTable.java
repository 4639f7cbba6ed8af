package io.cairndb.analyzer;

import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;

/**
 * The rows of a table's temporary partitions live in a DuckDB table of their own next to the
 * table's: a temporary partition may overlap a formal one, so a predicate alone could not tell
 * their rows apart, and every reader of the table (queries, MVs, {@code @incr}, streams) keeps
 * seeing only formal rows without knowing temporary partitions exist.
 *
 * <p>{@link #of} describes that DuckDB table as a table partitioned by the temporary partitions, so
 * the statements that name them (INSERT, SELECT, SHOW TEMPORARY PARTITIONS) run the formal
 * partitions' code on it. It has no changelog: temporary rows are not changes of the table until a
 * REPLACE PARTITION makes them formal.
 */
public final class TemporaryPartitionTable {
    private static final String SUFFIX = "__temporary_partitions";

    private TemporaryPartitionTable() {
    }

    /** The DuckDB name (in the table's DuckDB schema) of the table that holds {@code t}'s temporary rows. */
    public static String duckTable(TableMeta t) {
        return t.duckTable() + SUFFIX;
    }

    /** {@code t}'s temporary partitions as the formal partitions of their DuckDB table. */
    public static TableMeta of(TableMeta t) {
        PartitionScheme s = t.partitioning();
        PartitionScheme temporary = new PartitionScheme(s.kind(), s.columns(), s.temporary());
        return t.withPartitioning(temporary)
                .withoutProperties(ChangelogConfig.PROPERTY_KEYS)
                .withDuckName(t.duckSchema(), duckTable(t));
    }
}
