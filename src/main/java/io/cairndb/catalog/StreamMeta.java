package io.cairndb.catalog;

/**
 * A table stream: a consumer of the changelog of table {@code tableId} ({@code tableDatabase}.
 * {@code tableName} when created). {@code type} is min_delta, append_only or detail;
 * {@code startTso} is where its history begins; comment is never null.
 */
public record StreamMeta(long id, String database, String name, long tableId, String tableDatabase, String tableName,
                         String type, boolean showInitialRows, long startTso, String comment, long createTime) {
    public StreamMeta {
        comment = comment == null ? "" : comment;
    }
}
