package org.ompdexplorer.importers.recording.perfetto;

import static org.ompdexplorer.importers.recording.perfetto.PerfettoFields.*;

import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a Perfetto trace: {@code TracePacket}s of one packet sequence, each a field of the {@code Trace} message, so
 * the file is a {@code Trace}. Track descriptors first, then track events in time order. Event names that repeat and
 * every debug annotation name are interned: sent once in the packet that first uses them ({@code interned_data}),
 * then named by their iid; the first packet clears the sequence's incremental state and every packet that names an
 * iid says it needs it (SEQ_NEEDS_INCREMENTAL_STATE), as Perfetto's synthetic-trace guide asks; slice ends and counter
 * values, which name none, leave the flag out.
 */
final class TracePackets {
    private static final int SEQUENCE_ID = 1;

    private final CodedOutputStream out;
    private final ProtoMessage packet = new ProtoMessage();
    private final ProtoMessage body = new ProtoMessage();
    private final ProtoMessage inner = new ProtoMessage();
    private final ProtoMessage interned = new ProtoMessage();
    private final ProtoMessage entry = new ProtoMessage();
    private final Map<String, Long> eventNames = new HashMap<>();
    private final Map<String, Long> annotationNames = new HashMap<>();
    private boolean first = true;
    private boolean internedAny;
    private long packets;

    TracePackets(OutputStream stream) {
        this.out = CodedOutputStream.newInstance(stream, 1 << 16);
    }

    /** Debug annotations of one event: names and integer or text values, in order. Reused: cleared per event. */
    static final class Annotations {
        private final List<String> names = new ArrayList<>();
        private final List<Object> values = new ArrayList<>();

        Annotations clear() {
            names.clear();
            values.clear();
            return this;
        }

        Annotations add(String name, long value) {
            names.add(name);
            values.add(value);
            return this;
        }

        Annotations add(String name, String value) {
            names.add(name);
            values.add(value);
            return this;
        }
    }

    /** The process track: the recorded program. */
    void processTrack(long uuid, int pid, String name, String program) throws IOException {
        inner.clear().int32(PROCESS_PID, pid).string(PROCESS_NAME, name);
        if (program != null) {
            inner.string(PROCESS_CMDLINE, program);
        }
        body.clear().uint64(TRACK_UUID, uuid).message(TRACK_PROCESS, inner);
        descriptor();
    }

    /** A thread's track, in the process {@code pid}. */
    void threadTrack(long uuid, int pid, long tid, String name) throws IOException {
        inner.clear().int32(THREAD_PID, pid).int64(THREAD_TID, tid).string(THREAD_NAME, name);
        body.clear().uint64(TRACK_UUID, uuid).message(TRACK_THREAD, inner);
        descriptor();
    }

    /** A named track under {@code parent}: slices and instants that belong to no thread. */
    void childTrack(long uuid, long parent, String name) throws IOException {
        body.clear().uint64(TRACK_UUID, uuid).string(TRACK_NAME, name).uint64(TRACK_PARENT_UUID, parent);
        descriptor();
    }

    /** A counter track of a count, under {@code parent}. */
    void counterTrack(long uuid, long parent, String name) throws IOException {
        inner.clear().int32(COUNTER_UNIT, UNIT_COUNT);
        body.clear().uint64(TRACK_UUID, uuid).string(TRACK_NAME, name).uint64(TRACK_PARENT_UUID, parent)
                .message(TRACK_COUNTER, inner);
        descriptor();
    }

    /**
     * A slice begins (or, with {@code type} {@link PerfettoFields#TYPE_INSTANT}, an instant). {@code name} is interned
     * when {@code internName}; flows begin at ({@code flows}) or end at ({@code terminating}) this event.
     */
    void event(long t, int type, long track, String name, boolean internName, Annotations annotations, long[] flows,
               long[] terminating) throws IOException {
        body.clear().int32(EVENT_TYPE, type).uint64(EVENT_TRACK_UUID, track);
        if (internName) {
            body.uint64(EVENT_NAME_IID, intern(eventNames, name, INTERNED_EVENT_NAMES));
        } else {
            body.string(EVENT_NAME, name);
        }
        if (annotations != null) {
            for (int i = 0; i < annotations.names.size(); i++) {
                inner.clear().uint64(ANNOTATION_NAME_IID, intern(annotationNames, annotations.names.get(i),
                        INTERNED_DEBUG_ANNOTATION_NAMES));
                if (annotations.values.get(i) instanceof Long v) {
                    inner.int64(ANNOTATION_INT_VALUE, v);
                } else {
                    inner.string(ANNOTATION_STRING_VALUE, (String) annotations.values.get(i));
                }
                body.message(EVENT_DEBUG_ANNOTATIONS, inner);
            }
        }
        for (long f : flows) {
            body.fixed64(EVENT_FLOW_IDS, f);
        }
        for (long f : terminating) {
            body.fixed64(EVENT_TERMINATING_FLOW_IDS, f);
        }
        trackEvent(t, internName || annotations != null && !annotations.names.isEmpty());
    }

    /** The innermost slice open on {@code track} ends. */
    void end(long t, long track) throws IOException {
        body.clear().int32(EVENT_TYPE, TYPE_SLICE_END).uint64(EVENT_TRACK_UUID, track);
        trackEvent(t, false);
    }

    /** A counter's value from {@code t} on. */
    void counter(long t, long track, long value) throws IOException {
        body.clear().int32(EVENT_TYPE, TYPE_COUNTER).uint64(EVENT_TRACK_UUID, track).int64(EVENT_COUNTER_VALUE, value);
        trackEvent(t, false);
    }

    /** The number of packets written. */
    long packets() {
        return packets;
    }

    /** Writes what is buffered to the stream (which stays open). */
    void flush() throws IOException {
        out.flush();
    }

    private long intern(Map<String, Long> table, String name, int field) throws IOException {
        Long iid = table.get(name);
        if (iid != null) {
            return iid;
        }
        long id = table.size() + 1L;
        table.put(name, id);
        entry.clear().uint64(INTERNED_IID, id).string(INTERNED_NAME, name);
        interned.message(field, entry);
        internedAny = true;
        return id;
    }

    private void descriptor() throws IOException {
        packet.clear().int32(PACKET_TRUSTED_PACKET_SEQUENCE_ID, SEQUENCE_ID);
        flags(0);
        packet.message(PACKET_TRACK_DESCRIPTOR, body);
        emit();
    }

    private void trackEvent(long t, boolean usesInterned) throws IOException {
        packet.clear().uint64(PACKET_TIMESTAMP, t).int32(PACKET_TRUSTED_PACKET_SEQUENCE_ID, SEQUENCE_ID);
        flags(usesInterned ? SEQ_NEEDS_INCREMENTAL_STATE : 0);
        packet.message(PACKET_TRACK_EVENT, body);
        if (internedAny) {
            packet.message(PACKET_INTERNED_DATA, interned);
            interned.clear();
            internedAny = false;
        }
        emit();
    }

    private void flags(int flags) throws IOException {
        int f = first ? flags | SEQ_INCREMENTAL_STATE_CLEARED : flags;
        first = false;
        if (f != 0) {
            packet.int32(PACKET_SEQUENCE_FLAGS, f);
        }
    }

    private void emit() throws IOException {
        packet.writeAsField(out, TRACE_PACKET);
        packets++;
    }
}
