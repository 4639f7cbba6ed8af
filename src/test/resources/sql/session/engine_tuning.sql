# Variables that tune Doris's own execution engine are accepted, kept and shown (Doris's benchmark
# runners set them and stop when a SET fails); they do not change how DuckDB executes.

statement ok
set global parallel_fragment_exec_instance_num=16

statement ok
set global parallel_pipeline_task_num=16

statement ok
set global enable_single_distinct_column_opt=true

statement ok
set global enable_function_pushdown=true

statement ok
set global forbid_unknown_col_stats=false

statement ok
set global runtime_filter_mode=global

statement ok
set global exec_mem_limit=34359738368

statement ok
SET batch_size = 4096

statement ok
SET enable_vectorized_engine = true, enable_projection = true, enable_cost_based_join_reorder = true

statement ok
SET enable_agg_state = true, is_report_success = false, enable_profile = false, enable_pipeline_engine = true, pipeline_dop = 0

query
SELECT @@parallel_fragment_exec_instance_num, @@batch_size, @@global.runtime_filter_mode, @@enable_agg_state
----
16|4096|global|1

query columns=Variable_name,Value
SHOW VARIABLES LIKE 'runtime_filter%'
----
runtime_filter_mode|global
runtime_filter_type|IN_OR_BLOOM_FILTER,MIN_MAX
runtime_filter_wait_time_ms|1000

query
SELECT 1 + 1
----
2
