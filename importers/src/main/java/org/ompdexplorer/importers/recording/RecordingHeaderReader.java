package org.ompdexplorer.importers.recording;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.recording.RecordingHeader;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * A recording's header (line 1): its format and version, checked against what this build reads, the capture,
 * the runtime and the module map of the recorded sites.
 */
final class RecordingHeaderReader {
    private RecordingHeaderReader() {
    }

    static RecordingHeader read(JsonFactory factory, String input, String line, List<Diagnostic> diagnostics) throws MalformedInputException,
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
        if (!RecordingReader.FORMAT.equals(format)) {
            throw notARecording(input, "line 1 names format " + (format == null ? "none" : "\"" + format + "\""));
        }
        Diagnostic newer = checkVersion(input, version);
        if (newer != null) {
            diagnostics.add(newer);
        }
        return new RecordingHeader(version, capture, runtime, start, modules);
    }

    static int column(JacksonException e) {
        return e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getColumnNr());
    }

    private static MalformedInputException notARecording(String input, String what) {
        return new MalformedInputException(input, List.of(Diagnostic.error("not-a-recording", what + ", not \""
                + RecordingReader.FORMAT + "\"", "open a snapshot with `open`/`summary`, or record a run with the agent's record mode",
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
                    + version + "\" is not RecordingReader.MAJOR.MINOR", "this build reads versions " + RecordingReader.MAJOR + ".x",
                    Location.inInput(input, 1, 1, "$.version")));
        }
        if (major != RecordingReader.MAJOR) {
            throw new UnsupportedFormatException(input, Diagnostic.error("unsupported-version", "recording format"
                    + " version " + version + " is not supported; this build reads versions " + RecordingReader.MAJOR + ".0 to "
                    + RecordingReader.MAJOR + "." + RecordingReader.MINOR + " (and newer " + RecordingReader.MAJOR + ".x with warnings)", major > RecordingReader.MAJOR
                    ? "update OMPD Explorer to read it" : "record the run again with this build's agent",
                    Location.inInput(input, 1, 1, "$.version")));
        }
        return minor > RecordingReader.MINOR ? Diagnostic.warning("newer-version", "recording format version " + version
                + " is newer than this build's " + RecordingReader.MAJOR + "." + RecordingReader.MINOR + "; fields it does not know are skipped",
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
}
