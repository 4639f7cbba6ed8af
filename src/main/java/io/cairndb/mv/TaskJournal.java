package io.cairndb.mv;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The refresh tasks that began running and have not ended, in a file beside the database, so that a
 * task a crash cut short leaves a trace: the next start records it as FAILED. A line is appended when
 * a task starts (its record as JSON) and when it ends (its id). The appends are not forced to disk:
 * they survive the process dying, which is what a task's own transaction does not; a power cut may
 * lose them, and then only the trace is lost. In memory (no file) it keeps nothing.
 */
final class TaskJournal implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private final FileChannel channel;

    private TaskJournal(FileChannel channel) {
        this.channel = channel;
    }

    /** The journal in {@code file} (none when null), begun afresh. */
    static TaskJournal open(Path file) {
        if (file == null) {
            return new TaskJournal(null);
        }
        try {
            return new TaskJournal(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the task journal " + file, e);
        }
    }

    /** The tasks {@code file} says started and did not end (empty when there is no file), in start order. */
    static List<TaskRecord> interrupted(Path file) {
        if (file == null || !Files.exists(file)) {
            return List.of();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the task journal " + file, e);
        }
        Map<Long, TaskRecord> open = new LinkedHashMap<>();
        for (String line : lines) {
            try {
                if (line.startsWith("S ")) {
                    TaskRecord r = JSON.readValue(line.substring(2), TaskRecord.class);
                    open.put(r.taskId(), r);
                } else if (line.startsWith("E ")) {
                    open.remove(Long.parseLong(line.substring(2).trim()));
                }
            } catch (JsonProcessingException | NumberFormatException e) {
                // The last line, cut short by the crash: what was read before it stands.
                break;
            }
        }
        return new ArrayList<>(open.values());
    }

    void started(TaskRecord running) {
        try {
            append("S " + JSON.writeValueAsString(running));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    void ended(long taskId) {
        append("E " + taskId);
    }

    private void append(String line) {
        if (channel == null) {
            return;
        }
        ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        synchronized (this) {
            if (!channel.isOpen()) {
                // A task that ends after an orderly stop closed the journal: nothing is left to trace.
                return;
            }
            try {
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the task journal", e);
            }
        }
    }

    /** Closes the journal; after an orderly stop every task has ended, so it is emptied. */
    @Override
    public synchronized void close() {
        if (channel == null || !channel.isOpen()) {
            return;
        }
        try {
            channel.truncate(0);
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the task journal", e);
        }
    }
}
