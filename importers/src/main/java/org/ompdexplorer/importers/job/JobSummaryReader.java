package org.ompdexplorer.importers.job;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.callstack.FrameKey;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.JobSummary;
import org.ompdexplorer.model.job.RankState;
import org.ompdexplorer.model.job.RankSummary;
import org.ompdexplorer.model.job.ThreadSummary;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads a partial job summary written by {@link JobSummaryWriter} ({@code job --summarize}), plain or
 * gzip-compressed, streaming: frames, then states naming frames by index, then ranks naming states. Properties this
 * version does not know are skipped, so a newer 1.x summary reads.
 */
public final class JobSummaryReader {
    private final JsonFactory factory = new JsonFactory();

    /** Reads {@code path}; every failure names the file, the place (line:column) and the fix. */
    public JobSummary read(Path path) throws JobSummaryFormatException {
        String name = path.toString();
        try (InputStream in = open(path); JsonParser p = factory.createParser(ObjectReadContext.empty(), in)) {
            return new Parse(p, name).summary();
        } catch (JacksonException e) {
            throw new JobSummaryFormatException(name + ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr() + ": not a readable job summary (" + e.getOriginalMessage()
                    + ") — write it again with ompd-explorer job --summarize", e);
        } catch (IOException e) {
            throw new JobSummaryFormatException(name + ": cannot be read (" + e.getMessage()
                    + ") — check that it exists and is readable", e);
        }
    }

    private static InputStream open(Path path) throws IOException {
        BufferedInputStream in = new BufferedInputStream(Files.newInputStream(path));
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(in) : in;
    }

    /** One read of one file. */
    private static final class Parse {
        private final JsonParser p;
        private final String name;
        private final List<FrameKey> frames = new ArrayList<>();
        private final List<RankState> states = new ArrayList<>();
        private final JobSummary.Builder out = JobSummary.builder();

        Parse(JsonParser p, String name) {
            this.p = p;
            this.name = name;
        }

        JobSummary summary() throws JobSummaryFormatException {
            expect(p.nextToken(), JsonToken.START_OBJECT, "a JSON object");
            boolean format = false;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "format" -> {
                        if (!JobSummaryWriter.FORMAT.equals(p.getString())) {
                            throw fail("format is \"" + p.getString() + "\", not \"" + JobSummaryWriter.FORMAT
                                    + "\": not a job summary", "give a file written by ompd-explorer job --summarize");
                        }
                        format = true;
                    }
                    case "version" -> {
                        if (!p.getString().startsWith("1.")) {
                            throw fail("version " + p.getString() + " is newer than this build reads (1.x)",
                                    "read it with a newer ompd-explorer");
                        }
                    }
                    case "frames" -> array(this::frame);
                    case "states" -> array(this::state);
                    case "ranks" -> array(this::rank);
                    case "problems" -> array(this::problem);
                    default -> p.skipChildren();
                }
            }
            if (!format) {
                throw fail("no \"format\": not a job summary", "give a file written by ompd-explorer job --summarize");
            }
            return out.build();
        }

        private interface Item {
            void read() throws JobSummaryFormatException;
        }

        private void array(Item item) throws JobSummaryFormatException {
            expect(p.currentToken(), JsonToken.START_ARRAY, "an array");
            while (p.nextToken() == JsonToken.START_OBJECT) {
                item.read();
            }
            expect(p.currentToken(), JsonToken.END_ARRAY, "an object or the array's end");
        }

        private void frame() throws JobSummaryFormatException {
            String function = null;
            String file = null;
            String module = null;
            int line = 0;
            long offset = 0;
            boolean runtime = false;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "function" -> function = p.getString();
                    case "file" -> file = p.getString();
                    case "line" -> line = p.getIntValue();
                    case "module" -> module = p.getString();
                    case "offset" -> offset = p.getLongValue();
                    case "runtime" -> runtime = p.getBooleanValue();
                    default -> p.skipChildren();
                }
            }
            frames.add(runtime ? FrameKey.RUNTIME : new FrameKey(function, file, line, module, offset));
        }

        private void state() throws JobSummaryFormatException {
            List<ThreadSummary> threads = new ArrayList<>();
            TreeMap<String, Integer> tasks = new TreeMap<>();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "threads" -> array(() -> threads.add(thread()));
                    case "tasks" -> {
                        expect(p.currentToken(), JsonToken.START_OBJECT, "an object of counts");
                        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                            String key = p.currentName();
                            p.nextToken();
                            tasks.put(key, p.getIntValue());
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            states.add(new RankState(threads, tasks));
        }

        private ThreadSummary thread() throws JobSummaryFormatException {
            long thread = -1;
            String state = null;
            String wait = null;
            FrameKey where = null;
            List<FrameKey> stack = new ArrayList<>();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "thread" -> thread = p.getLongValue();
                    case "state" -> state = p.getString();
                    case "wait" -> wait = p.getString();
                    case "where" -> where = frameAt(p.getIntValue());
                    case "stack" -> {
                        expect(p.currentToken(), JsonToken.START_ARRAY, "an array of frame indices");
                        while (p.nextToken() == JsonToken.VALUE_NUMBER_INT) {
                            stack.add(frameAt(p.getIntValue()));
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (thread < 0) {
                throw fail("a thread without \"thread\"", "write the summary again with ompd-explorer job --summarize");
            }
            return new ThreadSummary(thread, state, wait, where, stack);
        }

        private void rank() throws JobSummaryFormatException {
            int rank = -1;
            Integer size = null;
            String job = null;
            String launcher = null;
            String host = null;
            String program = null;
            Instant time = null;
            String label = null;
            String file = null;
            RankState state = null;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "rank" -> rank = p.getIntValue();
                    case "size" -> size = p.getIntValue();
                    case "job" -> job = p.getString();
                    case "launcher" -> launcher = p.getString();
                    case "host" -> host = p.getString();
                    case "program" -> program = p.getString();
                    case "time" -> time = instant(p.getString());
                    case "label" -> label = p.getString();
                    case "file" -> file = p.getString();
                    case "state" -> state = stateAt(p.getIntValue());
                    default -> p.skipChildren();
                }
            }
            if (rank < 0 || file == null || state == null) {
                throw fail("a rank needs \"rank\" (0 or more), \"file\" and \"state\"",
                        "write the summary again with ompd-explorer job --summarize");
            }
            try {
                out.add(new RankSummary(new JobPlacement(rank, size, job, launcher), host, program, time, label, file,
                        state));
            } catch (IllegalArgumentException e) {
                throw fail(e.getMessage(), "write the summary again with ompd-explorer job --summarize");
            }
        }

        private void problem() throws JobSummaryFormatException {
            String file = null;
            String code = null;
            String message = null;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "file" -> file = p.getString();
                    case "code" -> code = p.getString();
                    case "message" -> message = p.getString();
                    default -> p.skipChildren();
                }
            }
            if (file == null || code == null || message == null) {
                throw fail("a problem needs \"file\", \"code\" and \"message\"",
                        "write the summary again with ompd-explorer job --summarize");
            }
            out.add(new JobProblem(file, code, message));
        }

        private FrameKey frameAt(int i) throws JobSummaryFormatException {
            if (i < 0 || i >= frames.size()) {
                throw fail("frame " + i + " is not among the " + frames.size() + " frames before it",
                        "write the summary again with ompd-explorer job --summarize");
            }
            return frames.get(i);
        }

        private RankState stateAt(int i) throws JobSummaryFormatException {
            if (i < 0 || i >= states.size()) {
                throw fail("state " + i + " is not among the " + states.size() + " states before it",
                        "write the summary again with ompd-explorer job --summarize");
            }
            return states.get(i);
        }

        private Instant instant(String text) throws JobSummaryFormatException {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw fail("time \"" + text + "\" is not an ISO-8601 instant", "write the summary again");
            }
        }

        private void expect(JsonToken actual, JsonToken wanted, String what) throws JobSummaryFormatException {
            if (actual != wanted) {
                throw fail("expected " + what + ", found " + (actual == null ? "the end of the file" : actual),
                        "write the summary again with ompd-explorer job --summarize");
            }
        }

        private JobSummaryFormatException fail(String what, String fix) {
            var at = p.currentLocation();
            return new JobSummaryFormatException(name + ":" + at.getLineNr() + ":" + at.getColumnNr() + ": " + what
                    + " — " + fix, null);
        }
    }
}
