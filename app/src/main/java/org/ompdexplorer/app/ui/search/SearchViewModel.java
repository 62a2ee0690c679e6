package org.ompdexplorer.app.ui.search;

import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.LatestWinsScheduler;

/**
 * The search box: each edit searches the whole snapshot in the background (the latest edit wins); next and
 * previous step through the matches and navigate to them.
 */
public final class SearchViewModel {
    // Properties
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper(this, "searching", false);
    private final javafx.beans.property.ReadOnlyObjectWrapper<SearchResult> resultShown =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "result", SearchResult.NONE);
    private final javafx.beans.property.BooleanProperty onlyMatches =
            new javafx.beans.property.SimpleBooleanProperty(this, "onlyMatches", false);
    private final javafx.beans.property.BooleanProperty stuckOnly =
            new javafx.beans.property.SimpleBooleanProperty(this, "stuckOnly", false);

    private final LatestWinsScheduler scheduler;
    private final Consumer<Target> navigate;
    private LoadedSnapshot loaded;
    private SearchResult result = SearchResult.NONE;
    private int current = -1;
    private int pendingStep;

    /** @param navigate called with each match stepped to */
    public SearchViewModel(BackgroundTasks tasks, Consumer<Target> navigate) {
        this.scheduler = new LatestWinsScheduler(tasks);
        this.navigate = navigate;
        text.addListener((obs, old, now) -> search(now));
        stuckOnly.addListener((obs, old, now) -> {
            if (now) {
                onlyMatches.set(true); // the filter lists what is held up, not marks it in the whole tree
            }
            search(text.get());
        });
    }

    /**
     * "Only blocked or suspended": keeps the threads in a wait state and the tasks blocked on dependences, waiting at
     * a sync region, suspended or detached — alone, or with what the box asks for ({@link SearchQuery#STUCK}).
     */
    public javafx.beans.property.BooleanProperty stuckOnlyProperty() {
        return stuckOnly;
    }

    public StringProperty textProperty() {
        return text;
    }

    /** {@code 3 of 1,204}, {@code no matches}, or empty. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }

    /** The matches of the current text; empty while a search runs. */
    public SearchResult result() {
        return result;
    }

    /** The matches as they change, for the navigator to mark (and, with {@link #onlyMatchesProperty}, list). */
    public javafx.beans.property.ReadOnlyObjectProperty<SearchResult> resultProperty() {
        return resultShown.getReadOnlyProperty();
    }

    /** Whether the navigator shows only the matches instead of the whole tree. */
    public javafx.beans.property.BooleanProperty onlyMatchesProperty() {
        return onlyMatches;
    }

    // Commands

    public void setSnapshot(LoadedSnapshot snapshot) {
        this.loaded = snapshot;
        search(text.get());
    }

    /**
     * Lists only what {@code query} finds: the box says it, so the user sees why the navigator shrank and clears it
     * there ("Only matches" is turned on; "only blocked or suspended" off, or it would narrow the query).
     */
    public void filter(String query) {
        stuckOnly.set(false);
        onlyMatches.set(true);
        text.set(query);
    }

    /** Goes to the next match; when the search still runs, goes there as soon as it ends. */
    public void next() {
        step(1);
    }

    public void previous() {
        step(-1);
    }

    private void step(int direction) {
        if (searching.get()) {
            pendingStep = direction;
            return;
        }
        if (result.isEmpty() || loaded == null) {
            return;
        }
        current = current < 0 ? (direction > 0 ? 0 : result.size() - 1)
                : Math.floorMod(current + direction, result.size());
        showStatus();
        navigate.accept(result.target(current, loaded.snapshot()));
    }

    private void search(String typed) {
        String input = stuckOnly.get() ? (typed == null ? "" : typed + " ") + SearchQuery.STUCK : typed;
        result = SearchResult.NONE;
        resultShown.set(SearchResult.NONE);
        current = -1;
        pendingStep = 0;
        if (loaded == null || input == null || input.isBlank()) {
            scheduler.cancel();
            searching.set(false);
            status.set("");
            return;
        }
        LoadedSnapshot in = loaded;
        searching.set(true);
        status.set("searching…");
        scheduler.schedule(BackgroundTask.of("Search for " + input, context -> SnapshotSearch.run(in.snapshot(),
                        input, context))
                .onSuccess(this::found)
                .onFailure(error -> {
                    searching.set(false);
                    status.set("search failed: " + error.getMessage());
                }));
    }

    private void found(SearchResult found) {
        result = found;
        resultShown.set(found);
        searching.set(false);
        showStatus();
        int step = pendingStep;
        pendingStep = 0;
        if (step != 0) {
            step(step);
        }
    }

    private void showStatus() {
        if (result.isEmpty()) {
            status.set("no matches");
        } else if (current < 0) {
            status.set(EntityNames.count(result.size(), "match", "matches"));
        } else {
            status.set((current + 1) + " of " + EntityNames.count(result.size()));
        }
    }
}
