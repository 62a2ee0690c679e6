package org.ompdexplorer.app.ui.details;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.LatestWinsScheduler;

/**
 * The details pane's state: the page of the current selection, made off the FX thread (the latest selection
 * wins), and whether ICV tables show effective values.
 */
public final class DetailsViewModel {
    // Properties
    private final ReadOnlyObjectWrapper<DetailsPage> page = new ReadOnlyObjectWrapper<>(this, "page");
    private final BooleanProperty effectiveIcvs = new SimpleBooleanProperty(this, "effectiveIcvs", false);
    private final BooleanProperty explainShown = new SimpleBooleanProperty(this, "explainShown", true);

    private final LatestWinsScheduler scheduler;
    private final java.util.function.Consumer<String> filter;
    private LoadedSnapshot loaded;
    private java.util.function.Consumer<org.ompdexplorer.model.callstack.CallFrame> sourceOpener = frame -> { };
    private Runnable parallelStacksShower = () -> { };

    public DetailsViewModel(BackgroundTasks tasks) {
        this(tasks, query -> { });
    }

    /** @param filter sets the search to a query and lists only its matches (a count's link follows it) */
    public DetailsViewModel(BackgroundTasks tasks, java.util.function.Consumer<String> filter) {
        this.scheduler = new LatestWinsScheduler(tasks);
        this.filter = filter;
    }

    public ReadOnlyObjectProperty<DetailsPage> pageProperty() {
        return page.getReadOnlyProperty();
    }

    /** Show the ICVs each entity inherits from enclosing scopes, not just those of its own scope. */
    public BooleanProperty effectiveIcvsProperty() {
        return effectiveIcvs;
    }

    /** Whether the Explain pane is unfolded; the window remembers it between runs. */
    public BooleanProperty explainShownProperty() {
        return explainShown;
    }

    // Commands

    /** Follows a count's filter: the navigator lists only what {@code query} finds ({@link Value#filter()}). */
    public void filter(String query) {
        if (query != null && !query.isBlank()) {
            filter.accept(query);
        }
    }

    /** What opening a frame's source does (the window shows its source view) and what shows the parallel stacks. */
    public void setStackActions(java.util.function.Consumer<org.ompdexplorer.model.callstack.CallFrame> openSource,
                                Runnable showParallelStacks) {
        this.sourceOpener = java.util.Objects.requireNonNull(openSource);
        this.parallelStacksShower = java.util.Objects.requireNonNull(showParallelStacks);
    }

    /** A frame of a call stack was followed: its source file, at its line. */
    public void openSource(org.ompdexplorer.model.callstack.CallFrame frame) {
        if (frame != null && frame.file() != null) {
            sourceOpener.accept(frame);
        }
    }

    /** The thread page's "Parallel stacks" link: every thread's stack merged. */
    public void showParallelStacks() {
        parallelStacksShower.run();
    }

    public void setSnapshot(LoadedSnapshot snapshot) {
        this.loaded = snapshot;
        scheduler.cancel();
        page.set(null);
    }

    /** Makes the target's page in the background; a newer call supersedes this one. */
    public void show(Target target) {
        if (loaded == null || target == null) {
            return;
        }
        LoadedSnapshot from = loaded;
        scheduler.schedule(BackgroundTask.of("Details of " + EntityNames.of(target),
                        context -> DetailsPages.of(from, target))
                .onSuccess(page::set)
                .onFailure(error -> page.set(DetailsPages.failed(target, error))));
    }

    /** The shown page as text, for the clipboard; empty when nothing is shown. */
    public String copyText() {
        DetailsPage shown = page.get();
        return shown == null ? "" : shown.asText();
    }
}
