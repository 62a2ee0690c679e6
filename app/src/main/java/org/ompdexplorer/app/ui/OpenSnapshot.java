package org.ompdexplorer.app.ui;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.ompdexplorer.app.ui.details.DetailsViewModel;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SelectionHistory;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavigatorViewModel;
import org.ompdexplorer.app.ui.search.SearchViewModel;
import org.ompdexplorer.app.ui.task.BackgroundTasks;

/**
 * The snapshot open in the window and how it is browsed: the navigator, the details pane and the search box that
 * show it, the selection and its history (Back, Forward), and the window's title.
 */
final class OpenSnapshot {
    /** Kept across runs, like the theme: how the user last left the ICV tables. */
    static final String EFFECTIVE_ICVS_KEY = "details.effectiveIcvs";

    private final ReadOnlyObjectWrapper<LoadedSnapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyObjectWrapper<Target> selection = new ReadOnlyObjectWrapper<>(this, "selection");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "OMPD Explorer");
    private final SelectionHistory history = new SelectionHistory();
    private final NavigatorViewModel navigator = new NavigatorViewModel();
    private final DetailsViewModel details;
    private final SearchViewModel search;

    OpenSnapshot(BackgroundTasks tasks, ExplorerPreferences preferences) {
        this.search = new SearchViewModel(tasks, this::navigate);
        this.details = new DetailsViewModel(tasks, search::filter);
        // the navigator marks the search's matches, or lists only them
        search.resultProperty().addListener((obs, old, now) -> navigator.showMatches(now,
                search.onlyMatchesProperty().get()));
        search.onlyMatchesProperty().addListener((obs, old, now) -> navigator.showMatches(search.resultProperty().get(),
                now));
        preferences.remembered(EFFECTIVE_ICVS_KEY).ifPresent(v -> details.effectiveIcvsProperty()
                .set(Boolean.parseBoolean(v)));
        details.effectiveIcvsProperty().addListener((obs, old, now) -> preferences.remember(EFFECTIVE_ICVS_KEY,
                Boolean.toString(now)));
    }

    ReadOnlyObjectProperty<LoadedSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Target> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** Sets the window's title (compare mode names what it compares). */
    void title(String text) {
        title.set(text);
    }

    SelectionHistory history() {
        return history;
    }

    NavigatorViewModel navigator() {
        return navigator;
    }

    DetailsViewModel details() {
        return details;
    }

    SearchViewModel search() {
        return search;
    }

    /** Opens {@code loaded} in the navigator and details (behind compare mode while it is on). */
    void show(LoadedSnapshot loaded) {
        snapshot.set(loaded);
        history.clear();
        selection.set(null);
        navigator.setSnapshot(loaded);
        details.setSnapshot(loaded);
        search.setSnapshot(loaded);
        navigate(Target.of(SnapshotPage.CAPTURE));
        // last: the title bar is redrawn at once, the content only once this returns (a big snapshot's tree takes
        // a while), and the title must not name a file the window does not show yet
        title.set("OMPD Explorer — " + loaded.sourceName());
    }

    /**
     * Shows {@code moment}, a recording's state at another moment, in place of the snapshot shown: the selection and
     * the history stay (a task selected before its creation or after its end stays selected, its page saying it is
     * not alive then), so stepping through a run follows what the user looks at.
     */
    void showMoment(LoadedSnapshot moment) {
        Target at = selection.get();
        snapshot.set(moment);
        navigator.setSnapshot(moment);
        details.setSnapshot(moment);
        search.setSnapshot(moment);
        selection.set(null);
        select(at == null ? Target.of(SnapshotPage.CAPTURE) : at);
        title.set("OMPD Explorer — " + moment.sourceName());
    }

    /** Shows {@code validated} again, with every diagnostic and the same page selected. */
    void showValidated(LoadedSnapshot validated) {
        Target at = selection.get();
        show(validated);
        navigate(at);
    }

    /** Selects what the user picked in the navigator or followed as a link, and records it for Back. */
    void navigate(Target target) {
        if (target == null || target.equals(selection.get())) {
            return;
        }
        history.visit(target);
        select(target);
    }

    void back() {
        history.back().ifPresent(this::select);
    }

    void forward() {
        history.forward().ifPresent(this::select);
    }

    private void select(Target target) {
        selection.set(target);
        details.show(target);
    }

    /** The selection as text, for the clipboard. */
    String copyText() {
        return details.copyText();
    }
}
