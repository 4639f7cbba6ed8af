package io.cairndb.server;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The export jobs of this process, oldest first. They are kept in memory, as Doris keeps them until
 * they are older than its history_job_keep_max_second: here the oldest ended jobs beyond
 * {@link #KEPT} go, and all of them with a restart. A label names one job of a database at a time,
 * unless that job was cancelled.
 */
final class ExportJobs {
    /** Ended jobs kept for SHOW EXPORT. */
    static final int KEPT = 2000;
    private final Map<Long, ExportJob> jobs = new LinkedHashMap<>();
    /** How to stop each job that runs now. */
    private final Map<Long, Runnable> stops = new HashMap<>();

    /** Refuses {@code label} when a job of {@code database} that was not cancelled has it: Doris's text. */
    synchronized void requireFreeLabel(String database, String label) {
        for (ExportJob j : jobs.values()) {
            if (j.database().equals(database) && j.label().equals(label) && j.state() != ExportJob.State.CANCELLED) {
                throw new CairnException(ErrorCode.WRONG_ARGUMENTS, "Label [" + label + "] has already been used.");
            }
        }
    }

    /**
     * Records a new job, its label checked again now that no other job can take it meanwhile; {@code stop}
     * stops it while it runs (CANCEL EXPORT).
     */
    synchronized void add(ExportJob job, Runnable stop) {
        requireFreeLabel(job.database(), job.label());
        jobs.put(job.id(), job);
        stops.put(job.id(), stop);
        int ended = (int) jobs.values().stream().filter(ExportJob::finalState).count();
        for (Iterator<ExportJob> it = jobs.values().iterator(); it.hasNext() && ended > KEPT; ) {
            if (it.next().finalState()) {
                it.remove();
                ended--;
            }
        }
    }

    /**
     * Ends the job of the same id as {@code job} has it, unless it has ended already (a cancelled job stays
     * cancelled): false then.
     */
    synchronized boolean end(ExportJob job) {
        stops.remove(job.id());
        ExportJob now = jobs.get(job.id());
        if (now == null || now.finalState()) {
            return false;
        }
        jobs.put(job.id(), job);
        return true;
    }

    /** CANCEL EXPORT of a job that has not ended: it is CANCELLED (USER_CANCEL) and, if it runs, stopped. */
    synchronized void cancel(long id, String message) {
        ExportJob now = jobs.get(id);
        if (now == null || now.finalState()) {
            return;
        }
        jobs.put(id, now.cancelled("USER_CANCEL", message, System.currentTimeMillis()));
        Runnable stop = stops.remove(id);
        if (stop != null) {
            stop.run();
        }
    }

    /** The jobs of {@code database}, oldest first. */
    synchronized List<ExportJob> of(String database) {
        List<ExportJob> out = new ArrayList<>();
        for (ExportJob j : jobs.values()) {
            if (j.database().equals(database)) {
                out.add(j);
            }
        }
        return out;
    }

    /** Forgets the jobs of a dropped database. */
    synchronized void dropDatabase(String database) {
        jobs.values().removeIf(j -> j.database().equals(database));
    }
}
