package org.ompdexplorer.importers.job;

import java.io.OutputStream;
import org.ompdexplorer.importers.json.TerminalSafeEscapes;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.job.RankClass;
import org.ompdexplorer.model.job.RankStacks;
import org.ompdexplorer.model.job.SeriesStep;
import org.ompdexplorer.model.job.ThreadSummary;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultPrettyPrinter;

/**
 * Writes {@link JobFindings} as the JSON report {@value #FORMAT} {@value #VERSION} (docs/job-format.md, schema
 * {@code job-v1.schema.json}): the job, the outliers, the classes largest first, the merged stacks with rank sets,
 * the series and the problems. Rank sets are compressed lists ({@code "0-16,18-255"}); a value not known is left
 * out, never null. Deterministic; text that could drive a terminal is escaped.
 */
public final class JobJsonWriter {
    public static final String FORMAT = "ompd-explorer-job";
    public static final String VERSION = "1.0";

    private final JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .characterEscapes(new TerminalSafeEscapes()).build();

    /** Writes the report to {@code out}, which stays open. */
    public void write(JobFindings f, OutputStream out) {
        PrettyPrinter printer = new DefaultPrettyPrinter();
        ObjectWriteContext context = new ObjectWriteContext.Base() {
            @Override
            public PrettyPrinter getPrettyPrinter() {
                return printer;
            }

            @Override
            public boolean hasPrettyPrinter() {
                return true;
            }
        };
        try (JsonGenerator g = factory.createGenerator(context, out)) {
            g.writeStartObject();
            g.writeStringProperty("format", FORMAT);
            g.writeStringProperty("version", VERSION);
            g.writeName("job");
            g.writeStartObject();
            optional(g, "id", f.jobId());
            optional(g, "program", f.program());
            if (f.size() != null) {
                g.writeNumberProperty("size", f.size());
            }
            g.writeStringProperty("ranks", f.ranks().toString());
            g.writeNumberProperty("rankCount", f.rankCount());
            g.writeNumberProperty("moments", f.moments());
            g.writeEndObject();
            g.writeName("outliers");
            g.writeStartArray();
            for (String s : f.outliers()) {
                g.writeString(s);
            }
            g.writeEndArray();
            g.writeName("classes");
            g.writeStartArray();
            for (RankClass c : f.classes()) {
                rankClass(g, c);
            }
            g.writeEndArray();
            g.writeName("stacks");
            node(g, f.stacks());
            g.writeName("series");
            g.writeStartArray();
            for (SeriesStep s : f.series()) {
                g.writeStartObject();
                g.writeNumberProperty("from", s.from());
                g.writeNumberProperty("to", s.to());
                g.writeStringProperty("moved", s.moved().toString());
                g.writeStringProperty("still", s.still().toString());
                g.writeStringProperty("sentence", s.sentence());
                g.writeEndObject();
            }
            g.writeEndArray();
            JobJson.problems(g, f.problems());
            g.writeEndObject();
        }
    }

    private static void rankClass(JsonGenerator g, RankClass c) {
        g.writeStartObject();
        g.writeStringProperty("ranks", c.ranks().toString());
        g.writeNumberProperty("count", c.size());
        g.writeName("representative");
        g.writeStartObject();
        g.writeNumberProperty("rank", c.representative().rank());
        g.writeStringProperty("file", c.representative().file());
        optional(g, "host", c.representative().host());
        g.writeEndObject();
        g.writeName("threads");
        g.writeStartArray();
        for (ThreadSummary t : c.state().threads()) {
            g.writeStartObject();
            g.writeNumberProperty("thread", t.thread());
            optional(g, "state", t.state());
            optional(g, "wait", t.waitKind());
            optional(g, "where", t.where() == null ? null : t.where().display());
            g.writeStringProperty("phrase", t.phrase());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeName("tasks");
        g.writeStartObject();
        for (String key : c.state().orderedKeys()) {
            g.writeNumberProperty(key, c.state().tasks().get(key));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void node(JsonGenerator g, RankStacks.Node n) {
        g.writeStartObject();
        if (!n.isRoot()) {
            g.writeStringProperty("frame", n.key().display());
            if (n.key().isRuntimeFold()) {
                g.writeBooleanProperty("runtime", true);
            }
        }
        g.writeStringProperty("ranks", n.ranks().toString());
        g.writeNumberProperty("threads", n.threads());
        if (!n.ending().isEmpty()) {
            g.writeStringProperty("ending", n.ending().toString());
        }
        g.writeName("children");
        g.writeStartArray();
        for (RankStacks.Node c : n.children()) {
            node(g, c);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void optional(JsonGenerator g, String name, String value) {
        JobJson.optional(g, name, value);
    }
}
