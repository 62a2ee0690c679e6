package org.ompdexplorer.importers.testfixtures;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Perfetto trace at the wire level (protobuf-java's {@link CodedInputStream}, no generated classes) and
 * checks it as Perfetto's trace processor would need it: every field of every message is one the schema
 * (perfetto_trace.proto: Trace, TracePacket, TrackDescriptor, ProcessDescriptor, ThreadDescriptor, CounterDescriptor,
 * TrackEvent, DebugAnnotation, InternedData, EventName, DebugAnnotationName) has, with its wire type; every track an
 * event names is described; slices begin and end balanced and nested per track; every flow begins once and ends at
 * most once, after it began; timestamps never go back on a sequence; interned names are defined before use, on a
 * sequence whose incremental state was cleared. The schema's numbers are written out here, independently of the
 * writer's constants, from Perfetto's published protos. What it read is kept for tests to assert on.
 */
public final class PerfettoTraceCheck {
    /** A track descriptor. */
    public record Track(long uuid, String name, long pid, long tid, long parent, boolean thread, boolean counter) {
    }

    /** A slice: a begin and its end on one track; {@code depth} 0 is outermost. */
    public record Slice(long track, String name, long begin, long end, int depth, Map<String, Object> args,
                        List<Long> flows, List<Long> terminating) {
    }

    /** An instant event. */
    public record Instant(long track, String name, long time, Map<String, Object> args, List<Long> flows) {
    }

    /** A counter value. */
    public record CounterValue(long track, long time, long value) {
    }

    // field -> wire type, per message (perfetto_trace.proto)
    private static final Map<String, Map<Integer, Integer>> SCHEMA = Map.of(
            "Trace", Map.of(1, WireFormat.WIRETYPE_LENGTH_DELIMITED),
            "TracePacket", Map.of(8, 0, 10, 0, 11, 2, 12, 2, 13, 0, 60, 2),
            "TrackDescriptor", Map.of(1, 0, 2, 2, 3, 2, 4, 2, 5, 0, 8, 2),
            "ProcessDescriptor", Map.of(1, 0, 2, 2, 6, 2),
            "ThreadDescriptor", Map.of(1, 0, 2, 0, 5, 2),
            "CounterDescriptor", Map.of(3, 0),
            "TrackEvent", Map.of(4, 2, 9, 0, 10, 0, 11, 0, 23, 2, 30, 0, 47, 1, 48, 1),
            "DebugAnnotation", Map.of(1, 0, 3, 0, 4, 0, 6, 2),
            "InternedData", Map.of(2, 2, 3, 2),
            "EventName", Map.of(1, 0, 2, 2));

    private final List<String> problems = new ArrayList<>();
    private final Map<Long, Track> tracks = new LinkedHashMap<>();
    private final List<Slice> slices = new ArrayList<>();
    private final List<Instant> instants = new ArrayList<>();
    private final List<CounterValue> counters = new ArrayList<>();
    private final Map<Long, Deque<Object[]>> open = new HashMap<>();
    private final Set<Long> flowsBegun = new HashSet<>();
    private final Set<Long> flowsEnded = new HashSet<>();
    private final Map<Long, String> eventNames = new HashMap<>();
    private final Map<Long, String> annotationNames = new HashMap<>();
    private boolean cleared;
    private boolean usesInterned;
    private long lastTime = Long.MIN_VALUE;
    private int packet;

    private PerfettoTraceCheck() {
    }

    /** Reads and checks {@code trace}; an {@link AssertionError} lists every problem, with the packet it is in. */
    public static PerfettoTraceCheck read(byte[] trace) throws IOException {
        PerfettoTraceCheck c = new PerfettoTraceCheck();
        CodedInputStream in = CodedInputStream.newInstance(trace);
        in.setSizeLimit(Integer.MAX_VALUE);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (!c.known("Trace", tag)) {
                in.skipField(tag);
                continue;
            }
            c.packet(CodedInputStream.newInstance(in.readByteArray()));
            c.packet++;
        }
        c.finish();
        if (!c.problems.isEmpty()) {
            throw new AssertionError(c.problems.size() + " problems in the trace, first: "
                    + String.join("\n", c.problems.subList(0, Math.min(20, c.problems.size()))));
        }
        return c;
    }

    public Map<Long, Track> tracks() {
        return tracks;
    }

    public List<Slice> slices() {
        return slices;
    }

    public List<Instant> instants() {
        return instants;
    }

    public List<CounterValue> counters() {
        return counters;
    }

    /** The number of packets read. */
    public int packets() {
        return packet;
    }

    /** Flows that began and never ended. */
    public Set<Long> unterminatedFlows() {
        Set<Long> s = new HashSet<>(flowsBegun);
        s.removeAll(flowsEnded);
        return s;
    }

    /** Flows that began and ended. */
    public Set<Long> terminatedFlows() {
        return Set.copyOf(flowsEnded);
    }

    /** The track of the thread with this tid. */
    public Track thread(long tid) {
        return tracks.values().stream().filter(t -> t.thread() && t.tid() == tid).findFirst()
                .orElseThrow(() -> new AssertionError("no thread track with tid " + tid));
    }

    /** The slices on a thread's track, in begin order (outer first). */
    public List<Slice> slicesOf(long tid) {
        long uuid = thread(tid).uuid();
        return slices.stream().filter(s -> s.track() == uuid).sorted(java.util.Comparator.comparingLong(Slice::begin).thenComparingInt(Slice::depth))
                .toList();
    }

    private boolean known(String message, int tag) {
        Integer type = SCHEMA.get(message).get(WireFormat.getTagFieldNumber(tag));
        if (type == null || type != WireFormat.getTagWireType(tag)) {
            problems.add("packet " + packet + ": " + message + " has field " + WireFormat.getTagFieldNumber(tag)
                    + " (wire type " + WireFormat.getTagWireType(tag) + "), which its schema has not");
            return false;
        }
        return true;
    }

    private void packet(CodedInputStream in) throws IOException {
        long time = -1;
        int flags = 0;
        byte[] event = null;
        byte[] interned = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (!known("TracePacket", tag)) {
                in.skipField(tag);
                continue;
            }
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 8 -> time = in.readUInt64();
                case 10 -> {
                    if (in.readUInt32() == 0) {
                        problems.add("packet " + packet + ": trusted_packet_sequence_id 0");
                    }
                }
                case 11 -> event = in.readByteArray();
                case 12 -> interned = in.readByteArray();
                case 13 -> flags = in.readUInt32();
                case 60 -> descriptor(CodedInputStream.newInstance(in.readByteArray()));
                default -> in.skipField(tag);
            }
        }
        if ((flags & 1) != 0) {
            cleared = true;
            eventNames.clear();
            annotationNames.clear();
        }
        if (interned != null) {
            interned(CodedInputStream.newInstance(interned));
        }
        if (event != null) {
            if (time < 0) {
                problems.add("packet " + packet + ": a track event without a timestamp");
            }
            if (time < lastTime) {
                problems.add("packet " + packet + ": time goes back from " + lastTime + " to " + time);
            }
            lastTime = Math.max(lastTime, time);
            usesInterned = false;
            trackEvent(CodedInputStream.newInstance(event), time);
            if (usesInterned && (!cleared || (flags & 2) == 0)) {
                problems.add("packet " + packet + ": an event names an iid on a sequence whose incremental state was"
                        + " not cleared, or without SEQ_NEEDS_INCREMENTAL_STATE");
            }
        }
    }

    private void descriptor(CodedInputStream in) throws IOException {
        long uuid = 0;
        long parent = 0;
        long pid = -1;
        long tid = -1;
        String name = null;
        boolean thread = false;
        boolean counter = false;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (!known("TrackDescriptor", tag)) {
                in.skipField(tag);
                continue;
            }
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> uuid = in.readUInt64();
                case 2 -> name = in.readString();
                case 5 -> parent = in.readUInt64();
                case 3 -> {
                    CodedInputStream p = CodedInputStream.newInstance(in.readByteArray());
                    for (int t = p.readTag(); t != 0; t = p.readTag()) {
                        if (!known("ProcessDescriptor", t)) {
                            p.skipField(t);
                        } else if (WireFormat.getTagFieldNumber(t) == 1) {
                            pid = p.readInt32();
                        } else if (WireFormat.getTagFieldNumber(t) == 6) {
                            name = p.readString();
                        } else {
                            p.skipField(t);
                        }
                    }
                }
                case 4 -> {
                    thread = true;
                    CodedInputStream p = CodedInputStream.newInstance(in.readByteArray());
                    for (int t = p.readTag(); t != 0; t = p.readTag()) {
                        if (!known("ThreadDescriptor", t)) {
                            p.skipField(t);
                        } else {
                            switch (WireFormat.getTagFieldNumber(t)) {
                                case 1 -> pid = p.readInt32();
                                case 2 -> tid = p.readInt64();
                                case 5 -> name = p.readString();
                                default -> p.skipField(t);
                            }
                        }
                    }
                }
                case 8 -> {
                    counter = true;
                    CodedInputStream p = CodedInputStream.newInstance(in.readByteArray());
                    for (int t = p.readTag(); t != 0; t = p.readTag()) {
                        known("CounterDescriptor", t);
                        p.skipField(t);
                    }
                }
                default -> in.skipField(tag);
            }
        }
        if (uuid == 0 || tracks.containsKey(uuid)) {
            problems.add("packet " + packet + ": track uuid " + uuid + " is 0 or described twice");
        }
        tracks.put(uuid, new Track(uuid, name, pid, tid, parent, thread, counter));
    }

    private void interned(CodedInputStream in) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (!known("InternedData", tag)) {
                in.skipField(tag);
                continue;
            }
            Map<Long, String> table = WireFormat.getTagFieldNumber(tag) == 2 ? eventNames : annotationNames;
            CodedInputStream e = CodedInputStream.newInstance(in.readByteArray());
            long iid = 0;
            String name = null;
            for (int t = e.readTag(); t != 0; t = e.readTag()) {
                if (!known("EventName", t)) {
                    e.skipField(t);
                } else if (WireFormat.getTagFieldNumber(t) == 1) {
                    iid = e.readUInt64();
                } else {
                    name = e.readString();
                }
            }
            if (iid == 0 || name == null || table.containsKey(iid)) {
                problems.add("packet " + packet + ": interned entry " + iid + " " + name + " is incomplete or twice");
            }
            table.put(iid, name);
        }
    }

    private void trackEvent(CodedInputStream in, long time) throws IOException {
        int type = 0;
        long track = 0;
        String name = null;
        long value = 0;
        Map<String, Object> args = new LinkedHashMap<>();
        List<Long> flows = new ArrayList<>();
        List<Long> terminating = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (!known("TrackEvent", tag)) {
                in.skipField(tag);
                continue;
            }
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 9 -> type = in.readEnum();
                case 11 -> track = in.readUInt64();
                case 23 -> name = in.readString();
                case 10 -> {
                    usesInterned = true;
                    long iid = in.readUInt64();
                    name = eventNames.get(iid);
                    if (name == null) {
                        problems.add("packet " + packet + ": event name iid " + iid + " used before it is interned");
                    }
                }
                case 30 -> value = in.readInt64();
                case 47 -> flows.add(in.readFixed64());
                case 48 -> terminating.add(in.readFixed64());
                case 4 -> annotation(CodedInputStream.newInstance(in.readByteArray()), args);
                default -> in.skipField(tag);
            }
        }
        if (!tracks.containsKey(track)) {
            problems.add("packet " + packet + ": event on track " + track + ", which no descriptor describes");
        }
        for (long f : flows) {
            if (!flowsBegun.add(f)) {
                problems.add("packet " + packet + ": flow " + f + " begins twice");
            }
        }
        for (long f : terminating) {
            if (!flowsBegun.contains(f) || !flowsEnded.add(f)) {
                problems.add("packet " + packet + ": flow " + f + " ends before it began, or twice");
            }
        }
        Deque<Object[]> stack = open.computeIfAbsent(track, k -> new ArrayDeque<>());
        switch (type) {
            case 1 -> stack.push(new Object[] {name, time, args, flows, terminating});
            case 2 -> {
                Object[] b = stack.poll();
                if (b == null) {
                    problems.add("packet " + packet + ": a slice ends on track " + track + " where none is open");
                } else {
                    @SuppressWarnings("unchecked")
                    Slice s = new Slice(track, (String) b[0], (long) b[1], time, stack.size(),
                            (Map<String, Object>) b[2], (List<Long>) b[3], (List<Long>) b[4]);
                    slices.add(s);
                }
            }
            case 3 -> instants.add(new Instant(track, name, time, args, flows));
            case 4 -> counters.add(new CounterValue(track, time, value));
            default -> problems.add("packet " + packet + ": track event of type " + type);
        }
        if ((type == 1 || type == 3) && name == null) {
            problems.add("packet " + packet + ": a slice or instant without a name");
        }
    }

    private void annotation(CodedInputStream in, Map<String, Object> args) throws IOException {
        String name = null;
        Object value = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (!known("DebugAnnotation", tag)) {
                in.skipField(tag);
                continue;
            }
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> {
                    usesInterned = true;
                    long iid = in.readUInt64();
                    name = annotationNames.get(iid);
                    if (name == null) {
                        problems.add("packet " + packet + ": annotation name iid " + iid + " used before interned");
                    }
                }
                case 3 -> value = in.readUInt64();
                case 4 -> value = in.readInt64();
                case 6 -> value = in.readString();
                default -> in.skipField(tag);
            }
        }
        args.put(name, value);
    }

    private void finish() {
        open.forEach((track, stack) -> {
            if (!stack.isEmpty()) {
                problems.add(stack.size() + " slices on track " + track + " never end, innermost "
                        + stack.peek()[0]);
            }
        });
    }
}
