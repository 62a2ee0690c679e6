package org.ompdexplorer.app.ui.lesson;

import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/**
 * A lesson being taught: its steps (loaded snapshots and their series), the step shown with its label and
 * narrative, Previous/Next step, and whether the Lessons page is shown. The first step is shown as a snapshot; each
 * later step as compare mode's diff with the step before, so what changed is marked (the window does both, through
 * {@link Window}).
 */
public final class LessonViewModel {
    /** What the lesson asks of the window. */
    public interface Window {
        /** Shows one snapshot as when a file is opened, leaving compare mode, without ending the lesson. */
        void showLessonSnapshot(LoadedSnapshot snapshot);

        /** Shows compare mode on {@code series} at step {@code step} (snapshot {@code step} against the next). */
        void showLessonComparison(List<LoadedSnapshot> snapshots, SnapshotSeries series, int step);
    }

    // Properties
    private final ReadOnlyObjectWrapper<Lesson> lesson = new ReadOnlyObjectWrapper<>(this, "lesson");
    private final ReadOnlyIntegerWrapper step = new ReadOnlyIntegerWrapper(this, "step", -1);
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper(this, "stepText", "");
    private final ReadOnlyStringWrapper narrative = new ReadOnlyStringWrapper(this, "narrative", "");
    private final ReadOnlyBooleanWrapper canPrevious = new ReadOnlyBooleanWrapper(this, "canPrevious", false);
    private final ReadOnlyBooleanWrapper canNext = new ReadOnlyBooleanWrapper(this, "canNext", false);
    private final ReadOnlyBooleanWrapper pageShown = new ReadOnlyBooleanWrapper(this, "pageShown", false);
    private final Window window;
    private List<LoadedSnapshot> snapshots = List.of();
    private SnapshotSeries series;

    public LessonViewModel(Window window) {
        this.window = window;
    }

    /** The lesson being taught, or {@code null}. */
    public ReadOnlyObjectProperty<Lesson> lessonProperty() {
        return lesson.getReadOnlyProperty();
    }

    /** The step shown, 0 for the first; −1 without a lesson. */
    public ReadOnlyIntegerProperty stepProperty() {
        return step.getReadOnlyProperty();
    }

    /** {@code Step 2 of 4: fib(2) is back from its taskwait}. */
    public ReadOnlyStringProperty stepTextProperty() {
        return stepText.getReadOnlyProperty();
    }

    /** What the student should look at in the step shown. */
    public ReadOnlyStringProperty narrativeProperty() {
        return narrative.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canPreviousProperty() {
        return canPrevious.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canNextProperty() {
        return canNext.getReadOnlyProperty();
    }

    /** Whether the Lessons page takes the centre of the window. */
    public ReadOnlyBooleanProperty pageShownProperty() {
        return pageShown.getReadOnlyProperty();
    }

    /** Every bundled lesson, for the Lessons page and the menu. */
    public List<Lesson> lessons() {
        return BundledResources.lessons();
    }

    public boolean isActive() {
        return lesson.get() != null;
    }

    // Commands

    public void showPage() {
        pageShown.set(true);
    }

    public void hidePage() {
        pageShown.set(false);
    }

    /** Starts {@code taught} on its first step; {@code loaded} are its steps' snapshots and their series. */
    public void start(Lesson taught, List<LoadedSnapshot> loaded, SnapshotSeries made) {
        if (loaded.size() != taught.steps().size() || made.snapshots().size() != loaded.size()) {
            throw new IllegalArgumentException("the lesson " + taught.name() + " has " + taught.steps().size()
                    + " steps, not " + loaded.size());
        }
        pageShown.set(false);
        lesson.set(taught);
        snapshots = List.copyOf(loaded);
        series = made;
        step.set(-1);
        setStep(0);
    }

    /** Shows step {@code i} (0 for the first): its snapshot, or its diff with the step before. */
    public void setStep(int i) {
        Lesson l = lesson.get();
        if (l == null || i < 0 || i >= l.steps().size() || i == step.get()) {
            return;
        }
        step.set(i);
        pageShown.set(false); // the step is what F8 asks to see, not the Lessons page in front of it
        LessonStep s = l.steps().get(i);
        stepText.set("Step " + (i + 1) + " of " + l.steps().size() + ": " + s.label());
        narrative.set(s.narrative());
        canPrevious.set(i > 0);
        canNext.set(i < l.steps().size() - 1);
        if (i == 0) {
            window.showLessonSnapshot(snapshots.getFirst());
        } else {
            window.showLessonComparison(snapshots, series, i - 1);
        }
    }

    public void nextStep() {
        setStep(step.get() + 1);
    }

    public void previousStep() {
        setStep(step.get() - 1);
    }

    /**
     * Follows compare mode's own timeline: its step {@code compareStep} (snapshot {@code compareStep} against the
     * next) is the lesson's step {@code compareStep + 1}.
     */
    public void followComparison(int compareStep) {
        if (isActive() && compareStep >= 0 && compareStep + 1 != step.get()) {
            setStep(compareStep + 1);
        }
    }

    /** The snapshot of the step shown, or {@code null} without a lesson. */
    public LoadedSnapshot stepSnapshot() {
        return isActive() && step.get() >= 0 ? snapshots.get(step.get()) : null;
    }

    /** Ends the lesson (the window decides what stays open). */
    public void clear() {
        lesson.set(null);
        snapshots = List.of();
        series = null;
        step.set(-1);
        stepText.set("");
        narrative.set("");
        canPrevious.set(false);
        canNext.set(false);
    }
}
