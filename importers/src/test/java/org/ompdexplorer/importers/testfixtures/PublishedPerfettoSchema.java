package org.ompdexplorer.importers.testfixtures;

import static java.nio.charset.StandardCharsets.UTF_8;

import androidx.tracing.wire.protos.MutableDebugAnnotation;
import androidx.tracing.wire.protos.MutableEventName;
import androidx.tracing.wire.protos.MutableInternedData;
import androidx.tracing.wire.protos.MutableTrace;
import androidx.tracing.wire.protos.MutableTracePacket;
import androidx.tracing.wire.protos.MutableTrackDescriptor;
import androidx.tracing.wire.protos.MutableTrackEvent;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import com.squareup.wire.Message;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck.CounterValue;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck.Instant;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck.Track;

/**
 * A Perfetto trace as Perfetto's published protos read it: decoded by the {@code Trace} adapter of
 * {@code androidx.tracing:tracing-wire} (Maven Central: Square Wire's classes generated from a subset of Perfetto's
 * perfetto_trace.proto), not by our wire-level reader. Every message is walked; the fields its schema does not know
 * are kept by Wire as unknown fields and listed here per message type. What the schema decoded is turned into
 * {@link PerfettoTraceCheck}'s records so a test can compare the two readings; the fields newer than the published
 * subset (an event's interned name, its terminating flows, interned annotation names) are read from the raw unknown
 * bytes with protobuf-java's {@link CodedInputStream}.
 */
public final class PublishedPerfettoSchema {
    /** {@code TrackEvent.name_iid}, {@code TrackEvent.terminating_flow_ids}, {@code InternedData.debug_annotation_names}. */
    private static final int NAME_IID = 10;
    private static final int TERMINATING_FLOW_IDS = 48;
    private static final int DEBUG_ANNOTATION_NAMES = 3;

    /** A slice's beginning: {@link PerfettoTraceCheck.Slice} without what its end says. */
    public record Begin(long track, String name, long time, Map<String, Object> args, List<Long> flows,
                        List<Long> terminating) {
    }

    private final Map<String, Set<Integer>> unknown = new TreeMap<>();
    private final Map<String, Integer> messages = new TreeMap<>();
    private final List<Track> tracks = new ArrayList<>();
    private final List<Begin> begins = new ArrayList<>();
    private final List<Instant> instants = new ArrayList<>();
    private final List<CounterValue> counters = new ArrayList<>();
    private final Map<String, Integer> eventTypes = new TreeMap<>();
    private final Map<Long, String> eventNames = new HashMap<>();
    private final Map<Long, String> annotationNames = new HashMap<>();
    private final List<MutableTracePacket> packets;

    private PublishedPerfettoSchema(MutableTrace trace) throws IOException {
        this.packets = trace.getPacket();
        walk(trace);
        for (MutableTracePacket p : packets) {
            packet(p);
        }
    }

    /** Decodes {@code trace} with the published {@code Trace} adapter and reads it. */
    public static PublishedPerfettoSchema read(byte[] trace) throws IOException {
        return new PublishedPerfettoSchema(MutableTrace.ADAPTER.decode(trace));
    }

    /** Per message type (the proto's name), the numbers of the fields its published schema does not have. */
    public Map<String, Set<Integer>> unknownFields() {
        return unknown;
    }

    /** Per message type, how many of its messages the trace holds. */
    public Map<String, Integer> messages() {
        return messages;
    }

    /** The decoded packets, as the published classes hold them. */
    public List<MutableTracePacket> packets() {
        return packets;
    }

    public List<Track> tracks() {
        return tracks;
    }

    public List<Begin> begins() {
        return begins;
    }

    public List<Instant> instants() {
        return instants;
    }

    public List<CounterValue> counters() {
        return counters;
    }

    /** Per {@code TrackEvent.Type} constant of the published enum, how many events have it. */
    public Map<String, Integer> eventTypes() {
        return eventTypes;
    }

    /** Walks every message field of {@code m} (and of its repeated message fields), depth first. */
    private void walk(Message<?, ?> m) throws IOException {
        String type = m.getClass().getSimpleName().replaceFirst("^Mutable", "");
        messages.merge(type, 1, Integer::sum);
        Set<Integer> fields = fieldNumbers(m.unknownFields().toByteArray()).keySet();
        if (!fields.isEmpty()) {
            unknown.computeIfAbsent(type, k -> new TreeSet<>()).addAll(fields);
        }
        for (Method getter : m.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get") || getter.getDeclaringClass() != m.getClass()) {
                continue;
            }
            Object value = invoke(getter, m);
            if (value instanceof Message<?, ?> child) {
                walk(child);
            } else if (value instanceof List<?> list) {
                for (Object item : list) {
                    if (item instanceof Message<?, ?> child) {
                        walk(child);
                    }
                }
            }
        }
    }

    private static Object invoke(Method getter, Object target) {
        try {
            return getter.invoke(target);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError("cannot read " + getter, e);
        }
    }

    /** The fields of raw protobuf bytes: number to the raw values (varints and fixed64s as Long, the rest as bytes). */
    private static Map<Integer, List<Object>> fieldNumbers(byte[] raw) throws IOException {
        Map<Integer, List<Object>> fields = new LinkedHashMap<>();
        CodedInputStream in = CodedInputStream.newInstance(raw);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            Object value = switch (WireFormat.getTagWireType(tag)) {
                case WireFormat.WIRETYPE_VARINT -> in.readUInt64();
                case WireFormat.WIRETYPE_FIXED64 -> in.readFixed64();
                case WireFormat.WIRETYPE_LENGTH_DELIMITED -> in.readByteArray();
                default -> {
                    in.skipField(tag);
                    yield null;
                }
            };
            fields.computeIfAbsent(WireFormat.getTagFieldNumber(tag), k -> new ArrayList<>()).add(value);
        }
        return fields;
    }

    private void packet(MutableTracePacket p) throws IOException {
        if ((p.getSequence_flags() & MutableTracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED.getValue()) != 0) {
            eventNames.clear();
            annotationNames.clear();
        }
        if (p.getInterned_data() != null) {
            interned(p.getInterned_data());
        }
        if (p.getTrack_descriptor() != null) {
            tracks.add(track(p.getTrack_descriptor()));
        }
        if (p.getTrack_event() != null) {
            event(p.getTrack_event(), p.getTimestamp());
        }
    }

    private static Track track(MutableTrackDescriptor d) {
        long pid = -1;
        long tid = -1;
        String name = d.getName();
        if (d.getProcess() != null) {
            pid = d.getProcess().getPid();
            name = d.getProcess().getProcess_name();
        }
        if (d.getThread() != null) {
            pid = d.getThread().getPid();
            tid = d.getThread().getTid();
            name = d.getThread().getThread_name();
        }
        return new Track(d.getUuid(), name, pid, tid, d.getParent_uuid(), d.getThread() != null,
                d.getCounter() != null);
    }

    private void interned(MutableInternedData data) throws IOException {
        for (MutableEventName e : data.getEvent_names()) {
            eventNames.put(e.getIid(), e.getName());
        }
        for (Object entry : fieldNumbers(data.unknownFields().toByteArray())
                .getOrDefault(DEBUG_ANNOTATION_NAMES, List.of())) {
            // DebugAnnotationName has EventName's two fields: iid = 1, name = 2
            Map<Integer, List<Object>> f = fieldNumbers((byte[]) entry);
            annotationNames.put((Long) f.get(1).getFirst(), new String((byte[]) f.get(2).getFirst(), UTF_8));
        }
    }

    private void event(MutableTrackEvent e, long time) throws IOException {
        eventTypes.merge(e.getType().name(), 1, Integer::sum);
        Map<Integer, List<Object>> newer = fieldNumbers(e.unknownFields().toByteArray());
        String name = e.getName();
        if (newer.containsKey(NAME_IID)) {
            name = eventNames.get((Long) newer.get(NAME_IID).getFirst());
        }
        Map<String, Object> args = new LinkedHashMap<>();
        for (MutableDebugAnnotation a : e.getDebug_annotations()) {
            Object value = a.getUint_value() != null ? a.getUint_value()
                    : a.getInt_value() != null ? a.getInt_value() : a.getString_value();
            args.put(annotationNames.get(a.getName_iid()), value);
        }
        List<Long> flows = List.copyOf(e.getFlow_ids());
        List<Long> terminating = newer.getOrDefault(TERMINATING_FLOW_IDS, List.of()).stream()
                .map(Long.class::cast).toList();
        switch (e.getType()) {
            case TYPE_SLICE_BEGIN -> begins.add(new Begin(e.getTrack_uuid(), name, time, args, flows, terminating));
            case TYPE_INSTANT -> instants.add(new Instant(e.getTrack_uuid(), name, time, args, flows));
            case TYPE_COUNTER -> counters.add(new CounterValue(e.getTrack_uuid(), time,
                    e.getCounter_value() == null ? 0 : e.getCounter_value()));
            default -> {
                // a slice's end names nothing but its track
            }
        }
    }
}
