package io.cairndb.server.mysql;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SerialExecutorTest {
    /** A connection's later tasks include closing it: an Error in one task must not strand them. */
    @Test
    void aTaskFailingWithAnErrorDoesNotStallTheTasksAfterIt() {
        SerialExecutor executor = new SerialExecutor(Runnable::run);
        List<String> ran = new ArrayList<>();
        executor.execute(() -> {
            ran.add("first");
            throw new StackOverflowError(); // any Error; JUnit would abort the whole run on an OutOfMemoryError
        });
        executor.execute(() -> ran.add("second"));
        assertEquals(List.of("first", "second"), ran);
    }
}
