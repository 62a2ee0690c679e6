package org.ompdexplorer.importers.job;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ompdexplorer.importers.json.TerminalSafeEscapes;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.callstack.FrameKey;
import org.ompdexplorer.model.job.JobSummary;
import org.ompdexplorer.model.job.RankState;
import org.ompdexplorer.model.job.RankSummary;
import org.ompdexplorer.model.job.ThreadSummary;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a {@link JobSummary} as a partial summary, {@value #FORMAT} {@value #VERSION} (docs/job-format.md, schema
 * {@code job-v1.schema.json}): each distinct place in the code once ({@code frames}), each distinct rank state once
 * ({@code states}, frames by index), then every rank snapshot naming its state, then the problems. A job whose
 * ranks are alike is a few hundred bytes a rank. {@code ompd-explorer job} reads it back as it reads snapshots
 * ({@link JobSummaryReader}); the same summary gives the same bytes.
 */
public final class JobSummaryWriter {
    public static final String FORMAT = "ompd-explorer-job-summary";
    public static final String VERSION = "1.0";

    private final JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .characterEscapes(new TerminalSafeEscapes()).build();

    /** Writes {@code summary} to {@code target} through {@link OutputFile}, never over one of {@code inputs}. */
    public void write(JobSummary summary, Path target, Collection<Path> inputs) throws OutputException {
        OutputFile.write(target, inputs, out -> write(summary, out));
    }

    /** Writes {@code summary} to a stream, which stays open. */
    public void write(JobSummary summary, OutputStream out) {
        Map<FrameKey, Integer> frames = new LinkedHashMap<>();
        Map<RankState, Integer> states = new LinkedHashMap<>();
        Map<RankState, Integer> seen = new IdentityHashMap<>();
        for (RankSummary r : summary.ranks()) {
            if (seen.putIfAbsent(r.state(), 0) == null && !states.containsKey(r.state())) {
                states.put(r.state(), states.size());
                for (ThreadSummary t : r.state().threads()) {
                    if (t.where() != null) {
                        frames.putIfAbsent(t.where(), frames.size());
                    }
                    t.stack().forEach(k -> frames.putIfAbsent(k, frames.size()));
                }
            }
        }
        try (JsonGenerator g = factory.createGenerator(ObjectWriteContext.empty(), out)) {
            g.writeStartObject();
            g.writeStringProperty("format", FORMAT);
            g.writeStringProperty("version", VERSION);
            g.writeName("frames");
            g.writeStartArray();
            for (FrameKey k : frames.keySet()) {
                frame(g, k);
            }
            g.writeEndArray();
            g.writeName("states");
            g.writeStartArray();
            for (RankState s : states.keySet()) {
                state(g, s, frames);
            }
            g.writeEndArray();
            g.writeName("ranks");
            g.writeStartArray();
            for (RankSummary r : summary.ranks()) {
                rank(g, r, states.get(r.state()));
            }
            g.writeEndArray();
            JobJson.problems(g, summary.problems());
            g.writeEndObject();
        }
    }

    private static void frame(JsonGenerator g, FrameKey k) {
        g.writeStartObject();
        optional(g, "function", k.function());
        optional(g, "file", k.file());
        if (k.line() > 0) {
            g.writeNumberProperty("line", k.line());
        }
        optional(g, "module", k.module());
        if (k.function() == null) {
            g.writeNumberProperty("offset", k.offset());
        }
        if (k.isRuntimeFold()) {
            g.writeBooleanProperty("runtime", true);
        }
        g.writeEndObject();
    }

    private static void state(JsonGenerator g, RankState s, Map<FrameKey, Integer> frames) {
        g.writeStartObject();
        g.writeName("threads");
        g.writeStartArray();
        for (ThreadSummary t : s.threads()) {
            g.writeStartObject();
            g.writeNumberProperty("thread", t.thread());
            optional(g, "state", t.state());
            optional(g, "wait", t.waitKind());
            if (t.where() != null) {
                g.writeNumberProperty("where", frames.get(t.where()));
            }
            g.writeName("stack");
            g.writeStartArray();
            for (FrameKey k : t.stack()) {
                g.writeNumber(frames.get(k));
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeName("tasks");
        g.writeStartObject();
        for (Map.Entry<String, Integer> e : s.tasks().entrySet()) {
            g.writeNumberProperty(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void rank(JsonGenerator g, RankSummary r, int state) {
        JobPlacement p = r.placement();
        g.writeStartObject();
        g.writeNumberProperty("rank", p.rank());
        if (p.size() != null) {
            g.writeNumberProperty("size", p.size());
        }
        optional(g, "job", p.jobId());
        optional(g, "launcher", p.launcher());
        optional(g, "host", r.host());
        optional(g, "program", r.program());
        optional(g, "time", r.time() == null ? null : r.time().toString());
        optional(g, "label", r.label());
        g.writeStringProperty("file", r.file());
        g.writeNumberProperty("state", state);
        g.writeEndObject();
    }

    private static void optional(JsonGenerator g, String name, String value) {
        JobJson.optional(g, name, value);
    }
}
