package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import androidx.tracing.wire.protos.MutableCounterDescriptor;
import androidx.tracing.wire.protos.MutableTracePacket;
import androidx.tracing.wire.protos.MutableTrackDescriptor;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.ompdexplorer.importers.recording.HandWrittenRuns.Shape;
import org.ompdexplorer.importers.recording.perfetto.PerfettoTraceWriter;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck;
import org.ompdexplorer.importers.testfixtures.PublishedPerfettoSchema;
import org.ompdexplorer.importers.testfixtures.PublishedPerfettoSchema.Begin;
import org.ompdexplorer.model.recording.Recording;

/**
 * Our Perfetto traces read by Perfetto's published protos ({@code androidx.tracing:tracing-wire}, Wire's classes
 * generated from a subset of perfetto_trace.proto): every field we write is one the schema has, but for exactly the
 * three fields newer than that subset, and the schema reads the tracks, slices, instants, counters, flows and interned
 * names that our own wire-level reader ({@link PerfettoTraceCheck}) reads.
 */
class PerfettoSchemaTest {
    /** The fields we write that the published subset lacks: TrackEvent's name_iid and terminating_flow_ids (10, 48),
     * InternedData's debug_annotation_names (3). Any other unknown field fails. */
    private static final Map<String, Set<Integer>> NEWER = Map.of("TrackEvent", Set.of(10, 48),
            "InternedData", Set.of(3));

    @TempDir
    Path dir;

    @Test
    void everyFieldWeWriteIsInThePublishedSchemaButTheThreeNewerOnes() throws Exception {
        Map<String, Set<Integer>> all = new TreeMap<>();
        Set<String> walked = new TreeSet<>();
        for (Shape shape : Shape.values()) {
            PublishedPerfettoSchema s = PublishedPerfettoSchema.read(trace(shape));
            walked.addAll(s.messages().keySet());
            Map<String, Set<Integer>> unknown = s.unknownFields();
            assertThat(unknown.keySet()).as(shape.name()).isSubsetOf(NEWER.keySet());
            unknown.forEach((type, fields) -> assertThat(fields).as(shape + " " + type).isSubsetOf(NEWER.get(type)));
            unknown.forEach((type, fields) -> all.computeIfAbsent(type, k -> new TreeSet<>()).addAll(fields));
        }
        assertThat(all).as("the newer fields, all written by some shape").isEqualTo(NEWER);
        assertThat(walked).as("every message type we write, walked").containsExactlyInAnyOrder("Trace",
                "TracePacket", "TrackDescriptor", "ProcessDescriptor", "ThreadDescriptor", "CounterDescriptor",
                "TrackEvent", "DebugAnnotation", "InternedData", "EventName");
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void thePublishedSchemaReadsWhatOurWireLevelCheckReads(Shape shape) throws Exception {
        byte[] bytes = trace(shape);
        sameReading(PublishedPerfettoSchema.read(bytes), PerfettoTraceCheck.read(bytes));
    }

    @Test
    void theDescriptorsAndFlowsAreWhatWeMeantInThePublishedClasses() throws Exception {
        PublishedPerfettoSchema s = PublishedPerfettoSchema.read(trace(Shape.DEPENDENCE));
        List<MutableTracePacket> packets = s.packets();
        assertThat(packets.getFirst().getSequence_flags()
                & MutableTracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED.getValue()).isNotZero();
        assertThat(packets).extracting(MutableTracePacket::getTrusted_packet_sequence_id).containsOnly(1);
        List<MutableTrackDescriptor> described = packets.stream().map(MutableTracePacket::getTrack_descriptor)
                .filter(Objects::nonNull).toList();
        assertThat(described).filteredOn(d -> d.getProcess() != null).singleElement().satisfies(d -> {
            assertThat(d.getProcess().getPid()).isEqualTo(4242);
            assertThat(d.getProcess().getCmdline()).containsExactly("/home/t/deps");
        });
        assertThat(described).filteredOn(d -> d.getThread() != null)
                .extracting(d -> d.getThread().getPid() + " " + d.getThread().getTid() + " "
                        + d.getThread().getThread_name())
                .containsExactly("4242 1 thread 1 (initial)", "4242 2 thread 2 (worker)");
        assertThat(described).filteredOn(d -> d.getCounter() != null).singleElement().satisfies(d -> {
            assertThat(d.getName()).isEqualTo("tasks queued");
            assertThat(d.getCounter().getUnit()).isEqualTo(MutableCounterDescriptor.Unit.UNIT_COUNT);
        });
        assertThat(s.eventTypes()).containsOnlyKeys("TYPE_SLICE_BEGIN", "TYPE_SLICE_END", "TYPE_INSTANT",
                "TYPE_COUNTER");

        long thread2 = s.tracks().stream().filter(t -> t.thread() && t.tid() == 2).findFirst().orElseThrow().uuid();
        PerfettoTraceCheck.Instant released = s.instants().stream()
                .filter(i -> i.name().equals("dependences released")).findFirst().orElseThrow();
        assertThat(released.track()).isEqualTo(thread2);
        assertThat(released.flows()).hasSize(1);
        Begin six = s.begins().stream().filter(b -> b.name().startsWith("task 6")).findFirst().orElseThrow();
        assertThat(six.terminating()).containsExactly(6L, released.flows().getFirst());
        assertThat(six.args()).containsEntry("task", 6L).containsEntry("dependences", "in 0x7ffd10");
    }

    @Test
    void aRecordedLessonReadsTheSameThroughThePublishedSchema() throws Exception {
        Path source = Path.of("../scripts/lessons/task-dependences.c").toAbsolutePath().normalize();
        Path exe = AgentCaptures.compile(source, dir.resolve("task-dependences"), "-O0", "-g");
        Path out = dir.resolve("out");
        AgentCaptures.capture(exe, out, Map.of("OMPD_EXPLORER_RECORD", "1", "OMPD_EXPLORER_SIGNAL", "none"));
        Path file;
        try (Stream<Path> files = Files.list(out)) {
            file = files.filter(p -> p.getFileName().toString().contains("recording")).findFirst().orElseThrow();
        }
        byte[] bytes = write(new RecordingReader().read(file).recording());
        PublishedPerfettoSchema s = PublishedPerfettoSchema.read(bytes);

        assertThat(s.unknownFields().keySet()).isSubsetOf(NEWER.keySet());
        s.unknownFields().forEach((type, fields) -> assertThat(fields).as(type).isSubsetOf(NEWER.get(type)));
        sameReading(s, PerfettoTraceCheck.read(bytes));
        assertThat(s.begins()).as("the lesson's tasks ran").anySatisfy(b -> assertThat(b.name()).startsWith("task "));
    }

    /** The published schema's reading equals our own check's, record for record. */
    private static void sameReading(PublishedPerfettoSchema s, PerfettoTraceCheck c) {
        assertThat(s.messages().get("TracePacket")).isEqualTo(c.packets());
        assertThat(s.tracks()).containsExactlyElementsOf(c.tracks().values());
        assertThat(s.begins()).containsExactlyInAnyOrderElementsOf(c.slices().stream()
                .map(x -> new Begin(x.track(), x.name(), x.begin(), x.args(), x.flows(), x.terminating())).toList());
        assertThat(s.instants()).containsExactlyElementsOf(c.instants());
        assertThat(s.counters()).containsExactlyElementsOf(c.counters());
        assertThat(s.eventTypes()).containsEntry("TYPE_SLICE_BEGIN", c.slices().size())
                .doesNotContainKey("TYPE_SLICE_UNSPECIFIED");
        assertThat(s.eventTypes().get("TYPE_SLICE_END")).isEqualTo(c.slices().size());
        assertThat(s.eventTypes().getOrDefault("TYPE_INSTANT", 0)).isEqualTo(c.instants().size());
        assertThat(s.eventTypes().getOrDefault("TYPE_COUNTER", 0)).isEqualTo(c.counters().size());
    }

    private byte[] trace(Shape shape) throws Exception {
        Path file = dir.resolve(shape + ".ndjson");
        Files.writeString(file, String.join("\n", HandWrittenRuns.lines(shape)) + "\n");
        return write(new RecordingReader().read(file).recording());
    }

    private static byte[] write(Recording r) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PerfettoTraceWriter().write(r, out);
        return out.toByteArray();
    }
}
