package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Shares one {@link Fact.Known} per referenced id, code location and small integer while a snapshot is
 * built, so that a million links cost a million references rather than a million objects. Use one per build;
 * it is not thread-safe.
 */
public final class FactInterner {
    private final Table<TaskId> tasks;
    private final Table<ThreadId> threads = new Table<>(ThreadId::new, 1024);
    private final Table<RegionId> regions = new Table<>(RegionId::new, 1024);
    private final Map<CodeLocation, Fact<CodeLocation>> code = new HashMap<>();
    private final Map<String, String> strings = new HashMap<>();
    @SuppressWarnings("unchecked")
    private final Fact<Integer>[] smallInts = new Fact[1024];

    public FactInterner() {
        this(1024);
    }

    /** @param expectedTasks how many task ids to make room for at once: growing a million-entry table costs */
    public FactInterner(int expectedTasks) {
        this.tasks = new Table<>(TaskId::new, Math.max(16, expectedTasks));
    }

    public TaskId taskId(long id) {
        return tasks.id(id);
    }

    public Fact<TaskId> task(long id) {
        return tasks.fact(id);
    }

    public ThreadId threadId(long id) {
        return threads.id(id);
    }

    public Fact<ThreadId> thread(long id) {
        return threads.fact(id);
    }

    public RegionId regionId(long id) {
        return regions.id(id);
    }

    public Fact<RegionId> region(long id) {
        return regions.fact(id);
    }

    public Fact<CodeLocation> code(CodeLocation location) {
        return code.computeIfAbsent(location, Fact::of);
    }

    /** Every distinct code location interned so far, one fact each: what a pass over them all (symbolization) reads. */
    public java.util.Collection<Fact<CodeLocation>> codeLocations() {
        return java.util.Collections.unmodifiableCollection(code.values());
    }

    /** One instance per distinct string (symbols and file names repeat across many tasks). */
    public String string(String s) {
        return s == null ? null : strings.computeIfAbsent(s, k -> k);
    }

    public Fact<Integer> integer(int value) {
        if (value < 0 || value >= smallInts.length) {
            return Fact.of(value);
        }
        Fact<Integer> f = smallInts[value];
        if (f == null) {
            f = Fact.of(value);
            smallInts[value] = f;
        }
        return f;
    }

    /**
     * Ids and their known facts, looked up by the id's value. While the ids are dense (as {@link LongIndexMap}
     * judges it) the facts sit in an array by id: a lookup is one memory access, where a big import's links to
     * tasks read long before are cache misses each. Sparse ids go through a map to positions.
     */
    private static final class Table<I> {
        private final LongFunction<I> factory;
        private Fact<I>[] byId;
        private int size;
        private LongIndexMap index;
        private List<Fact<I>> facts;

        @SuppressWarnings("unchecked")
        Table(LongFunction<I> factory, int expected) {
            this.factory = factory;
            this.byId = new Fact[Math.max(16, Math.min(expected, 1 << 26))];
        }

        I id(long value) {
            return fact(value).get();
        }

        Fact<I> fact(long value) {
            if (byId != null) {
                if (value >= 0 && value < byId.length && byId[(int) value] != null) {
                    return byId[(int) value];
                }
                if (LongIndexMap.fitsDirect(value, size)) {
                    if (value >= byId.length) {
                        byId = Arrays.copyOf(byId, (int) Math.min(Integer.MAX_VALUE - 8,
                                Math.max(value + 1, byId.length * 2L)));
                    }
                    Fact<I> f = Fact.of(factory.apply(value));
                    byId[(int) value] = f;
                    size++;
                    return f;
                }
                toSparse();
            }
            int at = index.get(value);
            if (at >= 0) {
                return facts.get(at);
            }
            Fact<I> f = Fact.of(factory.apply(value));
            index.putIfAbsent(value, facts.size());
            facts.add(f);
            return f;
        }

        private void toSparse() {
            index = new LongIndexMap(0);
            facts = new ArrayList<>(Math.max(16, size * 2));
            for (int id = 0; id < byId.length; id++) {
                if (byId[id] != null) {
                    index.putIfAbsent(id, facts.size());
                    facts.add(byId[id]);
                }
            }
            byId = null;
        }
    }
}
