package org.ompdexplorer.app.ui.navigator;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * The navigator's state: the grouping the user chose and the top-level entries of the open snapshot in it.
 * Entries make their children lazily; the view shows at most {@link #PAGE_SIZE} of them at a time.
 */
public final class NavigatorViewModel {
    /** How many children a node shows before a "show more" entry. */
    public static final int PAGE_SIZE = 200;

    // Properties
    private final ObjectProperty<Grouping> grouping = new SimpleObjectProperty<>(this, "grouping", Grouping.STRUCTURE);
    private long snapshotVersion;
    private org.ompdexplorer.app.ui.search.SearchResult matches = org.ompdexplorer.app.ui.search.SearchResult.NONE;
    private boolean onlyMatches;
    private final javafx.beans.property.ReadOnlyLongWrapper matchesVersion =
            new javafx.beans.property.ReadOnlyLongWrapper(this, "matchesVersion");
    private final javafx.beans.property.ReadOnlyStringWrapper notice =
            new javafx.beans.property.ReadOnlyStringWrapper(this, "notice", "");
    private final ReadOnlyObjectWrapper<List<NavNode>> roots = new ReadOnlyObjectWrapper<>(this, "roots", List.of());

    private final Map<Grouping, NavigatorTree> trees = new EnumMap<>(Grouping.class);
    private LoadedSnapshot loaded;

    public NavigatorViewModel() {
        grouping.addListener((obs, old, now) -> rebuild());
    }

    public ObjectProperty<Grouping> groupingProperty() {
        return grouping;
    }

    public ReadOnlyObjectProperty<List<NavNode>> rootsProperty() {
        return roots.getReadOnlyProperty();
    }

    /**
     * One line said for the whole snapshot above the tree, or empty: "Task functions are not reported by OMPT;
     * tasks are named by where they were created" rather than a badge on every row.
     */
    public javafx.beans.property.ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /** Changes whenever the matches to mark change: rows repaint their marks then. */
    public javafx.beans.property.ReadOnlyLongProperty matchesVersionProperty() {
        return matchesVersion.getReadOnlyProperty();
    }

    /** Whether the search matched this entry's entity: its row is marked. */
    public boolean isMatch(Target target) {
        return loaded != null && !matches.isEmpty() && matches.contains(target, loaded.snapshot().index());
    }

    /** Whether the navigator lists only the matches now. */
    public boolean showsOnlyMatches() {
        return onlyMatches && !matches.isEmpty() && loaded != null;
    }

    /**
     * The search's matches, to mark in the tree, or with {@code only} to list instead of the tree (the grouping
     * comes back when the search is cleared or {@code only} is turned off).
     */
    public void showMatches(org.ompdexplorer.app.ui.search.SearchResult result, boolean only) {
        boolean listed = showsOnlyMatches();
        matches = result == null ? org.ompdexplorer.app.ui.search.SearchResult.NONE : result;
        onlyMatches = only;
        matchesVersion.set(matchesVersion.get() + 1);
        if (listed || showsOnlyMatches()) {
            rebuild();
        }
    }

    /** Changes with every {@link #setSnapshot}: what the view keeps per grouping belongs to one snapshot. */
    public long snapshotVersion() {
        return snapshotVersion;
    }

    // Commands

    /** Shows another snapshot; the grouping stays. */
    public void setSnapshot(LoadedSnapshot snapshot) {
        this.loaded = snapshot;
        snapshotVersion++;
        matches = org.ompdexplorer.app.ui.search.SearchResult.NONE; // the search reruns on the new snapshot
        trees.clear();
        notice.set(snapshot == null ? "" : org.ompdexplorer.app.ui.entity.UniformGaps.of(snapshot.snapshot().tasks())
                .notice().orElse(""));
        rebuild();
    }

    /** The path to the target's entry in the current grouping, or empty when this grouping does not show it. */
    public Optional<List<String>> pathTo(Target target) {
        if (showsOnlyMatches()) {
            return new MatchesTree(loaded, matches).pathTo(target);
        }
        return loaded == null ? Optional.empty() : tree(grouping.get()).pathTo(target);
    }

    /**
     * The path to reveal the target: in the current grouping when it shows the target, else after switching to
     * the grouping that does (threads live only in the thread grouping, regions only in the structure one).
     */
    public Optional<List<String>> reveal(Target target) {
        Optional<List<String>> path = pathTo(target);
        if (path.isPresent() || loaded == null || showsOnlyMatches()) {
            return path; // listing matches: no switching of groupings behind the list
        }
        for (Grouping other : Grouping.values()) {
            if (other != grouping.get()) {
                Optional<List<String>> there = tree(other).pathTo(target);
                if (there.isPresent()) {
                    grouping.set(other);
                    return there;
                }
            }
        }
        return Optional.empty();
    }

    private NavigatorTree tree(Grouping g) {
        return trees.computeIfAbsent(g, k -> switch (k) {
            case STRUCTURE -> new StructureTree(loaded);
            case THREADS -> new ThreadTree(loaded);
        });
    }

    private void rebuild() {
        roots.set(loaded == null ? List.of() : showsOnlyMatches() ? new MatchesTree(loaded, matches).roots()
                : tree(grouping.get()).roots());
    }
}
