package org.ompdexplorer.app.ui.recording;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingSteps;
import org.ompdexplorer.model.recording.RecordingTime;
import org.ompdexplorer.model.recording.RunLanes;

/**
 * An opened recording in the window: the moment shown (a position, the number of events applied, and its time), the
 * moment in words, stepping by event, by the selected task's events and by synchronization, and the part of the run
 * the timeline shows ({@link TimelineZoom}: zoom and pan). The state at the moment goes to the window as an ordinary
 * snapshot through {@link Window}, so the tree, graph and Explain follow it.
 *
 * <p>The state is rebuilt on the FX thread, at most once a pulse ({@link NextPulse}): a move sets the position, its
 * time, its words and the step buttons at once, and asks for one rebuild at the next pulse; moves before it runs (a
 * scrub's many mouse events) are coalesced into it. Not on a {@code BackgroundTasks} pool: {@code StateAt} is not thread-safe, so rebuilds there
 * would have to queue behind one another anyway, and a step costs at most ~15 ms, a far jump ~50 ms (issue 28's
 * bounds, docs/benchmarks.md §22) — a frame or three, and never more than one per pulse.
 */
public final class RecordingViewModel {
    /** What the recording asks of the window. */
    public interface Window {
        /** Shows the state at the moment, as a snapshot opened (keeping the selection where it can). */
        void showMoment(LoadedSnapshot moment);
    }

    // Properties
    private final ReadOnlyObjectWrapper<OpenedRecording> recording = new ReadOnlyObjectWrapper<>(this, "recording");
    private final ReadOnlyIntegerWrapper position = new ReadOnlyIntegerWrapper(this, "position", 0);
    private final ReadOnlyLongWrapper time = new ReadOnlyLongWrapper(this, "time", 0);
    private final ReadOnlyStringWrapper momentText = new ReadOnlyStringWrapper(this, "momentText", "");
    private final ReadOnlyBooleanWrapper canPrevious = new ReadOnlyBooleanWrapper(this, "canPrevious", false);
    private final ReadOnlyBooleanWrapper canNext = new ReadOnlyBooleanWrapper(this, "canNext", false);
    private final ReadOnlyBooleanWrapper canPreviousOfTask = new ReadOnlyBooleanWrapper(this, "canPreviousOfTask");
    private final ReadOnlyBooleanWrapper canNextOfTask = new ReadOnlyBooleanWrapper(this, "canNextOfTask");
    private final ReadOnlyBooleanWrapper canPreviousSync = new ReadOnlyBooleanWrapper(this, "canPreviousSync");
    private final ReadOnlyBooleanWrapper canNextSync = new ReadOnlyBooleanWrapper(this, "canNextSync");
    private final ReadOnlyObjectWrapper<RunLanes.Span> view = new ReadOnlyObjectWrapper<>(this, "view",
            new RunLanes.Span(0, 1));
    private final ReadOnlyObjectWrapper<List<TimelineMark>> marks = new ReadOnlyObjectWrapper<>(this, "marks",
            List.of());

    private final Window window;
    private final Supplier<Optional<Long>> selectedTask;
    private final Consumer<Runnable> nextPulse;
    private final TimelineZoom timeline = new TimelineZoom(view);
    private boolean rebuildAsked;
    private int shownPosition = -1;
    private int rebuilds;

    /**
     * @param selectedTask the task selected in the window (its id), for stepping through its events
     */
    public RecordingViewModel(Window window, Supplier<Optional<Long>> selectedTask) {
        this(window, selectedTask, new NextPulse());
    }

    /** @param nextPulse runs a rebuild at the next pulse: {@link NextPulse}, or a test's queue */
    RecordingViewModel(Window window, Supplier<Optional<Long>> selectedTask, Consumer<Runnable> nextPulse) {
        this.window = window;
        this.selectedTask = selectedTask;
        this.nextPulse = nextPulse;
    }

    /** The moments marked on the timeline's axis (the lesson's steps), in time order; none by default. */
    public ReadOnlyObjectProperty<List<TimelineMark>> marksProperty() {
        return marks.getReadOnlyProperty();
    }

    /** Marks {@code these} moments on the timeline's axis, in place of those marked before. */
    public void setMarks(List<TimelineMark> these) {
        marks.set(List.copyOf(these));
    }

    /** The recording open, or {@code null}. */
    public ReadOnlyObjectProperty<OpenedRecording> recordingProperty() {
        return recording.getReadOnlyProperty();
    }

    /** Events applied: 0 before the first, the recording's size after the last. */
    public ReadOnlyIntegerProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    /** The moment's time, ns since the recording's start: the event just applied's. */
    public ReadOnlyLongProperty timeProperty() {
        return time.getReadOnlyProperty();
    }

    /** {@code 1.234 ms of 5.678 ms · event 1,203 of 9,876: task #42 created by task #7 on thread T2}. */
    public ReadOnlyStringProperty momentTextProperty() {
        return momentText.getReadOnlyProperty();
    }

    /** Whether there is an event before (Previous event, Start). */
    public ReadOnlyBooleanProperty canPreviousProperty() {
        return canPrevious.getReadOnlyProperty();
    }

    /** Whether there is an event after (Next event, End). */
    public ReadOnlyBooleanProperty canNextProperty() {
        return canNext.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canPreviousOfTaskProperty() {
        return canPreviousOfTask.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canNextOfTaskProperty() {
        return canNextOfTask.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canPreviousSynchronizationProperty() {
        return canPreviousSync.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canNextSynchronizationProperty() {
        return canNextSync.getReadOnlyProperty();
    }

    /** The part of the run the timeline shows, ns since the start. */
    public ReadOnlyObjectProperty<RunLanes.Span> viewProperty() {
        return view.getReadOnlyProperty();
    }

    /** Zoom and pan of the timeline. */
    public TimelineZoom timeline() {
        return timeline;
    }

    /** How many times the state was rebuilt and shown (coalescing: at most once a pulse). */
    int rebuilds() {
        return rebuilds;
    }

    // Commands

    /** Opens {@code opened} at its start, the whole run in view. */
    public void open(OpenedRecording opened) {
        recording.set(opened);
        shownPosition = -1;
        timeline.setDuration(opened.recording().duration());
        timeline.fit();
        position.set(-1);
        setPosition(0);
    }

    /** Opens {@code opened} at the moment after {@code p} events, whose state the window shows already. */
    public void openShown(OpenedRecording opened, int p) {
        recording.set(opened);
        timeline.setDuration(opened.recording().duration());
        timeline.fit();
        position.set(-1);
        rebuildAsked = true; // no rebuild: the window shows this moment
        setPosition(p);
        rebuildAsked = false;
        shownPosition = position.get();
        updateTaskSteps();
        updateSynchronizationSteps(opened);
    }

    /** Forgets the recording (the window decides what stays shown). */
    public void close() {
        recording.set(null);
        rebuildAsked = false;
        shownPosition = -1;
        position.set(0);
        time.set(0);
        momentText.set("");
        for (ReadOnlyBooleanWrapper can : new ReadOnlyBooleanWrapper[]{canPrevious, canNext, canPreviousOfTask,
                canNextOfTask, canPreviousSync, canNextSync}) {
            can.set(false);
        }
    }

    /** Moves to the moment after {@code p} events (clamped to the recording). */
    public void setPosition(int p) {
        OpenedRecording o = recording.get();
        if (o == null) {
            return;
        }
        Recording r = o.recording();
        int to = Math.clamp(p, 0, r.size());
        if (to == position.get()) {
            return;
        }
        position.set(to);
        time.set(r.timeAfter(to));
        momentText.set(MomentText.of(r, to));
        canPrevious.set(to > 0);
        canNext.set(to < r.size());
        if (!rebuildAsked) {
            rebuildAsked = true;
            nextPulse.accept(this::rebuild);
        }
    }

    /**
     * Moves the cursor, the moment's words and the step buttons to {@code p} without showing its state: the window
     * shows it already (a recording opened at a moment, a lesson's step).
     */
    public void follow(int p) {
        OpenedRecording o = recording.get();
        if (o == null) {
            return;
        }
        boolean asked = rebuildAsked;
        rebuildAsked = true; // no rebuild for this move
        setPosition(p);
        rebuildAsked = asked;
        shownPosition = position.get();
        updateTaskSteps();
        updateSynchronizationSteps(o);
        timeline.reveal(time.get());
    }

    /** Moves to the moment at time {@code t} (ns since the start): after every event up to and including it. */
    public void setTime(long t) {
        OpenedRecording o = recording.get();
        if (o != null) {
            setPosition(o.recording().positionAt(t));
        }
    }

    public void start() {
        step(0);
    }

    public void end() {
        OpenedRecording o = recording.get();
        if (o != null) {
            step(o.recording().size());
        }
    }

    public void previousEvent() {
        step(position.get() - 1);
    }

    public void nextEvent() {
        step(position.get() + 1);
    }

    /** To just after the selected task's next event; nothing without a selected task or a next event. */
    public void nextEventOfTask() {
        taskStep(true);
    }

    /** To just after the selected task's event before the one shown. */
    public void previousEventOfTask() {
        taskStep(false);
    }

    public void nextSynchronization() {
        OpenedRecording o = recording.get();
        if (o != null) {
            step(o.states().nextSynchronization(position.get()));
        }
    }

    public void previousSynchronization() {
        OpenedRecording o = recording.get();
        if (o != null) {
            step(RecordingSteps.previousSynchronization(o.recording(), position.get()));
        }
    }

    /** The window's selection changed: the task steps' buttons follow it. */
    public void selectionChanged() {
        updateTaskSteps();
    }

    /** Zooms in twice, about the moment when it is in view, else about the view's middle. */
    public void zoomIn() {
        timeline.zoomAbout(0.5, pivot());
    }

    public void zoomOut() {
        timeline.zoomAbout(2, pivot());
    }

    /** The whole run in view. */
    public void fit() {
        timeline.fit();
    }

    private double pivot() {
        RunLanes.Span v = view.get();
        long t = time.get();
        return t >= v.start() && t <= v.end() ? t : (v.start() + v.end()) / 2.0;
    }

    /** Zooms the timeline onto the selected task's life, from its first run to its last. */
    public void zoomToSelectedTask() {
        OpenedRecording o = recording.get();
        if (o != null) {
            selectedTask.get().flatMap(t -> o.lanes().span(t)).ifPresent(timeline::show);
        }
    }

    private void taskStep(boolean forward) {
        OpenedRecording o = recording.get();
        Optional<Long> task = selectedTask.get();
        if (o != null && task.isPresent()) {
            step(forward ? o.states().nextEventOf(position.get(), new TaskId(task.get()))
                    : RecordingSteps.previousEventOf(o.recording(), position.get(), task.get()));
        }
    }

    /** A step command: moves, and keeps the moment in the timeline's view. */
    private void step(int to) {
        if (to < 0 || recording.get() == null) {
            return;
        }
        setPosition(to);
        timeline.reveal(time.get());
    }

    /** Rebuilds the state at the position, once for every move since the last rebuild. */
    private void rebuild() {
        rebuildAsked = false;
        OpenedRecording o = recording.get();
        if (o == null || shownPosition == position.get()) {
            return;
        }
        int p = position.get();
        Snapshot s = o.states().after(p);
        shownPosition = p;
        rebuilds++;
        updateTaskSteps();
        updateSynchronizationSteps(o);
        window.showMoment(new LoadedSnapshot(s, o.diagnostics(), o.name() + " at "
                + RecordingTime.format(time.get()), o.path()));
    }

    private void updateSynchronizationSteps(OpenedRecording o) {
        canNextSync.set(o.states().nextSynchronization(position.get()) >= 0);
        canPreviousSync.set(RecordingSteps.previousSynchronization(o.recording(), position.get()) >= 0);
    }

    private void updateTaskSteps() {
        OpenedRecording o = recording.get();
        Optional<Long> task = o == null ? Optional.empty() : selectedTask.get();
        canNextOfTask.set(task.isPresent() && o.states().nextEventOf(position.get(), new TaskId(task.get())) >= 0);
        canPreviousOfTask.set(task.isPresent()
                && RecordingSteps.previousEventOf(o.recording(), position.get(), task.get()) >= 0);
    }
}
