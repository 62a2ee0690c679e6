package org.ompdexplorer.importers.json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.AggregateDelta;
import org.ompdexplorer.model.diff.DiffNames;
import org.ompdexplorer.model.diff.DiffValue;
import org.ompdexplorer.model.diff.EntityDiff;
import org.ompdexplorer.model.diff.FieldChange;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.MatchMethod;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.StillBlocked;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a {@link SnapshotDiff} as the JSON report {@value #FORMAT} {@value #VERSION} (docs/diff-format.md, schema
 * {@code diff-v1.schema.json}): the inputs, warnings, counts per kind, what is still blocked, the changed entities
 * in tree order with their field changes, and task counts per region × task × lifecycle. Ids are numbers; a value
 * that does not exist (the A side of an added entity, an unknown pid) is left out, never null. Deterministic: the
 * same diff gives the same bytes. Text that could drive a terminal is escaped ({@link TerminalSafeEscapes}).
 */
public final class DiffJsonWriter {
    public static final String FORMAT = "ompd-explorer-diff";
    public static final String VERSION = "1.2";

    private final JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .characterEscapes(new TerminalSafeEscapes()).build();
    private final int max;
    private final boolean changesOnly;

    /**
     * @param max         the most still-blocked entries, changed entities and aggregate rows to list, each
     *                    (0 for all); how many were left out is written beside each list
     * @param changesOnly list only the aggregate rows whose count changed
     */
    public DiffJsonWriter(int max, boolean changesOnly) {
        this.max = max <= 0 ? Integer.MAX_VALUE : max;
        this.changesOnly = changesOnly;
    }

    /**
     * Writes the report of {@code diff} to {@code out}, which stays open.
     *
     * @param fileA    how A was named on the command line
     * @param warnings what to say before the results: the diff's own warnings and the caller's
     */
    public void write(SnapshotDiff diff, String fileA, String fileB, List<String> warnings, OutputStream out) {
        PrettyPrinter printer = new EntityPerLinePrinter();
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
            side(g, "a", fileA, diff.a());
            side(g, "b", fileB, diff.b());
            g.writeBooleanProperty("differ", diff.hasDifferences());
            g.writeBooleanProperty("hang", diff.hangs());
            g.writeArrayPropertyStart("warnings");
            warnings.forEach(g::writeString);
            g.writeEndArray();
            counts(g, diff);
            stillBlocked(g, diff);
            entities(g, diff);
            aggregates(g, diff);
            g.writeEndObject();
        }
        try {
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The name of a kind in the report, as the snapshot format names its sections: {@code parallelRegion}. */
    public static String kindName(EntityKind kind) {
        return switch (kind) {
            case ADDRESS_SPACE -> "addressSpace";
            case THREAD -> "thread";
            case PARALLEL_REGION -> "parallelRegion";
            case TASK -> "task";
            case TARGET_REGION -> "targetRegion";
            case SNAPSHOT -> "snapshot";
        };
    }

    private static void side(JsonGenerator g, String name, String file, Snapshot s) {
        CaptureInfo c = s.capture();
        g.writeObjectPropertyStart(name);
        g.writeStringProperty("file", file);
        g.writeStringProperty("source", c.source().name());
        optional(g, "program", c.program());
        if (c.pid() != null) {
            g.writeNumberProperty("pid", c.pid());
        }
        optional(g, "time", c.time() == null ? null : c.time().toString());
        optional(g, "label", c.label());
        g.writeEndObject();
    }

    private static void optional(JsonGenerator g, String name, String value) {
        if (value != null) {
            g.writeStringProperty(name, value);
        }
    }

    private static void counts(JsonGenerator g, SnapshotDiff diff) {
        g.writeObjectPropertyStart("counts");
        for (EntityKind kind : diff.reportedKinds()) {
            KindCounts c = diff.counts(kind);
            g.writeObjectPropertyStart(kindName(kind));
            g.writeNumberProperty("a", c.inA());
            g.writeNumberProperty("b", c.inB());
            g.writeNumberProperty("added", c.added());
            g.writeNumberProperty("removed", c.removed());
            g.writeNumberProperty("changed", c.changed());
            g.writeNumberProperty("unchanged", c.unchanged());
            g.writeObjectPropertyStart("matchedBy");
            for (MatchMethod m : MatchMethod.values()) { // enum order, not the map's: the same bytes every run
                Integer n = c.matchedBy().get(m);
                if (n != null) {
                    g.writeNumberProperty(m.jsonName(), n);
                }
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private void stillBlocked(JsonGenerator g, SnapshotDiff diff) {
        List<StillBlocked> all = diff.stillBlocked();
        g.writeArrayPropertyStart("stillBlocked");
        for (StillBlocked s : all.subList(0, Math.min(max, all.size()))) {
            g.writeStartObject();
            g.writeStringProperty("kind", kindName(s.kind()));
            g.writeNumberProperty("a", s.a().id());
            g.writeNumberProperty("b", s.b().id());
            labels(g, diff, s.a(), s.b());
            g.writeStringProperty("how", s.how().name().toLowerCase(Locale.ROOT));
            g.writeStringProperty("place", s.place());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberProperty("stillBlockedOmitted", Math.max(0, all.size() - max));
    }

    private void entities(JsonGenerator g, SnapshotDiff diff) {
        List<EntityDiff> all = diff.entries();
        g.writeArrayPropertyStart("entities");
        for (EntityDiff e : all.subList(0, Math.min(max, all.size()))) {
            g.writeStartObject();
            g.writeStringProperty("kind", kindName(e.kind()));
            g.writeStringProperty("change", e.change().label());
            if (e.a() != null) {
                g.writeNumberProperty("a", e.a().id());
            }
            if (e.b() != null) {
                g.writeNumberProperty("b", e.b().id());
            }
            if (e.method() != null) {
                g.writeStringProperty("matchedBy", e.method().jsonName());
            }
            labels(g, diff, e.a(), e.b());
            g.writeArrayPropertyStart("changes");
            e.changes().forEach(c -> change(g, c));
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberProperty("entitiesOmitted", Math.max(0, all.size() - max));
    }

    /** {@code label}: the name in A (in B when only B has it); {@code labelB}: B's name when it differs. */
    private static void labels(JsonGenerator g, SnapshotDiff diff, EntityRef a, EntityRef b) {
        String nameA = a == null ? null : DiffNames.of(diff.a(), a);
        String nameB = b == null ? null : DiffNames.of(diff.b(), b);
        g.writeStringProperty("label", nameA != null ? nameA : nameB);
        if (nameA != null && nameB != null && !nameA.equals(nameB)) {
            g.writeStringProperty("labelB", nameB);
        }
    }

    private static void change(JsonGenerator g, FieldChange c) {
        g.writeStartObject();
        g.writeStringProperty("field", c.field().jsonName());
        if (!c.qualifier().isEmpty()) {
            g.writeStringProperty("qualifier", c.qualifier());
        }
        g.writeStringProperty("before", c.before().text());
        g.writeStringProperty("after", c.after().text());
        ref(g, "beforeRef", c.before());
        ref(g, "afterRef", c.after());
        g.writeEndObject();
    }

    private static void ref(JsonGenerator g, String name, DiffValue value) {
        if (value.ref() != null) {
            g.writeObjectPropertyStart(name);
            g.writeStringProperty("kind", kindName(value.ref().kind()));
            g.writeNumberProperty("id", value.ref().id());
            g.writeEndObject();
        }
    }

    private void aggregates(JsonGenerator g, SnapshotDiff diff) {
        List<AggregateDelta> rows = changesOnly
                ? diff.aggregates().stream().filter(r -> r.delta() != 0).toList() : diff.aggregates();
        g.writeArrayPropertyStart("aggregates");
        for (AggregateDelta r : rows.subList(0, Math.min(max, rows.size()))) {
            g.writeStartObject();
            g.writeStringProperty("region", r.region());
            g.writeStringProperty("task", r.task());
            g.writeStringProperty("lifecycle", r.lifecycle());
            g.writeNumberProperty("a", r.inA());
            g.writeNumberProperty("b", r.inB());
            g.writeNumberProperty("delta", r.delta());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberProperty("aggregatesOmitted", Math.max(0, rows.size() - max));
    }
}
