package org.ompdexplorer.importers.json;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ompdexplorer.importers.InvalidSnapshotException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;

/**
 * One read of one input by the streaming path: each top-level section into the model as the parser meets it,
 * entity arrays with their elements' places and duplicate ids, then the snapshot linked, symbolized, indexed and
 * validated. Tasks read already in parallel ({@link TaskLines}) are taken in place of their array.
 */
final class StreamingRead {
    private static final int PROGRESS_EVERY = 8192;
    private static final String[] SECTIONS = {"format", "version", "capture", "runtime", "addressSpaces", "modules",
        "states", "icvs", "displayControlVars", "threads", "parallelRegions", "tasks", "targetRegions"};
    /** Sections whose elements a repeat adds to the first's, rather than replacing them. */
    private static final java.util.Set<String> APPENDING = java.util.Set.of("addressSpaces", "modules", "states",
            "icvs", "threads", "parallelRegions", "tasks", "targetRegions");
    private final JsonCursor c;
    private final long size;
    private final LoadOptions options;
    private final ProgressListener progress;
    private final ValueReaders values;
    private final HeaderReader header;
    private final TeamReader teams;
    private final TaskReader taskReader;
    private final TargetRegionReader targetReader;
    private final EntityPlaces places = new EntityPlaces();
    private int seenSections;
    private String format;
    private CaptureInfo capture;
    private RuntimeInfo runtime = RuntimeInfo.UNKNOWN;
    private final List<AddressSpace> spaces = new ArrayList<>();
    private final List<ThreadState> states = new ArrayList<>();
    private final List<IcvDefinition> icvs = new ArrayList<>();
    private List<DisplayControlVar> dcvs = List.of();
    private final List<OmpThread> threads = new ArrayList<>();
    private final List<ParallelRegion> regions = new ArrayList<>();
    private final List<Task> tasks;
    private final List<TargetRegion> targets = new ArrayList<>();
    private final ModuleMap modules;
    private final StackLinks stacks;
    /** Tasks read in parallel, to take in place of the tasks array they came from; then {@code null}. */
    private TaskLines.Result readTasks;

    /** @param tasks the tasks read already in parallel, or {@code null} */
    StreamingRead(JsonCursor cursor, FieldMatchers matchers, long size, LoadOptions options,
                  ProgressListener progress, TaskLines.Result tasks) {
        this.c = cursor;
        this.readTasks = tasks;
        this.size = size;
        this.options = options;
        this.progress = progress;
        this.values = new ValueReaders(cursor, matchers);
        DeviceReader devices = new DeviceReader(cursor, values);
        this.header = new HeaderReader(cursor, values, devices);
        this.teams = new TeamReader(cursor, values);
        this.taskReader = new TaskReader(cursor, values, matchers.task());
        this.targetReader = new TargetRegionReader(cursor, values, devices);
        this.modules = new ModuleMap(cursor);
        this.stacks = new StackLinks(cursor);
        values.symbolizeBy(modules);
        // a task takes 150–450 bytes of JSON: sizing for the smallest avoids regrowing a huge list
        this.tasks = new ArrayList<>((int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, size / 150)));
    }

    /** @param in the stream the parser reads, for what follows the snapshot ({@link TrailingContent}) */
    LoadResult read(InputStream in) throws SnapshotLoadException {
        JsonToken first = c.parser.nextToken();
        if (first != JsonToken.START_OBJECT) {
            throw new UnsupportedFormatException(c.input(), Diagnostic.error("not-a-snapshot",
                    first == null ? "the file is empty" : "the file is JSON but not an object",
                    "open an OMPD Explorer snapshot (a JSON object with \"format\": \"" + SnapshotFormat.NAME
                            + "\")", c.here()));
        }
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            section(c.parser.currentName());
        }
        if (readTasks != null) {
            return null; // the parallel read's array was not the top-level tasks section
        }
        TrailingContent.check(c, in);
        if (format == null) {
            throw new UnsupportedFormatException(c.input(), Diagnostic.error("not-a-snapshot",
                    "no \"format\" field: this JSON is not an OMPD Explorer snapshot",
                    "open a file written by the capture agent, import-core or export",
                    Location.inInput(c.input(), 1, 1, "$")));
        }
        if (capture == null) {
            c.add(Diagnostic.warning("missing-field", "no \"capture\" section; the source is unknown",
                    "add \"capture\": {\"source\": …}", Location.inInput(c.input(), 1, 1, "$.capture")));
            capture = CaptureInfo.of(CaptureSource.of("unknown"));
        }
        List<Boolean> raw = new ArrayList<>();
        List<CallStack> callStacks = stacks.isEmpty() ? new ArrayList<>() : stacks.link(threads, modules, raw);
        if (modules.resolves()) {
            progress.progress("symbolizing", 0, -1);
            modules.finish(tasks, regions, targets, threads, callStacks, raw);
        }
        progress.progress("indexing", 0, -1);
        boolean attribute = raw.contains(true);
        Snapshot read = new Snapshot(capture, runtime, spaces, states, icvs, dcvs, threads, regions, tasks,
                targets, modules.modules(), attribute ? List.of() : callStacks);
        // a raw stack is cut into its thread's task segments, which the index gives: a second index, for the
        // agent's snapshots only
        Snapshot snapshot = attribute ? StackLinks.attach(read, callStacks, raw) : read;
        List<Diagnostic> all = new ArrayList<>(c.diagnostics());
        if (options.validateLater() && !options.strict()) {
            return new LoadResult(snapshot, all, false, () -> validate(snapshot));
        }
        all.addAll(validate(snapshot));
        if (options.strict() && all.stream().anyMatch(Diagnostic::isError)) {
            throw new InvalidSnapshotException(c.input(), all);
        }
        return new LoadResult(snapshot, all);
    }

    /** The validator's findings, located by the positions this read recorded. */
    private List<Diagnostic> validate(Snapshot snapshot) {
        List<Diagnostic> found = new ArrayList<>();
        for (Diagnostic d : SnapshotValidator.validate(snapshot)) {
            found.add(places.locate(d, c.input()));
        }
        return found;
    }

    private void section(String name) throws SnapshotLoadException {
        int at = List.of(SECTIONS).indexOf(name);
        if (at >= 0 && (seenSections & (1 << at)) != 0) {
            c.duplicateKey(APPENDING.contains(name) ? "the elements of both are read" : "the last value is used");
        }
        seenSections |= at < 0 ? 0 : 1 << at;
        c.parser.nextToken();
        switch (name) {
            case "format" -> {
                format = c.string("format");
                if (format != null && !format.equals(SnapshotFormat.NAME)) {
                    throw new UnsupportedFormatException(c.input(), Diagnostic.error("not-a-snapshot",
                            "format is \"" + format + "\", not \"" + SnapshotFormat.NAME + "\"",
                            "open an OMPD Explorer snapshot", c.here()));
                }
            }
            case "version" -> FormatVersion.check(c, c.string("version"));
            case "capture" -> capture = header.capture();
            case "runtime" -> runtime = header.runtime();
            case "addressSpaces" -> array(name, places.spaces, header::addressSpace, spaces);
            case "modules" -> modules.read();
            case "states" -> plainArray(name, header::state, states);
            case "icvs" -> plainArray(name, header::icvDefinition, icvs);
            case "displayControlVars" -> dcvs = header.displayControlVars();
            case "threads" -> array(name, places.threads, this::readThread, threads);
            case "parallelRegions" -> array(name, places.regions, teams::readRegion, regions);
            case "tasks" -> {
                if (readTasks != null && c.parser.currentTokenLocation().getByteOffset() == readTasks.open()) {
                    takeReadTasks();
                } else {
                    array(name, places.tasks, taskReader::read, tasks);
                }
            }
            case "targetRegions" -> array(name, places.targets, targetReader::read, targets);
            default -> c.unknownField(name);
        }
    }

    /** A thread, and its stack noted for after the read (a thread skipped as a duplicate is never looked up). */
    private OmpThread readThread() {
        OmpThread thread = teams.readThread();
        StackReader.Read stack = teams.takeStack();
        if (thread != null && stack != null) {
            stacks.add(thread, stack);
        }
        return thread;
    }

    private <T> void plainArray(String name, Supplier<T> reader, List<T> into) {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType(name + " (an array)");
            return;
        }
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("an element of " + name + " (an object)");
                continue;
            }
            T value = reader.get();
            if (value != null) {
                into.add(value);
            }
        }
    }

    private <T> void array(String name, EntityPositions positions, Supplier<T> reader, List<T> into)
            throws LoadCancelledException {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType(name + " (an array)");
            return;
        }
        int arrayIndex = 0;
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            int at = arrayIndex++;
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("an element of " + name + " (an object)");
                continue;
            }
            TokenStreamLocation start = c.parser.currentTokenLocation();
            T value = reader.get();
            if (value == null) {
                continue;
            }
            long id = idOf(value);
            if (!positions.firstSighting(id)) {
                duplicateId(name, at, id, start.getLineNr(), start.getColumnNr());
                continue;
            }
            positions.add(id, start.getLineNr(), start.getColumnNr(), at);
            into.add(value);
            if ((at & (PROGRESS_EVERY - 1)) == 0) {
                progress.progress("reading " + name, start.getByteOffset(), size);
                if (progress.isCancelled()) {
                    throw new LoadCancelledException(c.input());
                }
            }
        }
    }

    private void duplicateId(String name, int at, long id, int line, int column) {
        c.add(Diagnostic.error("duplicate-id", name + "[" + at + "] repeats id " + id
                        + "; the first one is kept and this one is skipped",
                "give every element of " + name + " a distinct id",
                Location.inInput(c.input(), line, column, "$." + name + "[" + at + "]")));
    }

    /**
     * Takes the tasks read in parallel as {@link #array} would have read them: one per line from the line after
     * the array's {@code [}, each at column 5 (the layout's indent), duplicates reported in file order. The
     * parser stands on the array, now empty but for the line breaks.
     */
    private void takeReadTasks() throws LoadCancelledException {
        int line = c.parser.currentTokenLocation().getLineNr() + 1;
        List<TaskLines.Tasks> chunks = readTasks.chunks();
        int count = readTasks.count();
        long readTo = readTasks.closeLine();
        readTasks = null;
        places.tasks.ensureRoomFor(count);
        if (tasks instanceof ArrayList<Task> list) {
            list.ensureCapacity(tasks.size() + count);
        }
        int at = 0;
        for (TaskLines.Tasks chunk : chunks) {
            modules.addCodes(chunk.codes());
            List<Task> chunkTasks = chunk.tasks();
            long[] ids = chunk.ids();
            for (int i = 0; i < chunkTasks.size(); i++, at++) {
                long id = ids[i];
                if (!places.tasks.firstSighting(id)) {
                    duplicateId("tasks", at, id, line + at, TaskLines.ELEMENT_COLUMN);
                } else {
                    places.tasks.add(id, line + at, TaskLines.ELEMENT_COLUMN, at);
                    tasks.add(chunkTasks.get(i));
                }
            }
        }
        c.parser.skipChildren();
        progress.progress("reading tasks", readTo, size);
        if (progress.isCancelled()) {
            throw new LoadCancelledException(c.input());
        }
    }

    private static long idOf(Object entity) {
        return switch (entity) {
            case Task t -> t.id().value();
            case OmpThread t -> t.id().value();
            case ParallelRegion r -> r.id().value();
            case AddressSpace s -> s.id().value();
            case TargetRegion r -> r.id().value();
            default -> throw new IllegalStateException("not an entity: " + entity);
        };
    }
}
