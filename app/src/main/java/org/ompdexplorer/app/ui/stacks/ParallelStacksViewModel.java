package org.ompdexplorer.app.ui.stacks;

import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.ompdexplorer.app.stacks.StacksLayouter;
import org.ompdexplorer.app.stacks.StacksPicture;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.search.SearchQuery;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.LatestWinsScheduler;

/**
 * The Parallel Stacks view's state: the open snapshot's stacks merged and laid out in the background while the view
 * is shown (the latest snapshot or fold wins), whether runtime frames are folded, and the box last chosen. Choosing a
 * box or a class lists exactly its threads in the navigator, through the search box ({@code T1-T3,T6}), as the
 * Thread states page's counts do.
 */
public final class ParallelStacksViewModel {
    // Properties
    private final ObjectProperty<LoadedSnapshot> snapshot = new SimpleObjectProperty<>(this, "snapshot");
    private final BooleanProperty active = new SimpleBooleanProperty(this, "active");
    private final BooleanProperty foldRuntime = new SimpleBooleanProperty(this, "foldRuntime", true);
    private final ReadOnlyObjectWrapper<StacksPicture> picture = new ReadOnlyObjectWrapper<>(this, "picture");
    private final ReadOnlyIntegerWrapper chosen = new ReadOnlyIntegerWrapper(this, "chosen", -1);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");

    private final LatestWinsScheduler scheduler;
    private final Consumer<String> filter;
    private LoadedSnapshot laidOut;
    private boolean laidOutFolded;

    /** @param filter sets the search to a query and lists only its matches in the navigator */
    public ParallelStacksViewModel(BackgroundTasks tasks, Consumer<String> filter) {
        this.scheduler = new LatestWinsScheduler(tasks);
        this.filter = filter;
        snapshot.addListener((obs, old, now) -> refresh());
        active.addListener((obs, old, now) -> refresh());
        foldRuntime.addListener((obs, old, now) -> refresh());
    }

    /** The snapshot whose stacks are shown; the window binds it to the open one. */
    public ObjectProperty<LoadedSnapshot> snapshotProperty() {
        return snapshot;
    }

    /** Whether the view is in sight: a view out of sight is not laid out. */
    public BooleanProperty activeProperty() {
        return active;
    }

    /** Each run of runtime frames one line (the default); off shows every frame. */
    public BooleanProperty foldRuntimeProperty() {
        return foldRuntime;
    }

    /** The laid-out picture, or {@code null} before the first layout. */
    public ReadOnlyObjectProperty<StacksPicture> pictureProperty() {
        return picture.getReadOnlyProperty();
    }

    /** The box last chosen, or -1. */
    public ReadOnlyIntegerProperty chosenProperty() {
        return chosen.getReadOnlyProperty();
    }

    /** What the picture holds, in words: {@code 6 threads · 3 distinct stacks · runtime frames folded}. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    // Commands

    /** Lists exactly the box's threads in the navigator. */
    public void choose(int block) {
        StacksPicture shown = picture.get();
        if (shown == null || block < 0 || block >= shown.blocks().size()) {
            return;
        }
        chosen.set(block);
        filter.accept(SearchQuery.threads(shown.blocks().get(block).threads()));
    }

    /** Lists exactly the threads of a class (those that share a whole path). */
    public void chooseClass(int stackClass) {
        StacksPicture shown = picture.get();
        if (shown == null) {
            return;
        }
        shown.classes().stream().filter(c -> c.index() == stackClass).findFirst().ifPresent(c -> {
            chosen.set(c.block());
            filter.accept(SearchQuery.threads(c.threads()));
        });
    }

    private void refresh() {
        LoadedSnapshot s = snapshot.get();
        boolean folded = foldRuntime.get();
        if (s == null) {
            scheduler.cancel();
            laidOut = null;
            picture.set(null);
            status.set("");
            return;
        }
        if (!active.get() || (s == laidOut && folded == laidOutFolded && picture.get() != null)) {
            return;
        }
        status.set("laying out the stacks…");
        scheduler.schedule(BackgroundTask.of("Parallel stacks", context -> StacksLayouter.of(s.snapshot(), folded))
                .onSuccess(p -> {
                    laidOut = s;
                    laidOutFolded = folded;
                    chosen.set(-1);
                    picture.set(p);
                    status.set(describe(p));
                })
                .onFailure(error -> status.set("could not lay out the stacks: " + error)));
    }

    static String describe(StacksPicture p) {
        if (p.isEmpty()) {
            return "no call stacks in this snapshot";
        }
        return p.threadCount() + (p.threadCount() == 1 ? " thread · " : " threads · ") + p.classes().size()
                + (p.classes().size() == 1 ? " distinct stack" : " distinct stacks")
                + (p.runtimeFolded() ? " · runtime frames folded" : " · every frame")
                + (p.hidden() > 0 ? " · " + p.hidden() + " more boxes not drawn (over " + StacksLayouter.MAX_BLOCKS
                + ")" : "");
    }
}
