package org.ompdexplorer.importers.recording;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingHeader;
import org.ompdexplorer.model.recording.RecordingLoss;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads a recording (docs/recording-format.md): NDJSON, plain or gzip-compressed, one line at a time into the
 * columns of a {@link Recording}. Lenient: a malformed event line is a located error and is skipped; a recording
 * without its trailer (the program was killed, the last line cut) is read up to its last whole line with one
 * warning; the trailer's dropped counts become warnings. Only a header it cannot read stops the load.
 */
public final class RecordingReader {
    /** The format this build writes and reads. */
    public static final String FORMAT = "ompd-explorer-recording";
    public static final int MAJOR = 1;
    public static final int MINOR = 1;
    private static final int MAX_ERRORS_SHOWN = 50;
    private final JsonFactory factory = JsonFactory.builder().build();

    /** Whether {@code file} starts like a recording (its first line names the format); false when unreadable. */
    public static boolean isRecording(Path file) {
        try (BufferedReader r = RecordingLines.open(file, null)) {
            String first = r.readLine();
            return first != null && first.contains("\"" + FORMAT + "\"");
        } catch (IOException e) {
            return false;
        }
    }

    public RecordingLoadResult read(Path file) throws InputUnreadableException, MalformedInputException,
            UnsupportedFormatException {
        String input = file.toString();
        List<Diagnostic> diagnostics = new ArrayList<>();
        RecordingLines.CutTolerant[] gzip = new RecordingLines.CutTolerant[1];
        try (BufferedReader r = RecordingLines.open(file, gzip)) {
            String first = r.readLine();
            if (first == null) {
                throw new MalformedInputException(input, List.of(Diagnostic.error("empty-recording",
                        "the recording is empty", "record the run again: it has no header line",
                        Location.inInput(input, 1, 1, "$"))), null);
            }
            RecordingHeader header = RecordingHeaderReader.read(factory, input, first, diagnostics);
            Recording.Builder b = new Recording.Builder(header);
            int lineNr = 1;
            int errors = 0;
            boolean trailer = false;
            String line;
            String pending = null;
            int pendingNr = 0;
            boolean cut = false;
            while ((line = r.readLine()) != null) {
                lineNr++;
                if (pending != null) {
                    errors += event(input, pendingNr, pending, b, diagnostics, errors) ? 0 : 1;
                }
                pending = line;
                pendingNr = lineNr;
            }
            boolean gzipCut = gzip[0] != null && gzip[0].cut; // what was decompressed is read
            if (pending != null) {
                if (gzipCut) {
                    cut = true; // the stream ends early: its last line is not known to be whole, nor its CRC right
                } else if (pending.isBlank()) {
                    pending = null;
                } else if (isTrailer(pending)) {
                    trailer = trailer(input, pendingNr, pending, b, diagnostics);
                } else if (parses(pending)) {
                    errors += event(input, pendingNr, pending, b, diagnostics, errors) ? 0 : 1;
                } else {
                    cut = true; // the last line was cut mid-way
                }
            }
            if (!trailer) {
                diagnostics.add(Diagnostic.warning("recording-cut", "the recording has no trailer" + (cut
                        ? " and its last line is cut" : "") + ": the run was read up to line " + (cut
                        ? pendingNr - 1 : pendingNr) + " (the program was killed, or the file is still written)",
                        "let the program end normally (or stop recording with the snapshot signal) to have all of it",
                        Location.inInput(input, pendingNr, 1, "$")));
            }
            if (errors > MAX_ERRORS_SHOWN) {
                diagnostics.add(Diagnostic.error("malformed-events", errors + " malformed event lines in all; the"
                        + " first " + MAX_ERRORS_SHOWN + " are shown", "check the program that wrote the recording",
                        Location.inInput(input, 0, 0, "$")));
            }
            return new RecordingLoadResult(RecordingSites.named(b.build()), diagnostics);
        } catch (IOException e) {
            throw new InputUnreadableException(input, "cannot read the recording: " + e.getMessage(), e);
        }
    }

    private boolean parses(String line) {
        try (JsonParser p = factory.createParser(ObjectReadContext.empty(), line)) {
            while (p.nextToken() != null) {
                // reads to the end: a cut line fails
            }
            return true;
        } catch (JacksonException e) {
            return false;
        }
    }

    private static boolean isTrailer(String line) {
        return line.contains("\"e\":\"end\"") || line.contains("\"e\": \"end\"");
    }

    /** Reads one event line into {@code b}; false (with a located error, the first few shown) when malformed. */
    private boolean event(String input, int lineNr, String line, Recording.Builder b, List<Diagnostic> out,
                          int errorsSoFar) {
        if (line.isBlank()) {
            return true;
        }
        RecordingEventLine e = new RecordingEventLine();
        String field = "$";
        try (JsonParser p = factory.createParser(ObjectReadContext.empty(), line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return bad(input, lineNr, 1, "$", "the line is not a JSON object", out, errorsSoFar);
            }
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                field = "$." + p.currentName();
                p.nextToken();
                e.field(p);
            }
            String problem = e.store(b);
            if (problem != null) {
                return bad(input, lineNr, 1, problem.startsWith("$") ? problem.substring(0, problem.indexOf(' '))
                        : "$", problem.startsWith("$") ? problem.substring(problem.indexOf(' ') + 1) : problem, out,
                        errorsSoFar);
            }
            return true;
        } catch (JacksonException ex) {
            return bad(input, lineNr, RecordingHeaderReader.column(ex), field, "not valid JSON: " + ex.getOriginalMessage(), out,
                    errorsSoFar);
        } catch (RecordingEventLine.BadValue ex) {
            return bad(input, lineNr, 1, field, ex.getMessage(), out, errorsSoFar);
        }
    }

    private static boolean bad(String input, int lineNr, int column, String path, String message,
                               List<Diagnostic> out, int errorsSoFar) {
        if (errorsSoFar < MAX_ERRORS_SHOWN) {
            out.add(Diagnostic.error("malformed-event", "event line " + lineNr + ": " + message + "; the line is"
                    + " skipped", "check the program that wrote the recording (docs/recording-format.md)",
                    Location.inInput(input, lineNr, column, path)));
        }
        return false;
    }

    private boolean trailer(String input, int lineNr, String line, Recording.Builder b, List<Diagnostic> out) {
        List<RecordingLoss> losses = new ArrayList<>();
        try (JsonParser p = factory.createParser(ObjectReadContext.empty(), line)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (name.equals("dropped") && v == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        String what = "events";
                        long count = 0;
                        String bound = null;
                        long thread = -1;
                        long from = -1;
                        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                            String f = p.currentName();
                            JsonToken fv = p.nextToken();
                            switch (f) {
                                case "what" -> what = p.getString();
                                case "count" -> count = p.getLongValue();
                                case "bound" -> bound = p.getString();
                                case "thread" -> thread = p.getLongValue();
                                case "from" -> from = p.getLongValue();
                                default -> {
                                    if (fv.isStructStart()) {
                                        p.skipChildren();
                                    }
                                }
                            }
                        }
                        losses.add(new RecordingLoss(what, count, bound, thread, from));
                    }
                } else if (v.isStructStart()) {
                    p.skipChildren();
                }
            }
        } catch (JacksonException ex) {
            bad(input, lineNr, RecordingHeaderReader.column(ex), "$", "the trailer is not valid JSON: " + ex.getOriginalMessage(), out, 0);
        }
        for (RecordingLoss l : losses) {
            out.add(Diagnostic.warning("events-dropped", l.describe() + ": the state after that moment misses them",
                    "record again with a larger bound" + (l.bound() == null ? "" : " than " + l.bound()),
                    Location.inInput(input, lineNr, 1, "$.dropped")));
        }
        b.trailer(losses);
        return true;
    }
}
