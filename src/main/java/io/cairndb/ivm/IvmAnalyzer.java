package io.cairndb.ivm;

import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.TableMeta;
import io.cairndb.changelog.ChangelogConfig;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.plan.PlanExpressions;
import io.cairndb.plan.PlanNode;
import io.cairndb.plan.ScalarExpr;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Decides whether a definition can be maintained incrementally and in which {@link IvmForm}; what
 * cannot is refused with the seeds' texts (IVMAnalyzer ...) or, where they give none, a text of the
 * same kind.
 */
public final class IvmAnalyzer {
    /** The aggregates maintained, in the order the refusal lists them. */
    public static final List<String> AGGREGATES = List.of("count", "sum", "avg", "min", "max", "bool_or", "approx_count_distinct",
            "ndv", "array_agg", "collect_list", "bitmap_union", "bitmap_union_count", "bitmap_agg", "hll_union", "percentile_union");

    private final Function<PlanNode.TableSource, TableMeta> tables;
    private final Set<Long> excluded;
    private final Set<PlanNode.TableSource> read = new LinkedHashSet<>();

    private IvmAnalyzer(Function<PlanNode.TableSource, TableMeta> tables, Set<Long> excluded) {
        this.tables = tables;
        this.excluded = excluded;
    }

    /**
     * The maintained form of {@code plan}. {@code tables} finds the tables it reads; those of
     * {@code excluded} (excluded_trigger_tables) are read as they are and need no changelog;
     * {@code nondeterministic} are the non-deterministic functions the definition calls.
     */
    public static IvmForm analyze(PlanNode plan, Function<PlanNode.TableSource, TableMeta> tables, Set<Long> excluded,
                                  List<String> nondeterministic) {
        if (!nondeterministic.isEmpty()) {
            throw refused("IVMAnalyzer does not support non-deterministic function: " + nondeterministic.get(0));
        }
        return new IvmAnalyzer(tables, excluded).form(plan);
    }

    /** Null when {@code plan} can be maintained incrementally, else why not (REFRESH AUTO probes with it). */
    public static String unsupported(PlanNode plan, Function<PlanNode.TableSource, TableMeta> tables, Set<Long> excluded,
                                     List<String> nondeterministic) {
        try {
            analyze(plan, tables, excluded, nondeterministic);
            return null;
        } catch (CairnException e) {
            return e.getMessage();
        }
    }

    private IvmForm form(PlanNode definition) {
        PlanNode plan = SubqueryJoins.unnest(definition);
        PlanNode top = plan;
        List<ScalarExpr> outputs = null;
        if (top instanceof PlanNode.Project p && (p.input() instanceof PlanNode.Aggregate || p.input() instanceof PlanNode.Distinct
                || p.input() instanceof PlanNode.Filter f && f.input() instanceof PlanNode.Aggregate)) {
            outputs = p.assignments().stream().map(PlanNode.Assignment::expr).toList();
            checkExpressions(outputs);
            top = p.input();
        }
        ScalarExpr having = null;
        if (top instanceof PlanNode.Filter f && f.input() instanceof PlanNode.Aggregate) {
            having = f.condition();
            checkExpressions(List.of(having));
            top = f.input();
        }
        PlanNode.Aggregate aggregate = null;
        if (top instanceof PlanNode.Aggregate a) {
            aggregate = checkAggregate(a);
        } else if (top instanceof PlanNode.Distinct d) {
            aggregate = new PlanNode.Aggregate(d.input(), d.input().outputs(), List.of(), List.of());
        }
        if (aggregate == null) {
            checkInput(plan);
            return new IvmForm(plan, null, plan.outputs().stream().map(c -> (ScalarExpr) c.ref()).toList(), null, read);
        }
        checkInput(aggregate.input());
        if (outputs == null) {
            outputs = aggregate.outputs().stream().map(c -> (ScalarExpr) c.ref()).toList();
        }
        return new IvmForm(plan, aggregate, outputs, having, read);
    }

    private static PlanNode.Aggregate checkAggregate(PlanNode.Aggregate a) {
        if (new java.util.HashSet<>(a.groupingSets()).size() < a.groupingSets().size()) {
            throw refused("IVMAnalyzer does not support a grouping set listed twice");
        }
        for (PlanNode.AggregateAssignment agg : a.aggregates()) {
            PlanNode.AggregateCall call = agg.call();
            if (call.function().equals("grouping") || call.function().equals("grouping_id")) {
                continue;
            }
            if (call.distinct()) {
                throw refused("IVMAnalyzer does not support distinct aggregate functions");
            }
            if (!AGGREGATES.contains(call.function()) || !call.orderBy().isEmpty() || call.args().size() > 1) {
                throw refused("IVMAnalyzer does not support aggregate function: " + call.function() + ". Supported functions: "
                        + AGGREGATES);
            }
            checkExpressions(call.args());
        }
        return a;
    }

    /** The relational part below the aggregate: scans, filters, projections, joins (outer, semi and anti too), UNION ALL, constants. */
    private void checkInput(PlanNode node) {
        if (node instanceof PlanNode.Scan scan) {
            checkTable(scan);
            return;
        }
        if (node instanceof PlanNode.Filter f) {
            checkExpressions(List.of(f.condition()));
        } else if (node instanceof PlanNode.Project p) {
            checkExpressions(p.assignments().stream().map(PlanNode.Assignment::expr).toList());
        } else if (node instanceof PlanNode.Join j) {
            if (j.condition() != null) {
                checkExpressions(List.of(j.condition()));
            }
            if (!j.kind().keepsRight()) {
                checkSemiJoin(j);
            }
        } else if (node instanceof PlanNode.SetOperation op) {
            if (op.kind() != PlanNode.SetKind.UNION) {
                throw refused("IVMAnalyzer can only handle UnionRelation, but got: "
                        + (op.kind() == PlanNode.SetKind.INTERSECT ? "IntersectRelation" : "ExceptRelation"));
            }
            if (!op.all()) {
                throw refused("IVMAnalyzer only supports UNION ALL, but got: DISTINCT");
            }
        } else if (node instanceof PlanNode.Aggregate || node instanceof PlanNode.Distinct) {
            throw refused("IVMAnalyzer does not support aggregation or DISTINCT inside a FROM subquery, a join input or a "
                    + "UNION ALL branch: aggregate only at the top of the query");
        } else if (node instanceof PlanNode.Window) {
            throw refused("IVMAnalyzer does not support window functions");
        } else if (node instanceof PlanNode.Sort) {
            throw refused("IVMAnalyzer does not support order by clause");
        } else if (node instanceof PlanNode.Limit) {
            throw refused("IVM rewrite failed to fully resolve incremental markers");
        } else if (node instanceof PlanNode.Generate) {
            throw refused("IVMAnalyzer does not support LATERAL VIEW");
        } else if (node instanceof PlanNode.ChangeScan) {
            throw refused("IVMAnalyzer does not support reading a stream or an @incr window");
        } else if (node instanceof PlanNode.SystemScan s) {
            throw refused("IVMAnalyzer does not support table type: SYSTEM (" + s.name() + ")");
        }
        for (PlanNode input : node.inputs()) {
            checkInput(input);
        }
    }

    /**
     * A semi or anti join is maintained by counting, per key of its equalities, the right rows that
     * match; with a condition that also compares the sides otherwise, by recomputing the join for the
     * keys a change touches. Without any equality that recompute would cover every row of both inputs
     * at every refresh: refused.
     */
    private static void checkSemiJoin(PlanNode.Join j) {
        SemiJoinKey key = SemiJoinKey.of(j);
        if (!key.counted() && key.parts().isEmpty()) {
            throw refused("IVMAnalyzer does not support " + joinName(j.kind()) + " (or [NOT] EXISTS / IN subquery) whose condition "
                    + "compares its two sides without an equality: every change would re-evaluate the whole join; add an "
                    + "equality between the sides, or refresh the materialized view with COMPLETE or AUTO");
        }
    }

    private void checkTable(PlanNode.Scan scan) {
        TableMeta t = tables.apply(scan.source());
        if (scan.source().materializedView() && (!ChangelogConfig.of(t).enabled() || t.column(IvmLayout.HAVING) != null)) {
            throw refused("IVMAnalyzer does not support table type: MATERIALIZED_VIEW (" + t.name() + "): a materialized view read "
                    + "by an IVM definition must itself be maintained incrementally, without HAVING, with binlog.enable = true");
        }
        if (!scan.partitions().isEmpty() || scan.temporaryPartitions()) {
            throw refused("IVMAnalyzer does not support reading named partitions of table " + t.name());
        }
        read.add(scan.source());
        if (excluded.contains(t.id())) {
            return;
        }
        ChangelogConfig config = ChangelogConfig.of(t);
        if (t.keyModel() == KeyModel.AGGREGATE && !config.enabled()) {
            // Doris keeps no binlog of an AGGREGATE KEY table; StarRocks's refresh_mode = INCREMENTAL captures its changes.
            throw refused("IVM on AGGREGATE KEY base '" + t.name() + "' is not supported: list it in excluded_trigger_tables, "
                    + "or create the MV with \"refresh_mode\" = \"INCREMENTAL\"");
        }
        if (!config.enabled()) {
            throw refused("IVM base '" + t.name() + "' requires change data capture to be enabled on the base table. "
                    + "Enable it with ALTER TABLE " + t.name() + " SET ('binlog.enable' = 'true')");
        }
        if (t.keyModel().upserts() && !config.needHistoricalValue()) {
            throw refused("IVM base '" + t.name() + "' is a " + t.keyModel().keyword() + " table and requires before images: "
                    + "ALTER TABLE " + t.name() + " SET ('binlog.need_historical_value' = 'true')");
        }
    }

    private static void checkExpressions(List<ScalarExpr> exprs) {
        for (ScalarExpr e : exprs) {
            if (PlanExpressions.hasSubquery(e)) {
                throw refused("IVMAnalyzer does not support subqueries in WHERE, SELECT or join conditions");
            }
        }
    }

    private static String joinName(PlanNode.JoinKind kind) {
        return switch (kind) {
            case LEFT -> "LEFT OUTER JOIN";
            case RIGHT -> "RIGHT OUTER JOIN";
            case FULL -> "FULL OUTER JOIN";
            case LEFT_SEMI -> "LEFT SEMI JOIN";
            case LEFT_ANTI -> "LEFT ANTI JOIN";
            default -> kind.name() + " JOIN";
        };
    }

    private static CairnException refused(String message) {
        return new CairnException(ErrorCode.NOT_SUPPORTED, message);
    }
}
