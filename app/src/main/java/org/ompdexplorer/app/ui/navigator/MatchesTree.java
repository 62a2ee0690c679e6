package org.ompdexplorer.app.ui.navigator;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.entity.UniformGaps;
import org.ompdexplorer.app.ui.search.SearchResult;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;

/**
 * "Show only matches": the navigator lists the search's matches — threads, parallel regions, then tasks, in snapshot
 * order — each row as it is in the tree, with its badges. Rows are made a page at a time, so a million matches
 * cost their positions only.
 */
final class MatchesTree implements NavigatorTree {
    static final String MATCHES = "group:matches";

    private final Snapshot snapshot;
    private final SearchResult result;
    private final UniformGaps gaps;

    MatchesTree(LoadedSnapshot loaded, SearchResult result) {
        this.snapshot = loaded.snapshot();
        this.result = result;
        this.gaps = UniformGaps.of(snapshot.tasks());
    }

    @Override
    public List<NavNode> roots() {
        return List.of(EntityNodes.group(MATCHES, "Matches for “" + result.input() + "”", result.size(),
                () -> new ChildSource() {
                    @Override
                    public int size() {
                        return result.size();
                    }

                    @Override
                    public NavNode get(int index) {
                        return node(result.target(index, snapshot));
                    }

                    @Override
                    public int indexOf(String childId) {
                        return index(childId);
                    }
                }));
    }

    private NavNode node(Target target) {
        EntityRef ref = ((Target.Entity) target).ref();
        int at = snapshot.index().position(ref);
        return switch (ref.kind()) {
            case THREAD -> EntityNodes.thread(snapshot.threads().get(at), null);
            case PARALLEL_REGION -> EntityNodes.region(snapshot.parallelRegions().get(at), null);
            default -> EntityNodes.task(snapshot.tasks().get(at),
                    snapshot.index().generatedCount(snapshot.tasks().get(at).id()), gaps, snapshot.index(), null);
        };
    }

    /** The row of {@code childId} ({@code task:17}), found by binary search, or −1. */
    private int index(String childId) {
        int colon = childId.indexOf(':');
        if (colon < 0) {
            return -1;
        }
        EntityKind kind = switch (childId.substring(0, colon)) {
            case "thread" -> EntityKind.THREAD;
            case "region" -> EntityKind.PARALLEL_REGION;
            case "task" -> EntityKind.TASK;
            default -> null;
        };
        long id;
        try {
            id = Long.parseLong(childId.substring(colon + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
        if (kind == null) {
            return -1;
        }
        int at = snapshot.index().position(new EntityRef(kind, id));
        if (at < 0) {
            return -1;
        }
        return switch (kind) {
            case THREAD -> found(Arrays.binarySearch(result.threads(), at), 0);
            case PARALLEL_REGION -> found(Arrays.binarySearch(result.regions(), at), result.threads().length);
            default -> found(Arrays.binarySearch(result.tasks(), at), result.threads().length + result.regions().length);
        };
    }

    private static int found(int i, int offset) {
        return i < 0 ? -1 : offset + i;
    }

    @Override
    public Optional<List<String>> pathTo(Target target) {
        return result.contains(target, snapshot.index()) ? Optional.of(List.of(MATCHES, target.key()))
                : Optional.empty();
    }
}
