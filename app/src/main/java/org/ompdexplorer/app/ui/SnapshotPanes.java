package org.ompdexplorer.app.ui;

import java.util.Optional;
import javafx.beans.binding.Bindings;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.source.SourceViewModel;
import org.ompdexplorer.app.ui.stacks.ParallelStacksViewModel;
import org.ompdexplorer.app.ui.task.BackgroundTasks;

/**
 * The view models of the panes beside the details that show the open snapshot another way: the task graph (the
 * moment's, or an open recording's whole run when asked), the Parallel Stacks, and the source view of a call frame.
 */
final class SnapshotPanes {
    private final OpenSnapshot open;
    private final GraphViewModel graph;
    private final ParallelStacksViewModel stacks;
    private final SourceViewModel source;

    SnapshotPanes(BackgroundTasks tasks, ExplorerPreferences preferences, OpenSnapshot open) {
        this.open = open;
        this.graph = new GraphViewModel(tasks, preferences, open::navigate);
        graph.selectionProperty().bind(open.selectionProperty());
        this.stacks = new ParallelStacksViewModel(tasks, open.search()::filter);
        stacks.snapshotProperty().bind(open.snapshotProperty());
        this.source = new SourceViewModel(tasks, preferences, () -> {
            LoadedSnapshot shown = open.snapshotProperty().get();
            return shown == null ? Optional.empty() : shown.path().map(p -> p.toAbsolutePath().getParent());
        });
        open.snapshotProperty().addListener((obs, old, now) -> source.clear());
    }

    /** The task graph shows the moment, or the recording's whole run when asked (and built). */
    void graphFollows(Recordings recordings) {
        graph.snapshotProperty().bind(Bindings.createObjectBinding(() ->
                        recordings.wholeRunGraphProperty().get() && recordings.wholeRunProperty().get() != null
                                ? recordings.wholeRunProperty().get() : open.snapshotProperty().get(),
                recordings.wholeRunGraphProperty(), recordings.wholeRunProperty(), open.snapshotProperty()));
    }

    GraphViewModel graph() {
        return graph;
    }

    ParallelStacksViewModel stacks() {
        return stacks;
    }

    SourceViewModel source() {
        return source;
    }
}
