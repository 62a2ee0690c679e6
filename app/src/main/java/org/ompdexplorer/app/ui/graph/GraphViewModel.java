package org.ompdexplorer.app.ui.graph;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.FittedLayout;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.ui.ompd.RememberedValues;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.LatestWinsScheduler;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * The task graph of the open snapshot: which part it shows (the whole snapshot, or the selection's region or
 * subtree), its options, the layout made off the FX thread (only the latest request counts), the node of the
 * selection, and what a click on a node does (select its task; open a collapsed node).
 */
public final class GraphViewModel {
    static final String SCOPE_KEY = "graph.scope";
    static final String ALL_SCHEDULING_KEY = "graph.allScheduling";
    static final String LANES_KEY = "graph.threadLanes";
    /**
     * The window's node budget: a picture a person can read in a pane, with big subtrees collapsed to open by a
     * click (the CLI's default, for a file to zoom into, is {@link GraphOptions#DEFAULT}'s). Within it, the picture
     * fits {@link #WINDOW_MAX_SIDE} px a side, until the user opens nodes.
     */
    static final int WINDOW_MAX_NODES = 400;
    /**
     * The longest side of the window's picture at 100 % until the user opens nodes (issue 24 item 10): a file's
     * {@link FittedLayout#MAX_SIDE} made a 200,000-task snapshot a strip 6,541 × 756 px, 15 % when fitted, boxes
     * without text. Within 3,000 px it fits a 1,000 × 600 px pane at a third or more, where the painter draws node
     * titles ({@code GraphPainter.TEXT_SCALE}); the rest is a click away.
     */
    static final double WINDOW_MAX_SIDE = 3_000;
    /** The least zoom a fitted window picture is shown at in a 1,000 × 600 px pane. */
    static final double MIN_FITTED_SCALE = 1_000 / WINDOW_MAX_SIDE;

    /** The narrowest bound a pane puts on the picture's width: a few columns of nodes. */
    static final double MIN_SIDE = 1_000;

    private final LatestWinsScheduler scheduler;
    /** The width of the pane the graph is shown in, in px; 0 before it is laid out. */
    private double paneWidth;
    private final Consumer<Target> navigate;
    private final ObjectProperty<LoadedSnapshot> snapshot = new SimpleObjectProperty<>(this, "snapshot");
    private final ObjectProperty<Target> selection = new SimpleObjectProperty<>(this, "selection");
    private final ObjectProperty<GraphScopeMode> mode = new SimpleObjectProperty<>(this, "mode", GraphScopeMode.WHOLE);
    private final BooleanProperty allScheduling = new SimpleBooleanProperty(this, "allScheduling", false);
    private final BooleanProperty threadLanes = new SimpleBooleanProperty(this, "threadLanes", false);
    private final ReadOnlyObjectWrapper<GraphLayout> layout = new ReadOnlyObjectWrapper<>(this, "layout");
    private final ReadOnlyIntegerWrapper selectedNode = new ReadOnlyIntegerWrapper(this, "selectedNode", -1);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ObjectProperty<java.util.function.LongFunction<GraphPainter.Mark>> marker =
            new SimpleObjectProperty<>(this, "marker");
    private final ReadOnlyObjectWrapper<Map<Integer, GraphPainter.Mark>> nodeMarks =
            new ReadOnlyObjectWrapper<>(this, "nodeMarks", Map.of());
    private final BooleanProperty keepView = new SimpleBooleanProperty(this, "keepView", false);
    private final Set<Long> expanded = new HashSet<>();
    private Map<Long, Integer> nodeByTask = Map.of(); // of the layout shown
    private GraphScope shownScope;
    private boolean active;

    public GraphViewModel(BackgroundTasks tasks, RememberedValues remembered, Consumer<Target> navigate) {
        this.scheduler = new LatestWinsScheduler(tasks);
        this.navigate = navigate;
        remembered.remembered(SCOPE_KEY).ifPresent(v -> {
            try {
                mode.set(GraphScopeMode.valueOf(v));
            } catch (IllegalArgumentException e) {
                // a value from another version: keep the default
            }
        });
        remembered.remembered(ALL_SCHEDULING_KEY).ifPresent(v -> allScheduling.set(Boolean.parseBoolean(v)));
        mode.addListener((obs, old, now) -> {
            remembered.remember(SCOPE_KEY, now.name());
            refresh(true);
        });
        allScheduling.addListener((obs, old, now) -> {
            remembered.remember(ALL_SCHEDULING_KEY, Boolean.toString(now));
            refresh(true);
        });
        remembered.remembered(LANES_KEY).ifPresent(v -> threadLanes.set(Boolean.parseBoolean(v)));
        threadLanes.addListener((obs, old, now) -> {
            remembered.remember(LANES_KEY, Boolean.toString(now));
            refresh(true);
        });
        snapshot.addListener((obs, old, now) -> {
            expanded.clear();
            refresh(true);
        });
        selection.addListener((obs, old, now) -> refresh(false));
        marker.addListener((obs, old, now) -> nodeMarks.set(marks(layout.get())));
        layout.addListener((obs, old, now) -> nodeMarks.set(marks(now)));
    }

    /**
     * What happened to each task, by id (compare mode: added, removed, changed), or {@code null} for no marks: the
     * nodes are marked with it ({@link #nodeMarksProperty()}).
     */
    public ObjectProperty<java.util.function.LongFunction<GraphPainter.Mark>> markerProperty() {
        return marker;
    }

    /** The compare-mode mark of each node: its tasks' mark, or changed when they differ. */
    public ReadOnlyObjectProperty<Map<Integer, GraphPainter.Mark>> nodeMarksProperty() {
        return nodeMarks.getReadOnlyProperty();
    }

    private Map<Integer, GraphPainter.Mark> marks(GraphLayout shown) {
        var mark = marker.get();
        if (mark == null || shown == null) {
            return Map.of();
        }
        Map<Integer, GraphPainter.Mark> result = new HashMap<>();
        for (GraphNode n : shown.graph().nodes()) {
            GraphPainter.Mark node = null;
            boolean mixed = false;
            boolean first = true;
            for (long task : n.tasks()) { // an unchanged task (no mark) beside an added one is a mix too
                GraphPainter.Mark m = mark.apply(task);
                if (first) {
                    node = m;
                    first = false;
                } else if (m != node) {
                    mixed = true;
                    break;
                }
            }
            if (mixed) {
                node = GraphPainter.Mark.CHANGED;
            }
            if (node != null) {
                result.put(n.index(), node);
            }
        }
        return Map.copyOf(result);
    }

    public ObjectProperty<LoadedSnapshot> snapshotProperty() {
        return snapshot;
    }

    public ObjectProperty<Target> selectionProperty() {
        return selection;
    }

    public ObjectProperty<GraphScopeMode> modeProperty() {
        return mode;
    }

    public BooleanProperty allSchedulingProperty() {
        return allScheduling;
    }

    /**
     * Whether a new layout keeps the view's zoom and position (the steps of a series) rather than fitting the
     * whole graph in view (a new snapshot).
     */
    public BooleanProperty keepViewProperty() {
        return keepView;
    }

    /** Lanes by executing thread instead of region boxes. */
    public BooleanProperty threadLanesProperty() {
        return threadLanes;
    }

    public ReadOnlyObjectProperty<GraphLayout> layoutProperty() {
        return layout.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty selectedNodeProperty() {
        return selectedNode.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /**
     * The width of the pane the graph is shown in (px): the next layout's picture is at most three times as
     * wide, so that it fits at a zoom where node titles are drawn. A resize does not lay the graph out again.
     */
    public void setPaneWidth(double width) {
        paneWidth = width;
    }

    /**
     * Whether the graph is on screen: a hidden graph is not laid out (a 1M-task snapshot costs nothing until the
     * graph is shown); showing it lays out what is pending.
     */
    public void setActive(boolean now) {
        boolean was = active;
        active = now;
        if (now && !was) {
            refresh(true);
        }
    }

    /** A click on a node: its task becomes the selection, and a collapsed node opens. */
    public void clicked(int node) {
        GraphLayout current = layout.get();
        if (current == null || node < 0 || node >= current.graph().nodes().size()) {
            return;
        }
        GraphNode n = current.graph().nodes().get(node);
        if (n.isCollapsed()) {
            expanded.add(n.task());
            refresh(true);
        }
        navigate.accept(Target.of(new TaskId(n.task())));
    }

    /** Whether any collapsed node was opened. */
    public boolean hasExpanded() {
        return !expanded.isEmpty();
    }

    /** Collapses every node the user opened again. */
    public void collapseAll() {
        if (!expanded.isEmpty()) {
            expanded.clear();
            refresh(true);
        }
    }

    /** The text a node shows on hover: what it stands for and its links. */
    public Optional<String> summary(int node) {
        GraphLayout current = layout.get();
        LoadedSnapshot loaded = snapshot.get();
        if (current == null || loaded == null || node < 0 || node >= current.graph().nodes().size()) {
            return Optional.empty();
        }
        return Optional.of(NodeSummary.of(loaded.snapshot(), current.graph(), current.graph().nodes().get(node)));
    }

    private void refresh(boolean always) {
        LoadedSnapshot loaded = snapshot.get();
        if (loaded == null) {
            scheduler.cancel();
            layout.set(null);
            status.set("");
            return;
        }
        GraphScope scope = scope(loaded.snapshot());
        if (!always && scope.equals(shownScope) && layout.get() != null) {
            selectedNode.set(nodeOfSelection());
            return;
        }
        if (!active) {
            shownScope = null; // laid out when shown
            return;
        }
        shownScope = scope;
        GraphOptions options = new GraphOptions(allScheduling.get(), GraphOptions.DEFAULT.aggregateAt(),
                WINDOW_MAX_NODES, expanded, threadLanes.get(), GraphOptions.FIT_COLUMNS, GraphOptions.FIT_DEPTH)
                .withPlacement(loaded.placement());
        Snapshot s = loaded.snapshot();
        // as wide as the pane shows at a third: a 2,700 px picture was fitted at 29 % in a 770 px pane (the walk)
        double maxWidth = paneWidth > 0 ? Math.clamp(paneWidth / MIN_FITTED_SCALE, MIN_SIDE, WINDOW_MAX_SIDE)
                : WINDOW_MAX_SIDE;
        busy.set(true);
        status.set("Laying out the graph…");
        scheduler.schedule(BackgroundTask.of("Task graph", ctx -> {
            long start = System.nanoTime();
            GraphLayout placed = FittedLayout.layout(s, scope, options, maxWidth, WINDOW_MAX_SIDE);
            return new Result(placed, placed.graph().nodeIndex(), (System.nanoTime() - start) / 1_000_000);
        }).onSuccess(r -> {
            busy.set(false);
            nodeByTask = r.nodeByTask();
            layout.set(r.layout());
            selectedNode.set(nodeOfSelection());
            status.set(statusOf(r));
        }).onFailure(e -> {
            busy.set(false);
            nodeByTask = Map.of();
            layout.set(null);
            status.set("The graph could not be laid out: " + e.getMessage());
        }).onCancelled(() -> busy.set(false)));
    }

    private record Result(GraphLayout layout, Map<Long, Integer> nodeByTask, long millis) {
    }

    private String statusOf(Result r) {
        TaskGraph g = r.layout().graph();
        if (g.nodes().isEmpty()) {
            return switch (mode.get()) {
                case WHOLE -> "The snapshot has no tasks.";
                case REGION -> "No tasks are bound to this region.";
                case SUBTREE -> "Select a task to see what it generated.";
            };
        }
        String tasks = g.tasksShown() == g.nodes().size() ? g.nodes().size() + (g.nodes().size() == 1 ? " task"
                : " tasks") : g.tasksShown() + " tasks in " + g.nodes().size() + " nodes";
        return tasks + " · " + g.edges().size() + " edges" + (g.linksLeftOut() > 0 ? " (" + g.linksLeftOut()
                + (g.linksLeftOut() == 1 ? " more link not drawn)" : " more links not drawn)") : "") + (g.collapsedForSize()
                ? " · large subtrees collapsed: click one to open it" : "") + " · laid out in " + r.millis() + " ms";
    }

    /** The part of the snapshot the mode and the selection name; the whole snapshot when they name none. */
    private GraphScope scope(Snapshot s) {
        Target target = selection.get();
        if (mode.get() == GraphScopeMode.WHOLE || !(target instanceof Target.Entity(EntityRef ref))) {
            return GraphScope.whole();
        }
        if (mode.get() == GraphScopeMode.SUBTREE) {
            return ref.kind() == EntityKind.TASK ? new GraphScope.Subtree(new TaskId(ref.id()))
                    : s.index().thread(new ThreadId(ref.id())).filter(t -> ref.kind() == EntityKind.THREAD)
                    .flatMap(t -> known(t.currentTask())).<GraphScope>map(GraphScope.Subtree::new)
                    .orElse(GraphScope.whole());
        }
        Optional<RegionId> region = switch (ref.kind()) {
            case PARALLEL_REGION -> Optional.of(new RegionId(ref.id()));
            case TASK -> s.index().task(new TaskId(ref.id())).flatMap(t -> known(t.parallelRegion()));
            case THREAD -> s.index().thread(new ThreadId(ref.id())).flatMap(t -> known(t.currentRegion()));
            default -> Optional.empty();
        };
        return region.<GraphScope>map(GraphScope.Region::new).orElse(GraphScope.whole());
    }

    private static <T> Optional<T> known(Fact<T> fact) {
        return fact instanceof Fact.Known<T>(T value) ? Optional.of(value) : Optional.empty();
    }

    private int nodeOfSelection() {
        if (selection.get() instanceof Target.Entity(EntityRef ref) && ref.kind() == EntityKind.TASK) {
            return nodeByTask.getOrDefault(ref.id(), -1); // made with the layout: no scan on the FX thread
        }
        return -1;
    }
}
