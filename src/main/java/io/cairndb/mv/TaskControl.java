package io.cairndb.mv;

import io.cairndb.engine.EngineErrors;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Lets CANCEL stop a running refresh: the refresh runs its statements through here, so a cancel can
 * interrupt the statement in flight, and it checks for a cancel between statements.
 */
final class TaskControl {
    private volatile boolean canceled;
    private volatile Statement current;

    /** Runs one statement of the refresh; fails with "task canceled" if the task was canceled. */
    void execute(Connection c, String sql) {
        checkpoint();
        try (Statement st = c.createStatement()) {
            current = st;
            if (canceled) {
                throw canceledError();
            }
            st.execute(sql);
        } catch (SQLException e) {
            throw canceled ? canceledError() : EngineErrors.translate(e);
        } finally {
            current = null;
        }
    }

    void checkpoint() {
        if (canceled) {
            throw canceledError();
        }
    }

    boolean canceled() {
        return canceled;
    }

    void cancel() {
        canceled = true;
        Statement st = current;
        if (st != null) {
            try {
                st.cancel();
            } catch (SQLException e) {
                // The statement finished meanwhile; the next checkpoint stops the task.
            }
        }
    }

    private static io.cairndb.error.CairnException canceledError() {
        return new io.cairndb.error.CairnException(io.cairndb.error.ErrorCode.INTERNAL, "task canceled");
    }
}
