package org.ompdexplorer.importers.recording;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.recording.EventKind;
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
        try (BufferedReader r = open(file)) {
            String first = r.readLine();
            return first != null && first.contains("\"" + FORMAT + "\"");
        } catch (IOException e) {
            return false;
        }
    }

    /** A gzip stream that ends, rather than fails, where it was cut; says whether it was. */
    private static final class CutTolerant extends java.io.FilterInputStream {
        boolean cut;

        CutTolerant(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (cut) {
                return -1;
            }
            try {
                return super.read(b, off, len);
            } catch (EOFException | ZipException e) {
                cut = true;
                return -1;
            }
        }
    }

    private static BufferedReader open(Path file) throws IOException {
        return open(file, null);
    }

    private static BufferedReader open(Path file, CutTolerant[] gzip) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            CutTolerant c = new CutTolerant(new GZIPInputStream(in, 1 << 16));
            if (gzip != null) {
                gzip[0] = c;
            }
            in = c;
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    public RecordingLoadResult read(Path file) throws InputUnreadableException, MalformedInputException,
            UnsupportedFormatException {
        String input = file.toString();
        List<Diagnostic> diagnostics = new ArrayList<>();
        CutTolerant[] gzip = new CutTolerant[1];
        try (BufferedReader r = open(file, gzip)) {
            String first = r.readLine();
            if (first == null) {
                throw new MalformedInputException(input, List.of(Diagnostic.error("empty-recording",
                        "the recording is empty", "record the run again: it has no header line",
                        Location.inInput(input, 1, 1, "$"))), null);
            }
            RecordingHeader header = header(input, first, diagnostics);
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

    private RecordingHeader header(String input, String line, List<Diagnostic> diagnostics) throws MalformedInputException,
            UnsupportedFormatException {
        String format = null;
        String version = null;
        long start = 0;
        CaptureInfo capture = CaptureInfo.of(CaptureSource.OMPT_AGENT);
        RuntimeInfo runtime = RuntimeInfo.UNKNOWN;
        List<CodeModule> modules = List.of();
        try (JsonParser p = factory.createParser(ObjectReadContext.empty(), line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw notARecording(input, "line 1 is not a JSON object");
            }
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "format" -> format = p.getString();
                    case "version" -> version = p.getString();
                    case "start" -> start = p.getLongValue();
                    case "capture" -> capture = capture(p);
                    case "runtime" -> runtime = runtime(p);
                    case "modules" -> modules = RecordingModules.read(p, input, diagnostics);
                    default -> {
                        if (v.isStructStart()) {
                            p.skipChildren();
                        }
                    }
                }
            }
        } catch (JacksonException e) {
            throw new MalformedInputException(input, List.of(Diagnostic.error("malformed-header",
                    "the recording's header (line 1) is not valid JSON: " + e.getOriginalMessage(),
                    "check that the file is a recording of ompd-explorer's agent",
                    Location.inInput(input, 1, column(e), "$"))), e);
        }
        if (!FORMAT.equals(format)) {
            throw notARecording(input, "line 1 names format " + (format == null ? "none" : "\"" + format + "\""));
        }
        Diagnostic newer = checkVersion(input, version);
        if (newer != null) {
            diagnostics.add(newer);
        }
        return new RecordingHeader(version, capture, runtime, start, modules);
    }

    private static int column(JacksonException e) {
        return e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getColumnNr());
    }

    private static MalformedInputException notARecording(String input, String what) {
        return new MalformedInputException(input, List.of(Diagnostic.error("not-a-recording", what + ", not \""
                + FORMAT + "\"", "open a snapshot with `open`/`summary`, or record a run with the agent's record mode",
                Location.inInput(input, 1, 1, "$.format"))), null);
    }

    private static Diagnostic checkVersion(String input, String version) throws UnsupportedFormatException {
        String[] parts = version == null ? new String[0] : version.split("\\.");
        int major;
        int minor;
        try {
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        } catch (RuntimeException e) {
            throw new UnsupportedFormatException(input, Diagnostic.error("bad-version", "recording version \""
                    + version + "\" is not MAJOR.MINOR", "this build reads versions " + MAJOR + ".x",
                    Location.inInput(input, 1, 1, "$.version")));
        }
        if (major != MAJOR) {
            throw new UnsupportedFormatException(input, Diagnostic.error("unsupported-version", "recording format"
                    + " version " + version + " is not supported; this build reads versions " + MAJOR + ".0 to "
                    + MAJOR + "." + MINOR + " (and newer " + MAJOR + ".x with warnings)", major > MAJOR
                    ? "update OMPD Explorer to read it" : "record the run again with this build's agent",
                    Location.inInput(input, 1, 1, "$.version")));
        }
        return minor > MINOR ? Diagnostic.warning("newer-version", "recording format version " + version
                + " is newer than this build's " + MAJOR + "." + MINOR + "; fields it does not know are skipped",
                "update OMPD Explorer to see everything", Location.inInput(input, 1, 1, "$.version")) : null;
    }

    private static CaptureInfo capture(JsonParser p) {
        String source = "ompt-agent";
        String program = null;
        Long pid = null;
        String host = null;
        Instant time = null;
        String label = null;
        String producer = null;
        if (p.currentToken() != JsonToken.START_OBJECT) {
            return CaptureInfo.of(CaptureSource.OMPT_AGENT);
        }
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "source" -> source = p.getString();
                case "program" -> program = p.getString();
                case "pid" -> pid = v.isNumeric() ? p.getLongValue() : null;
                case "host" -> host = p.getString();
                case "label" -> label = p.getString();
                case "producer" -> producer = p.getString();
                case "time" -> {
                    try {
                        time = Instant.parse(p.getString());
                    } catch (DateTimeParseException | NullPointerException e) {
                        time = null;
                    }
                }
                default -> {
                    if (v.isStructStart()) {
                        p.skipChildren();
                    }
                }
            }
        }
        return new CaptureInfo(CaptureSource.of(source), program, pid, host, time, label, null, producer);
    }

    private static RuntimeInfo runtime(JsonParser p) {
        Fact<Long> ompVersion = Fact.absent();
        Fact<String> ompVersionString = Fact.absent();
        if (p.currentToken() != JsonToken.START_OBJECT) {
            return RuntimeInfo.UNKNOWN;
        }
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if (name.equals("ompVersion") && v.isNumeric()) {
                ompVersion = Fact.of(p.getLongValue());
            } else if (name.equals("ompVersionString") && v == JsonToken.VALUE_STRING) {
                ompVersionString = Fact.of(p.getString());
            } else if (v.isStructStart()) {
                p.skipChildren();
            }
        }
        return new RuntimeInfo(ompVersion, ompVersionString, Fact.absent(), Fact.absent());
    }

    /** Reads one event line into {@code b}; false (with a located error, the first few shown) when malformed. */
    private boolean event(String input, int lineNr, String line, Recording.Builder b, List<Diagnostic> out,
                          int errorsSoFar) {
        if (line.isBlank()) {
            return true;
        }
        EventLine e = new EventLine();
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
            return bad(input, lineNr, column(ex), field, "not valid JSON: " + ex.getOriginalMessage(), out,
                    errorsSoFar);
        } catch (EventLine.BadValue ex) {
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
            bad(input, lineNr, column(ex), "$", "the trailer is not valid JSON: " + ex.getOriginalMessage(), out, 0);
        }
        for (RecordingLoss l : losses) {
            out.add(Diagnostic.warning("events-dropped", l.describe() + ": the state after that moment misses them",
                    "record again with a larger bound" + (l.bound() == null ? "" : " than " + l.bound()),
                    Location.inInput(input, lineNr, 1, "$.dropped")));
        }
        b.trailer(losses);
        return true;
    }

    /** The fields of one event line as read, before it is stored by kind. */
    private static final class EventLine {
        String e;
        long t = -1;
        long th = -1;
        long task = Recording.NONE;
        long region = Recording.NONE;
        long gen = Recording.NONE;
        long from = Recording.NONE;
        long to = Recording.NONE;
        long prior = Recording.NONE;
        long next = Recording.NONE;
        long target = Recording.NONE;
        long site;
        int requested = -1;
        int num = -1;
        int size = -1;
        int device = -1;
        boolean initial;
        String kind;
        String status;
        String label;
        String file;
        List<String> flags = List.of();
        List<Dependence> deps = List.of();

        /** A value of the wrong type or form, with what is wrong. */
        static final class BadValue extends RuntimeException {
            BadValue(String message) {
                super(message, null, false, false);
            }
        }

        void field(JsonParser p) {
            String name = p.currentName();
            switch (name) {
                case "e" -> e = string(p, name);
                case "t" -> t = number(p, name);
                case "th" -> th = number(p, name);
                case "task" -> task = number(p, name);
                case "region" -> region = number(p, name);
                case "gen" -> gen = number(p, name);
                case "from" -> from = number(p, name);
                case "to" -> to = number(p, name);
                case "prior" -> prior = number(p, name);
                case "next" -> next = number(p, name);
                case "target" -> target = number(p, name);
                case "requested" -> requested = (int) number(p, name);
                case "num" -> num = (int) number(p, name);
                case "size" -> size = (int) number(p, name);
                case "device" -> device = (int) number(p, name);
                case "initial" -> initial = p.currentToken() == JsonToken.VALUE_TRUE;
                case "kind" -> kind = string(p, name);
                case "status" -> status = string(p, name);
                case "label" -> label = string(p, name);
                case "file" -> file = string(p, name);
                case "site" -> site = p.currentToken() == JsonToken.VALUE_NULL ? 0 : hex(string(p, name), name);
                case "flags" -> flags = flags(p);
                case "deps" -> deps = deps(p);
                default -> {
                    if (p.currentToken().isStructStart()) {
                        p.skipChildren(); // a field a newer format adds
                    }
                }
            }
        }

        private static String string(JsonParser p, String name) {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw new BadValue(name + " must be a string, not " + p.currentToken().asString());
            }
            return p.getString();
        }

        private static long number(JsonParser p, String name) {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
                throw new BadValue(name + " must be an integer, not " + (p.currentToken().asString() == null
                        ? p.currentToken().name().toLowerCase() : p.currentToken().asString()));
            }
            return p.getLongValue();
        }

        private static long hex(String s, String name) {
            try {
                if (s.startsWith("0x") || s.startsWith("0X")) {
                    return Long.parseUnsignedLong(s.substring(2), 16);
                }
            } catch (NumberFormatException ex) {
                // the message below
            }
            throw new BadValue(name + " \"" + s + "\" is not a hex address like \"0x401136\"");
        }

        private static List<String> flags(JsonParser p) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw new BadValue("flags must be an array of names");
            }
            List<String> out = new ArrayList<>(4);
            while (p.nextToken() == JsonToken.VALUE_STRING) {
                out.add(p.getString());
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
                throw new BadValue("flags must be an array of names");
            }
            return out;
        }

        private static List<Dependence> deps(JsonParser p) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw new BadValue("deps must be an array of {\"addr\",\"type\"}");
            }
            List<Dependence> out = new ArrayList<>(2);
            while (p.nextToken() == JsonToken.START_OBJECT) {
                long addr = 0;
                String type = null;
                while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                    String f = p.currentName();
                    p.nextToken();
                    if (f.equals("addr")) {
                        addr = hex(string(p, "deps.addr"), "deps.addr");
                    } else if (f.equals("type")) {
                        type = string(p, "deps.type");
                    } else if (p.currentToken().isStructStart()) {
                        p.skipChildren();
                    }
                }
                if (type == null) {
                    throw new BadValue("a dependence has no type");
                }
                out.add(new Dependence(DependenceType.of(type), addr));
            }
            return out;
        }

        /** Stores the event; a problem ({@code $.field what}) when a field it needs is missing. */
        String store(Recording.Builder b) {
            if (e == null) {
                return "$.e missing: every event names its kind";
            }
            if (t < 0) {
                return "$.t missing or negative: every event has its time";
            }
            if (th < 0) {
                return "$.th missing: every event names its thread";
            }
            EventKind k = EventKind.ofWireName(e);
            if (k == null) {
                return "$.e unknown event kind \"" + e + "\"";
            }
            switch (k) {
                case THREAD_BEGIN -> b.threadBegin(t, th, kind);
                case THREAD_END -> b.threadEnd(t, th);
                case PARALLEL_BEGIN -> {
                    if (region == Recording.NONE) {
                        return "$.region missing";
                    }
                    b.parallelBegin(t, th, region, task, requested, site);
                }
                case PARALLEL_END -> {
                    if (region == Recording.NONE) {
                        return "$.region missing";
                    }
                    b.parallelEnd(t, th, region);
                }
                case IMPLICIT_BEGIN -> {
                    if (task == Recording.NONE) {
                        return "$.task missing";
                    }
                    b.implicitBegin(t, th, task, region, num, size, initial);
                }
                case IMPLICIT_END -> b.implicitEnd(t, th, task);
                case TASK_CREATE -> {
                    if (task == Recording.NONE) {
                        return "$.task missing";
                    }
                    b.taskCreate(t, th, task, gen, site, flags, deps);
                }
                case TASK_DEP -> {
                    if (from == Recording.NONE || to == Recording.NONE) {
                        return "$." + (from == Recording.NONE ? "from" : "to") + " missing";
                    }
                    b.taskDependence(t, th, from, to);
                }
                case SCHEDULE -> {
                    if (status == null) {
                        return "$.status missing";
                    }
                    b.schedule(t, th, prior, status, next);
                }
                case SYNC_BEGIN, SYNC_END, WAIT_BEGIN, WAIT_END -> {
                    if (kind == null) {
                        return "$.kind missing";
                    }
                    b.sync(t, th, k, kind, task, site);
                }
                case TARGET_BEGIN, TARGET_END -> b.target(t, th, k, target, device, kind, task, site);
                case SNAPSHOT -> b.snapshot(t, th, label, file);
            }
            return null;
        }
    }
}
