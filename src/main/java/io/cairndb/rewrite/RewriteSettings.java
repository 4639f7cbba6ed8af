package io.cairndb.rewrite;

/**
 * The session's rewrite switches.
 *
 * @param nested            enable_materialized_view_nest_rewrite: an MV over other MVs may answer a query
 *                          that the MVs below it answered first
 * @param successCandidates materialized_view_rewrite_success_candidate_num: how many MVs that answer a
 *                          query are kept to choose from (the cheapest are tried first)
 * @param mappingLimit      materialized_view_relation_mapping_max_count: how many ways of pairing a
 *                          self join's tables with the view's are tried
 */
public record RewriteSettings(boolean nested, int successCandidates, int mappingLimit) {
    /** How many times an answer is rewritten again by MVs over the MVs it reads. */
    static final int NEST_DEPTH = 3;
}
