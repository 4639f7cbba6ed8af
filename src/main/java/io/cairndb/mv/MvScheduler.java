package io.cairndb.mv;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.Catalog;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.FeConfig;
import io.cairndb.catalog.MvMeta;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.engine.TableLocks;
import io.cairndb.engine.Txn;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs MV refresh tasks: one job per MV, at most one running and one pending task per job (further
 * triggers while one is pending are skipped and counted), on a pool of
 * {@code job_mtmv_task_consumer_thread_num} workers. Triggers: manual statements, commits to base
 * tables (ON COMMIT) and schedules (ON SCHEDULE).
 */
public final class MvScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MvScheduler.class);

    private final TaskEnvironment env;
    private final Catalog catalog;
    private final FeConfig config;
    private final TableLocks locks;
    private final ExecutorService workers;
    private final ScheduledExecutorService timer;
    private final Map<Long, Job> jobs = new ConcurrentHashMap<>();
    private final IvmCostModel costs = new IvmCostModel();
    private final CommittedOffsets offsets = new CommittedOffsets();
    private final List<Connection> connections = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Connection> workerConnection = new ThreadLocal<>();
    private final AtomicLong taskIds;
    private final AtomicLong recorded = new AtomicLong();
    /** max_persistence_task_count, read at startup. */
    private final long keepTasks;

    /** The live state of one MV's job. */
    private static final class Job {
        TaskRun running;
        TaskRun pending;
        long skipped;
        ScheduledFuture<?> schedule;
    }

    /** A submitted task; its record changes as it runs and {@code done} completes with the last one. */
    static final class TaskRun {
        volatile TaskRecord record;
        final MvRefresher.Request request;
        final CompletableFuture<TaskRecord> done = new CompletableFuture<>();
        final TaskControl control = new TaskControl();

        TaskRun(TaskRecord record, MvRefresher.Request request) {
            this.record = record;
            this.request = request;
        }

    }

    /**
     * {@code journal}: the file of running tasks ({@link TaskJournal}; null in memory). Tasks it says a
     * crash cut short are recorded as FAILED before anything else runs.
     */
    public MvScheduler(TaskEnvironment env, Catalog catalog, FeConfig config, TableLocks locks, java.nio.file.Path journal) {
        this.env = env;
        this.catalog = catalog;
        this.config = config;
        this.locks = locks;
        this.keepTasks = config.number("max_persistence_task_count");
        int threads = (int) Math.max(1, config.number("job_mtmv_task_consumer_thread_num"));
        this.workers = Executors.newFixedThreadPool(threads, daemon("mv-task"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemon("mv-schedule"));
        try (Connection c = env.connect()) {
            TaskHistory.createSchema(c);
            TaskHistory.forgetJobsExcept(c, catalog.allMvs().stream().map(MvMeta::jobId).toList());
            taskIds = new AtomicLong(Math.max(TaskHistory.maxTaskId(c), System.currentTimeMillis() * 1000));
            c.commit();
            for (TaskRecord cut : TaskJournal.interrupted(journal)) {
                long now = System.currentTimeMillis();
                TaskRecord failed = cut.with("FAILED", INTERRUPTED, cut.startTime(), now, null, List.of(), List.of());
                RefreshLog.finished(failed, new MvRefresher.Request(cut.requestedMethod() == null ? "AUTO"
                        : cut.requestedMethod().split(" ")[0], List.of(), null, null, false, false));
                recordFailure(c, failed);
                interruptedMvs.add(cut.mvId());
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot start the MV scheduler: " + e.getMessage(), e);
        }
        this.journal = TaskJournal.open(journal);
    }

    /** Why a task that was running when the server stopped without an orderly shutdown failed. */
    static final String INTERRUPTED = "the task was interrupted: the server stopped while it ran";
    /** MVs whose refresh a crash interrupted, as found at startup. */
    private final Set<Long> interruptedMvs = new java.util.HashSet<>();
    private final TaskJournal journal;

    /**
     * Starts triggering: commits, schedules, and the catch-up of MVs that missed commits. Called once
     * the server around the scheduler is ready to run tasks.
     */
    public void start() {
        catalog.addTableListener(this::tablePublished);
        for (MvMeta mv : catalog.allMvs()) {
            schedule(mv);
            // Triggers are not persisted: an ON COMMIT MV that missed one (a crash, or commits while
            // paused) catches up at startup.
            if (triggeredByCommits(mv) && mv.lastSuccessTime() > 0 && !inSync(mv)) {
                submit(mv, MvRefresher.Request.of(mv), "SYSTEM");
            } else if (interruptedMvs.contains(mv.id()) && mv.lastSuccessTime() == 0 && mv.buildMode().equals("IMMEDIATE")
                    && !mv.paused() && mv.active()) {
                // BUILD IMMEDIATE whose build a crash cut short: it is built now, as its creation asked.
                submit(mv, MvRefresher.Request.of(mv), "SYSTEM");
            }
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Submits a refresh; while one is pending, the trigger is skipped and the pending task returned. */
    TaskRun submit(MvMeta mv, MvRefresher.Request request, String triggerMode) {
        Job job = jobs.computeIfAbsent(mv.id(), k -> new Job());
        DatabaseMeta db = catalog.database(mv.database());
        TaskRun run;
        synchronized (job) {
            if (job.pending != null) {
                job.skipped++;
                return job.pending;
            }
            TaskRecord record = new TaskRecord(taskIds.incrementAndGet(), mv.jobId(), mv.jobName(), mv.id(), mv.name(),
                    db == null ? 0 : db.id(), mv.database(), "PENDING", "", System.currentTimeMillis(), 0, 0, triggerMode,
                    triggerMode.equals("MANUAL") && request.mode().equals("COMPLETE"), null, List.of(), List.of(), queryId(),
                    request.partitions(), null, request.mode() + (request.fallback() ? " FALLBACK" : ""), null, 0,
                    null, null, null);
            run = new TaskRun(record, request);
            if (job.running == null) {
                job.running = run;
                workers.execute(() -> execute(job, run));
            } else {
                job.pending = run;
            }
        }
        return run;
    }

    private static String queryId() {
        String u = java.util.UUID.randomUUID().toString().replace("-", "");
        return u.substring(0, 16) + "-" + u.substring(16);
    }

    /** Finished no-op refreshes of IVM MVs, stored with the next task that commits (or at close). */
    private final java.util.concurrent.ConcurrentLinkedQueue<TaskRecord> unrecorded = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private void execute(Job job, TaskRun run) {
        try {
            if (!run.control.canceled()) {
                runTask(run);
            }
        } finally {
            if (run.control.canceled() && !run.record.finished()) {
                finish(run, run.record.with("CANCELED", "task canceled", run.record.startTime(), System.currentTimeMillis(),
                        run.record.refreshMode(), run.record.needRefreshPartitions(), List.of()));
            }
            synchronized (job) {
                job.running = job.pending;
                job.pending = null;
                if (job.running != null) {
                    TaskRun next = job.running;
                    workers.execute(() -> execute(job, next));
                }
            }
        }
    }

    private void runTask(TaskRun run) {
        Connection c = connection();
        TaskRecord r = run.record;
        long start = System.currentTimeMillis();
        run.record = r.with("RUNNING", "", start, 0, null, List.of(), List.of());
        journal.started(run.record);
        TableLocks.Held held;
        MvMeta mv;
        // The refresh's transaction owns the MV's lock, so that its statements may take it again.
        Txn txn = new Txn(c);
        // The MV's lock is by name; a rename or REPLACE may give the name to another MV while this waits.
        while (true) {
            mv = catalog.mvById(r.mvId());
            if (mv == null) {
                finish(run, run.record.with("FAILED", "materialized view no longer exists", start, System.currentTimeMillis(),
                        null, List.of(), List.of()));
                return;
            }
            held = locks.lock(mv.database(), mv.name(), txn, () -> false);
            MvMeta locked = catalog.mvById(r.mvId());
            if (locked != null && locked.database().equals(mv.database()) && locked.name().equals(mv.name())) {
                break;
            }
            held.close();
        }
        try (TableLocks.Held lock = held) {
            run.control.attach(txn);
            StatementContext ctx = env.contextAs(txn, mv.queryDatabase(), mv.creator());
            List<TaskRecord> earlier = new ArrayList<>();
            try {
                MvRefresher.Outcome out = MvRefresher.refresh(ctx, mv.database(), mv.name(), run.request, start,
                        run.control, costs, offsets);
                TaskRecord done = run.record.with("SUCCESS", "", start, System.currentTimeMillis(), out.refreshMode(),
                        out.partitions(), out.partitions()).withPlanSignatureMatches(out.planSignatureMatches())
                        .withIvm(out.ivm());
                if (mv.ivm() != null && out.refreshMode().equals("NOT_REFRESH")) {
                    // Nothing to write: no commit (and no WAL sync) for the common no-op refresh. Its
                    // record and freshness are kept in memory and stored with the next task that commits.
                    txn.rollbackQuietly();
                    keepUnrecorded(done);
                    catalog.publishMv(out.mv());
                    finish(run, done);
                    return;
                }
                earlier.addAll(recordUnrecorded(c));
                TaskHistory.record(c, done, keepTasks(), trimNow());
                run.control.checkpoint();
                txn.afterCommit(() -> {
                    catalog.publishMv(out.mv());
                    catalog.publishTable(out.table());
                });
                txn.commit();
                finish(run, done);
            } catch (RuntimeException | Error e) {
                // An Error too: the refresh must not stay half done on this worker's connection, nor its
                // waiters wait forever.
                txn.rollbackQuietly();
                unrecorded.addAll(earlier);
                String message = run.control.canceled() ? "task canceled" : e.getMessage() == null ? e.toString() : e.getMessage();
                TaskRecord failed = run.record.with(run.control.canceled() ? "CANCELED" : "FAILED", message, start,
                        System.currentTimeMillis(), null, List.of(), List.of());
                recordFailure(c, failed);
                finish(run, failed);
                if (e instanceof Error error) {
                    throw error;
                }
            }
        }
    }

    /** A failed task leaves the MV's data as it was; its state and the task are recorded on their own. */
    private void recordFailure(Connection c, TaskRecord failed) {
        MvMeta current = catalog.mvById(failed.mvId());
        if (current == null) {
            return;
        }
        Txn txn = new Txn(c);
        List<TaskRecord> earlier = new ArrayList<>();
        try {
            MvMeta updated = current.failed(failed.errorMsg(), failed.finishTime());
            catalog.saveMv(c, updated);
            earlier.addAll(recordUnrecorded(c));
            TaskHistory.record(c, failed, keepTasks(), trimNow());
            txn.afterCommit(() -> catalog.publishMv(updated));
            txn.commit();
        } catch (RuntimeException e) {
            txn.rollbackQuietly();
            unrecorded.addAll(earlier);
            LOG.warn("cannot record failed task {}: {}", failed.taskId(), e.getMessage());
        }
    }

    long keepTasks() {
        return keepTasks;
    }

    /** Old task records are deleted with every 16th record rather than each time. */
    boolean trimNow() {
        return recorded.incrementAndGet() % 16 == 0;
    }

    private void finish(TaskRun run, TaskRecord record) {
        run.record = record;
        journal.ended(record.taskId());
        // Logged before waiters (REFRESH .. WITH SYNC MODE) are answered, so the line precedes their reply.
        RefreshLog.finished(record, run.request);
        run.done.complete(record);
    }

    private Connection connection() {
        Connection c = workerConnection.get();
        if (c == null) {
            c = env.connect();
            connections.add(c);
            workerConnection.set(c);
        }
        return c;
    }

    /** Cancels a pending task of the MV and returns its final record (for the caller to keep), or null. */
    TaskRecord cancelPending(long mvId, long taskId) {
        Job job = jobs.get(mvId);
        if (job == null) {
            return null;
        }
        synchronized (job) {
            if (job.pending == null || job.pending.record.taskId() != taskId) {
                return null;
            }
            TaskRun p = job.pending;
            job.pending = null;
            p.control.cancel();
            TaskRecord canceled = p.record.with("CANCELED", "task canceled", 0, System.currentTimeMillis(), null, List.of(),
                    List.of());
            finish(p, canceled);
            return canceled;
        }
    }

    /** Interrupts the MV's running task; it rolls back and records itself CANCELED. False when it is not running. */
    boolean cancelRunning(long mvId, long taskId) {
        Job job = jobs.get(mvId);
        if (job == null) {
            return false;
        }
        synchronized (job) {
            if (job.running == null || job.running.record.taskId() != taskId) {
                return false;
            }
            TaskRun running = job.running;
            running.control.cancel();
            AtomicReference<ScheduledFuture<?>> resend = new AtomicReference<>();
            resend.set(timer.scheduleWithFixedDelay(() -> {
                if (running.done.isDone()) {
                    ScheduledFuture<?> self = resend.get();
                    if (self != null) {
                        self.cancel(false);
                    }
                } else {
                    running.control.cancel();
                }
            }, 20, 20, TimeUnit.MILLISECONDS));
            return true;
        }
    }

    /** Stores the records of no-op refreshes still kept in memory, and their MVs' freshness, at close. */
    private void flushUnrecorded() {
        Connection c = connections.stream().findFirst().orElse(null);
        if (c == null || unrecorded.isEmpty()) {
            return;
        }
        Txn txn = new Txn(c);
        try {
            java.util.Set<Long> refreshed = new java.util.HashSet<>();
            for (TaskRecord r : recordUnrecorded(c)) {
                MvMeta mv = catalog.mvById(r.mvId());
                if (mv != null && refreshed.add(r.mvId())) {
                    catalog.saveMv(c, mv);
                }
            }
            txn.commit();
        } catch (RuntimeException e) {
            txn.rollbackQuietly();
            LOG.warn("cannot store the records of no-op refreshes: {}", e.getMessage());
        }
    }

    /**
     * Keeps the record of a no-op refresh in memory, and no more of its job's than the history keeps:
     * a job refreshed often with nothing to do would otherwise grow the queue without bound.
     */
    private void keepUnrecorded(TaskRecord done) {
        unrecorded.add(done);
        long mine = unrecorded.stream().filter(r -> r.jobId() == done.jobId()).count();
        for (java.util.Iterator<TaskRecord> it = unrecorded.iterator(); mine > keepTasks && it.hasNext(); ) {
            if (it.next().jobId() == done.jobId()) {
                it.remove();
                mine--;
            }
        }
    }

    /** Writes the records of no-op refreshes kept in memory, in the caller's transaction; returns them. */
    private List<TaskRecord> recordUnrecorded(Connection c) {
        List<TaskRecord> out = new ArrayList<>();
        for (TaskRecord r = unrecorded.poll(); r != null; r = unrecorded.poll()) {
            TaskHistory.record(c, r, keepTasks(), false);
            out.add(r);
        }
        return out;
    }

    /** Tasks that have not finished yet and the records of no-op refreshes kept in memory, for {@code tasks()}. */
    List<TaskRecord> liveTasks() {
        List<TaskRecord> out = new ArrayList<>(unrecorded);
        for (Job job : jobs.values()) {
            synchronized (job) {
                for (TaskRun r : Arrays.asList(job.running, job.pending)) {
                    if (r != null && !r.record.finished()) {
                        out.add(r.record.status().equals("RUNNING") ? r.control.progressed(r.record) : r.record);
                    }
                }
            }
        }
        return out;
    }

    boolean knows(long mvId) {
        return catalog.mvById(mvId) != null;
    }

    long skipped(long mvId) {
        Job job = jobs.get(mvId);
        return job == null ? 0 : job.skipped;
    }

    /** Triggers skipped since start, over every MV (Doris's async_materialized_view_task_skip_num). */
    long skippedTotal() {
        long total = 0;
        for (Job job : jobs.values()) {
            synchronized (job) {
                total += job.skipped;
            }
        }
        return total;
    }

    /** ON COMMIT: a committed change of a base table's data submits a refresh of the MVs that read it. */
    private void tablePublished(TableMeta previous, TableMeta current) {
        if (previous == null || !dataChanged(previous, current)) {
            return;
        }
        for (MvMeta mv : catalog.allMvs()) {
            if (triggeredByCommits(mv) && reads(mv, current) && !MvProperties.excludesTrigger(mv, current)) {
                submit(mv, MvRefresher.Request.of(mv), "COMMIT");
            }
        }
    }

    private static boolean triggeredByCommits(MvMeta mv) {
        return mv.trigger().kind().equals("COMMIT") && !mv.paused() && mv.active();
    }

    private boolean inSync(MvMeta mv) {
        TableMeta t = catalog.table(mv.database(), mv.name());
        return t == null || t.partitioning().partitions().stream()
                .allMatch(p -> MvDescriptions.partitionInSync(catalog, mv, p.name()));
    }

    private static boolean dataChanged(TableMeta previous, TableMeta current) {
        if (previous.partitioning() == null || current.partitioning() == null) {
            return false;
        }
        List<PartitionMeta> a = previous.partitioning().partitions();
        List<PartitionMeta> b = current.partitioning().partitions();
        if (a.size() != b.size()) {
            return true;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).id() != b.get(i).id() || a.get(i).visibleVersion() != b.get(i).visibleVersion()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the MV reads {@code t}: by id, or by name when {@code t} replaced the table the MV last
     * read (a dropped and re-created base MV keeps triggering the ON COMMIT MVs above it).
     */
    private static boolean reads(MvMeta mv, TableMeta t) {
        return mv.baseTables().stream().anyMatch(b -> b.id() == t.id()
                || b.database().equals(t.database()) && b.name().equals(t.name()));
    }

    /** (Re)arms the MV's schedule for ON SCHEDULE, or disarms it for other triggers. */
    void schedule(MvMeta mv) {
        Job job = jobs.computeIfAbsent(mv.id(), k -> new Job());
        synchronized (job) {
            if (job.schedule != null) {
                job.schedule.cancel(false);
                job.schedule = null;
            }
            if (!mv.trigger().kind().equals("SCHEDULE") || mv.paused()) {
                return;
            }
            long period = periodMillis(mv.trigger());
            long starts = mv.trigger().startsMillis() > 0 ? mv.trigger().startsMillis() : mv.createTime() + period;
            long now = System.currentTimeMillis();
            long next = starts >= now ? starts : starts + ((now - starts) / period + 1) * period;
            long mvId = mv.id();
            job.schedule = timer.scheduleAtFixedRate(() -> fire(mvId), next - now, period, TimeUnit.MILLISECONDS);
        }
    }

    private void fire(long mvId) {
        MvMeta mv = catalog.mvById(mvId);
        if (mv != null && !mv.paused() && mv.active()) {
            submit(mv, MvRefresher.Request.of(mv), "SYSTEM");
        }
    }

    static long periodMillis(MvMeta.Trigger trigger) {
        long unit = switch (trigger.unit().toUpperCase(Locale.ROOT)) {
            case "MINUTE" -> 60_000L;
            case "HOUR" -> 3_600_000L;
            case "DAY" -> 86_400_000L;
            case "WEEK" -> 7 * 86_400_000L;
            default -> throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Unsupported refresh interval unit: " + trigger.unit());
        };
        return trigger.interval() * unit;
    }

    /** What IVM refreshes measured, which decides whether one recomputes instead. */
    IvmCostModel costs() {
        return costs;
    }

    /** Stops a dropped MV's job: its schedule and any pending task. */
    void forget(long mvId) {
        costs.forget(mvId);
        offsets.forget(mvId);
        Job job = jobs.remove(mvId);
        if (job == null) {
            return;
        }
        synchronized (job) {
            if (job.schedule != null) {
                job.schedule.cancel(false);
            }
            if (job.pending != null) {
                job.pending.control.cancel();
                finish(job.pending, job.pending.record.with("CANCELED", "materialized view dropped", 0,
                        System.currentTimeMillis(), null, List.of(), List.of()));
                job.pending = null;
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdownNow();
        // Running tasks are interrupted (they roll back); queued ones never run: either way whoever waits
        // for a task (REFRESH .. WITH SYNC MODE) gets an answer.
        for (Job job : jobs.values()) {
            synchronized (job) {
                if (job.running != null) {
                    job.running.control.cancel();
                }
            }
        }
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Job job : jobs.values()) {
            synchronized (job) {
                for (TaskRun run : Arrays.asList(job.running, job.pending)) {
                    if (run != null && !run.done.isDone()) {
                        run.done.complete(run.record.with("CANCELED", "the server is shutting down", run.record.startTime(),
                                System.currentTimeMillis(), null, List.of(), List.of()));
                    }
                }
            }
        }
        flushUnrecorded();
        journal.close();
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.warn("closing a task connection: {}", e.getMessage());
            }
        }
    }
}
