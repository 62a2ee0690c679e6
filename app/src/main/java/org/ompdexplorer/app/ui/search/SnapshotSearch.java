package org.ompdexplorer.app.ui.search;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.ompdexplorer.app.ui.search.SearchQuery.Field;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadState;

/**
 * Searches a whole snapshot. Runs off the FX thread; a million tasks take tens of milliseconds because tasks
 * share their function, kind and lifecycle objects and each distinct one is matched once.
 */
public final class SnapshotSearch {
    private static final int CHUNK = 1 << 16;

    private SnapshotSearch() {
    }

    /** The threads, regions and tasks that meet every term of {@code input} ({@link SearchQuery#terms}). */
    public static SearchResult run(Snapshot snapshot, String input, JobContext context) {
        List<SearchQuery> terms = SearchQuery.terms(input);
        if (terms.isEmpty()) {
            return SearchResult.NONE;
        }
        List<OmpThread> threads = snapshot.threads();
        int[] t = IntStream.range(0, threads.size())
                .filter(i -> terms.stream().allMatch(q -> matches(q, threads.get(i)))).toArray();
        List<ParallelRegion> regions = snapshot.parallelRegions();
        int[] r = IntStream.range(0, regions.size())
                .filter(i -> terms.stream().allMatch(q -> matches(q, regions.get(i)))).toArray();
        return new SearchResult(input, t, r, tasks(terms, snapshot, context));
    }

    private static int[] tasks(List<SearchQuery> terms, Snapshot snapshot, JobContext context) {
        List<Task> tasks = snapshot.tasks();
        int chunks = (tasks.size() + CHUNK - 1) / CHUNK;
        // chunks in parallel, each with its own memo of matched objects; toArray keeps the order
        return IntStream.range(0, chunks).parallel().mapToObj(c -> {
            if (context.isCancelled()) {
                throw new CancellationException("search superseded");
            }
            List<TaskMatcher> matchers = terms.stream().map(q -> new TaskMatcher(q, snapshot.index())).toList();
            return IntStream.range(c * CHUNK, Math.min(tasks.size(), (c + 1) * CHUNK))
                    .filter(i -> matchers.stream().allMatch(m -> m.test(tasks.get(i)))).toArray();
        }).flatMapToInt(IntStream::of).toArray();
    }

    static boolean matches(SearchQuery q, OmpThread thread) {
        if (q.field() == Field.THREAD_SET) {
            return q.holdsThread(thread.id().value());
        }
        if (q.field() == Field.STUCK) {
            return thread.state() instanceof Fact.Known<ThreadState>(ThreadState s) && s.isWait();
        }
        if (q.id().isPresent() && (q.field() == Field.THREAD_ID || q.field() == Field.ID || q.field() == Field.ANY)
                && thread.id().value() == q.id().getAsLong()) {
            return true;
        }
        if (q.looksIn(Field.STATE) && thread.state() instanceof Fact.Known<ThreadState>(ThreadState s)
                && s.name().toLowerCase(java.util.Locale.ROOT).contains(q.text())) {
            return true;
        }
        if (q.field() == Field.STATE_EXACT) {
            return thread.state() instanceof Fact.Known<ThreadState>(ThreadState s)
                    && (s.shortName().equalsIgnoreCase(q.text()) || s.name().equalsIgnoreCase(q.text()));
        }
        return q.looksIn(Field.KIND) && ("thread".equals(q.text())
                || thread.kind().isKnown() && thread.kind().get().name().equals(q.text()));
    }

    static boolean matches(SearchQuery q, ParallelRegion region) {
        if (q.field() == Field.STUCK) {
            return false; // a region is not held up; its threads and tasks are
        }
        if (q.id().isPresent() && (q.field() == Field.REGION_ID || q.field() == Field.ID || q.field() == Field.ANY)
                && region.id().value() == q.id().getAsLong()) {
            return true;
        }
        if (q.looksIn(Field.KIND) && ("parallel".equals(q.text()) || "region".equals(q.text()))) {
            return true;
        }
        return q.looksIn(Field.FUNCTION) && region.creationSite().isKnown()
                && containsIgnoreCase(region.creationSite().get().symbol(), q.text());
    }

    /** Matches tasks, remembering the verdict for each function, kind and lifecycle object it has seen. */
    private static final class TaskMatcher implements Predicate<Task> {
        private static final int MEMO_LIMIT = 4096; // an importer that does not share objects gets no memo
        private final SearchQuery q;
        private final Map<Object, Boolean> seen = new IdentityHashMap<>();
        private final Object[] recentKeys = new Object[16];
        private final boolean[] recentValues = new boolean[16];
        private int recentCount;

        private final org.ompdexplorer.model.SnapshotIndex index;

        TaskMatcher(SearchQuery q, org.ompdexplorer.model.SnapshotIndex index) {
            this.q = q;
            this.index = index;
        }

        @Override
        public boolean test(Task task) {
            if (q.field() == Field.STUCK) {
                // held up: blocked on dependences, waiting at a sync region, suspended, or detached
                String key = org.ompdexplorer.model.TaskStatus.of(task, index).map(org.ompdexplorer.model.TaskStatus::key)
                        .orElse("");
                return key.equals("blocked") || key.equals("waiting") || key.equals("suspended")
                        || key.equals("detached");
            }
            if (q.id().isPresent() && (q.field() == Field.TASK_ID || q.field() == Field.ID || q.field() == Field.ANY)
                    && task.id().value() == q.id().getAsLong()) {
                return true;
            }
            if (q.looksIn(Field.FUNCTION) && (code(task.function()) || code(task.creationSite()))) {
                return true;
            }
            if (q.looksIn(Field.KIND) && kind(task.kind())) {
                return true;
            }
            if (q.field() == Field.STATE_EXACT) { // the status every view shows, by its whole name
                String status = org.ompdexplorer.model.TaskStatus.nameOf(task, index);
                return status != null && status.equalsIgnoreCase(q.text());
            }
            if (!q.looksIn(Field.STATE)) {
                return false;
            }
            TaskLifecycle life = task.agent() == null ? null : task.agent().lifecycle();
            boolean mayDiffer = life == null || life.equals(TaskLifecycle.RUNNING) || life.equals(TaskLifecycle.SUSPENDED)
                    || life.equals(TaskLifecycle.QUEUED) && !task.agent().dependsOn().isEmpty();
            if (!mayDiffer) {
                return lifecycle(life); // its status is its lifecycle's name (detached: its status names it so)
            }
            // the status every view shows (TaskStatus): "blocked on dependences", "waiting at a taskwait"…
            String status = org.ompdexplorer.model.TaskStatus.nameOf(task, index);
            return status != null ? containsIgnoreCase(status, q.text()) : life != null && lifecycle(life);
        }

        private boolean kind(TaskKind kind) {
            Boolean known = cached(kind);
            return known != null ? known : store(kind, kind.name().equals(q.text()) || "task".equals(q.text()));
        }

        private boolean lifecycle(TaskLifecycle life) {
            Boolean known = cached(life);
            String name = life.equals(TaskLifecycle.DETACHED) ? org.ompdexplorer.model.TaskStatus.DETACHED : life.name();
            return known != null ? known : store(life, containsIgnoreCase(name, q.text()));
        }

        /** A task function or creation site whose symbol holds the text (an outlined body is found by its caller). */
        private boolean code(Fact<CodeLocation> location) {
            if (!(location instanceof Fact.Known<CodeLocation>(CodeLocation c))) {
                return false;
            }
            Boolean known = cached(c);
            return known != null ? known : store(c, containsIgnoreCase(c.symbol(), q.text()));
        }

        /** The verdict for an object seen before, or {@code null}; a few distinct objects are found without hashing. */
        private Boolean cached(Object key) {
            for (int i = 0; i < recentCount; i++) {
                if (recentKeys[i] == key) {
                    return recentValues[i];
                }
            }
            return seen.get(key);
        }

        private boolean store(Object key, boolean verdict) {
            if (recentCount < recentKeys.length) {
                recentKeys[recentCount] = key;
                recentValues[recentCount++] = verdict;
            } else if (seen.size() < MEMO_LIMIT) {
                seen.put(key, verdict);
            }
            return verdict;
        }
    }

    /** Whether {@code text} contains the lower-case {@code needle}, ignoring case, without copying. */
    static boolean containsIgnoreCase(String text, String needle) {
        if (text == null) {
            return false;
        }
        int last = text.length() - needle.length();
        for (int i = 0; i <= last; i++) {
            if (text.regionMatches(true, i, needle, 0, needle.length())) {
                return true;
            }
        }
        return false;
    }
}
