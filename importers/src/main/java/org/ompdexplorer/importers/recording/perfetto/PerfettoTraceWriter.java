package org.ompdexplorer.importers.recording.perfetto;

import static org.ompdexplorer.importers.recording.perfetto.PerfettoFields.TYPE_INSTANT;
import static org.ompdexplorer.importers.recording.perfetto.PerfettoFields.TYPE_SLICE_BEGIN;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingLoss;

/**
 * Writes a recording as a Perfetto trace (protobuf {@code Trace} of {@code TrackEvent}s, docs/perfetto-export.md)
 * that Perfetto's UI opens: a process track for the program, a track per recorded thread with what ran there —
 * implicit and explicit tasks, parallel regions, sync regions and their waits, target constructs, properly nested —
 * flows from each task's creation to its first execution and from a dependence to its dependent, a "tasks queued"
 * counter, and a "recording" track that says what the recording lacks (dropped events, a cut end): never a silent
 * hole. Timestamps are the run's {@code CLOCK_MONOTONIC} readings in ns (the header's {@code start} plus each
 * event's {@code t}).
 */
public final class PerfettoTraceWriter {
    /**
     * The tracks' uuids: fixed, so a recording always gets the same, and small, because every event names its track
     * (a one-byte varint instead of nine); the trace has one producer, so small numbers cannot collide.
     */
    static final long PROCESS_TRACK = 1;
    static final long NOTES_TRACK = 2;
    static final long QUEUED_TRACK = 3;
    private static final long THREAD_TRACKS = 16;
    private static final int UNKNOWN_PID = 1;

    /**
     * Writes {@code recording} to {@code target} through {@link OutputFile} (atomically; gzip-compressed when the name
     * ends in {@code .gz}); {@code inputs} are the files the target must never be.
     */
    public PerfettoExport write(Recording recording, Path target, Collection<Path> inputs) throws OutputException {
        PerfettoExport[] result = new PerfettoExport[1];
        OutputFile.write(target, inputs, out -> result[0] = write(recording, out));
        return result[0];
    }

    /** Writes {@code recording} to {@code out}, which stays open. */
    public PerfettoExport write(Recording recording, OutputStream out) throws IOException {
        TracePackets p = new TracePackets(out);
        CaptureInfo capture = recording.header().capture();
        int pid = capture.pid() == null ? UNKNOWN_PID : (int) (long) capture.pid();
        p.processTrack(PROCESS_TRACK, pid, processName(capture), capture.program());
        Map<Integer, String> threads = threads(recording);
        for (Map.Entry<Integer, String> th : threads.entrySet()) {
            p.threadTrack(threadTrack(th.getKey()), pid, th.getKey(), th.getValue());
        }
        p.childTrack(NOTES_TRACK, PROCESS_TRACK, "recording");
        p.counterTrack(QUEUED_TRACK, PROCESS_TRACK, "tasks queued");
        long base = recording.header().start();
        TraceEvents events = new TraceEvents(recording, p, base, PerfettoTraceWriter::threadTrack, PROCESS_TRACK,
                QUEUED_TRACK);
        List<RecordingLoss> losses = new ArrayList<>(recording.losses());
        losses.sort(Comparator.comparingLong(l -> Math.max(0, l.from())));
        TracePackets.Annotations notes = new TracePackets.Annotations();
        int nextLoss = 0;
        for (int i = 0; i < recording.size(); i++) {
            while (nextLoss < losses.size() && Math.max(0, losses.get(nextLoss).from()) <= recording.time(i)) {
                loss(p, notes, base, losses.get(nextLoss++), recording.duration());
            }
            events.event(i);
        }
        long end = recording.duration();
        while (nextLoss < losses.size()) {
            loss(p, notes, base, losses.get(nextLoss++), recording.duration());
        }
        events.closeAll(end);
        notes.clear().add("events", recording.size()).add("complete", recording.complete() ? 1 : 0);
        String state = recording.complete() ? (losses.isEmpty() ? "recording complete: nothing dropped"
                : "recording complete, with events dropped")
                : "recording cut here: no trailer (the program was killed or the file cut); what followed is missing";
        p.event(base + end, TYPE_INSTANT, NOTES_TRACK, state, false, notes, new long[0], new long[0]);
        for (int i = 0; i < losses.size(); i++) {
            p.end(base + end, NOTES_TRACK);
        }
        p.flush();
        return new PerfettoExport(threads.size(), events.slices(), events.flows(), p.packets());
    }

    /** A slice on the recording track from the first dropped event to the end: the thread's events are incomplete. */
    private static void loss(TracePackets p, TracePackets.Annotations notes, long base, RecordingLoss loss, long end)
            throws IOException {
        notes.clear().add("dropped", loss.count()).add("what", loss.what());
        if (loss.thread() >= 0) {
            notes.add("thread", loss.thread());
        }
        if (loss.bound() != null) {
            notes.add("bound", loss.bound());
        }
        p.event(base + Math.min(Math.max(0, loss.from()), end), TYPE_SLICE_BEGIN, NOTES_TRACK, loss.describe(), false, notes,
                new long[0], new long[0]);
    }

    static long threadTrack(int thread) {
        return THREAD_TRACKS + (thread & 0xFFFF_FFFFL);
    }

    /** Every thread that wrote an event, named by its kind: {@code thread 1 (initial)}, {@code thread 3 (worker)}. */
    private static Map<Integer, String> threads(Recording r) {
        Map<Integer, String> kinds = new TreeMap<>();
        for (int i = 0; i < r.size(); i++) {
            if (r.kind(i) == EventKind.THREAD_BEGIN) {
                kinds.put(r.thread(i), r.word(i));
            } else if (r.kind(i) != EventKind.SNAPSHOT) {
                kinds.putIfAbsent(r.thread(i), null);
            }
        }
        Map<Integer, String> names = new TreeMap<>();
        kinds.forEach((th, kind) -> names.put(th, "thread " + th + (kind == null ? "" : " (" + kind + ")")));
        return names;
    }

    private static String processName(CaptureInfo capture) {
        String program = capture.program();
        if (program == null || program.isBlank()) {
            return capture.pid() == null ? "OpenMP program (pid not recorded)" : "OpenMP program";
        }
        int slash = program.lastIndexOf('/');
        return slash >= 0 && slash < program.length() - 1 ? program.substring(slash + 1) : program;
    }
}
