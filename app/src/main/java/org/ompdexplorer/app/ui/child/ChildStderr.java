package org.ompdexplorer.app.ui.child;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * Reads what the child writes on its standard error, which goes to a file so that the child never blocks on a
 * full pipe: {@code progress PHASE DONE TOTAL} lines become progress, {@code ompd-explorer: …} is the failure
 * message, {@code LOCATION: warning: …} lines are the import's diagnostics, and the last other lines are kept
 * for a child that failed without saying why (a JVM that could not start).
 */
final class ChildStderr {
    static final String MESSAGE_PREFIX = "ompd-explorer: ";
    private static final Pattern PROGRESS = Pattern.compile("^progress (\\S+) (-?\\d+) (-?\\d+)$");
    private static final Pattern DIAGNOSTIC = Pattern.compile("^(.*?): (error|warning|info): (.*)$");
    private static final String FIX_SEPARATOR = " — ";
    private static final int KEPT_LINES = 20;
    private static final int KEPT_DIAGNOSTICS = 10_000;

    private final Path file;
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final Deque<String> lastLines = new ArrayDeque<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private long position;
    private String message;
    private String lastProgress = "";

    ChildStderr(Path file) {
        this.file = file;
    }

    /** Reads what was written since the last call, reporting progress lines to {@code context}. */
    void readNew(JobContext context) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            channel.position(position);
            int n;
            while ((n = channel.read(buffer.clear())) > 0) {
                position += n;
                buffer.flip();
                while (buffer.hasRemaining()) {
                    byte b = buffer.get();
                    if (b == '\n') {
                        accept(line.toString(StandardCharsets.UTF_8), context);
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
            }
        }
    }

    /** Reads the rest after the child ended, including a last line without a newline. */
    void finish(JobContext context) throws IOException {
        readNew(context);
        if (line.size() > 0) {
            accept(line.toString(StandardCharsets.UTF_8), context);
            line.reset();
        }
    }

    private void accept(String text, JobContext context) {
        String s = text.strip();
        if (s.isEmpty()) {
            return;
        }
        Matcher p = PROGRESS.matcher(s);
        if (p.matches()) {
            String phase = p.group(1).replace('_', ' ');
            long done = Long.parseLong(p.group(2));
            long total = Long.parseLong(p.group(3));
            lastProgress = total > 0 ? phase + " " + done + "/" + total : phase;
            context.progress(phase, done, total);
            return;
        }
        if (s.startsWith(MESSAGE_PREFIX)) {
            message = s.substring(MESSAGE_PREFIX.length()).strip();
            return;
        }
        Matcher d = DIAGNOSTIC.matcher(s);
        if (d.matches()) {
            if (diagnostics.size() < KEPT_DIAGNOSTICS) {
                diagnostics.add(diagnostic(d.group(1), d.group(2), d.group(3)));
            }
            return;
        }
        lastLines.addLast(s);
        if (lastLines.size() > KEPT_LINES) {
            lastLines.removeFirst();
        }
    }

    /** A diagnostic line as {@link Diagnostic#format()} wrote it, read back. */
    private static Diagnostic diagnostic(String where, String severity, String rest) {
        int fixAt = rest.lastIndexOf(FIX_SEPARATOR);
        String message = fixAt < 0 ? rest : rest.substring(0, fixAt);
        String fix = fixAt < 0 ? "" : rest.substring(fixAt + FIX_SEPARATOR.length());
        Location location = "(no location)".equals(where) ? Location.NOWHERE : Location.inInput(where, 0, 0, null);
        return new Diagnostic(Severity.valueOf(severity.toUpperCase(java.util.Locale.ROOT)), "import-core", message,
                fix, location);
    }

    /** The last progress the child reported ("reading threads 3/64"), or empty. */
    String lastProgress() {
        return lastProgress;
    }

    /** The child's {@code ompd-explorer: …} message, without the prefix. */
    Optional<String> message() {
        return Optional.ofNullable(message);
    }

    /** The diagnostics the child reported, in order. */
    List<Diagnostic> diagnostics() {
        return List.copyOf(diagnostics);
    }

    /** The last lines that were neither progress, message nor diagnostic (at most 20). */
    List<String> lastLines() {
        return List.copyOf(lastLines);
    }
}
