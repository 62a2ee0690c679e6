package org.ompdexplorer.app.agent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;

/**
 * The structure of one agent snapshot, written as lines that say nothing a rerun or another runtime version may change
 * on its own: the label, the number of threads, each parallel region (team size, level, members, ICVs, the region
 * enclosing it) and each task (kind, lifecycle, flags, its generating task, its region, its declared dependences, the
 * tasks it waits for, its ICVs). Regions are ordered by level and then by the thread number of the task that
 * encountered them, implicit tasks by region and thread number, explicit tasks by creation order; every link names the
 * linked entity's place in that order, never an id or address. Which thread does what is not part of the structure
 * either: the lesson programs do not fix which thread enters a {@code single} construct, so the shape is the least (as
 * text) over every renumbering of each team's threads — an implicit task's thread number, the orders that use it and
 * its {@code thread-num-var} renumbered alike. Thread states are left out: runtimes name the same wait differently
 * (LLVM 14–16 report the barrier at the end of a single as {@code ompt_state_wait_barrier}, 19 as {@code
 * ompt_state_wait_barrier_implicit_workshare}).
 */
record LessonShape(String label, List<String> lines) {

    /** At most this many renumberings are tried: a lesson's teams are small. */
    private static final int MAX_RENUMBERINGS = 5040;

    static LessonShape of(Snapshot s) {
        Optional<IcvId> threadNum = s.icvCatalogue().stream().filter(d -> d.name().equals("thread-num-var"))
                .map(IcvDefinition::id).findFirst();
        return renumberings(s).stream().map(r -> of(s, r, threadNum))
                .min(Comparator.comparing(LessonShape::toString)).orElseThrow();
    }

    /** A new thread number for each old one, team by team; numbers of a team not listed are kept. */
    private record Renumbering(Map<RegionId, int[]> teams) {
        int threadNum(Task t) {
            return number(t.parallelRegion(), t.threadNum().orElse(-1));
        }

        int number(Fact<RegionId> region, int n) {
            int[] team = region.asOptional().map(teams::get).orElse(null);
            return team != null && n >= 0 && n < team.length ? team[n] : n;
        }
    }

    /** Every renumbering of every team of two or more threads. */
    private static List<Renumbering> renumberings(Snapshot s) {
        List<Renumbering> all = new ArrayList<>(List.of(new Renumbering(Map.of())));
        long count = 1;
        for (ParallelRegion r : s.parallelRegions()) {
            int size = r.teamSize().orElse(1);
            count *= factorial(size);
            if (size < 2) {
                continue;
            }
            if (count > MAX_RENUMBERINGS) { // the runtime's numbers would make the comparison flaky again: say so
                throw new IllegalStateException(s.parallelRegions().size() + " teams have more than "
                        + MAX_RENUMBERINGS + " renumberings of their threads: a lesson's teams are meant to be small");
            }
            List<Renumbering> next = new ArrayList<>();
            for (Renumbering so : all) {
                for (int[] p : permutations(size)) {
                    Map<RegionId, int[]> teams = new java.util.HashMap<>(so.teams());
                    teams.put(r.id(), p);
                    next.add(new Renumbering(teams));
                }
            }
            all = next;
        }
        return all;
    }

    private static long factorial(int n) {
        return n <= 1 ? 1 : Math.min(n * factorial(n - 1), Integer.MAX_VALUE);
    }

    private static LessonShape of(Snapshot s, Renumbering renumber, Optional<IcvId> threadNum) {
        List<String> lines = new ArrayList<>();
        lines.add("threads " + s.threads().size());
        // Regions by level, then by the thread number of the implicit task that encountered them: two threads
        // opening nested regions at once do so in either order.
        Comparator<ParallelRegion> byPlace = Comparator.comparingInt((ParallelRegion r) -> r.level().orElse(-1))
                .thenComparingInt(r -> s.index().task(r.encounteringTask()).map(renumber::threadNum).orElse(-1))
                .thenComparingLong(r -> r.id().value());
        List<ParallelRegion> regions = s.parallelRegions().stream().sorted(byPlace).toList();
        Map<RegionId, Integer> regionNumber = new java.util.HashMap<>();
        for (ParallelRegion r : regions) {
            regionNumber.put(r.id(), regionNumber.size() + 1);
        }
        for (ParallelRegion r : regions) {
            lines.add("region " + regionNumber.get(r.id()) + " team " + r.teamSize().orElse(-1) + " level "
                    + r.level().orElse(-1) + " members " + r.members().size() + " enclosing "
                    + r.enclosingRegion().asOptional().map(regionNumber::get).map(String::valueOf).orElse("-")
                    + " icvs " + icvs(r.icvs(), n -> n, threadNum));
        }
        // Implicit tasks by region and thread number: when a worker's implicit task begins, relative to what the
        // primary thread creates meanwhile, is a race, so its creation order is not part of the structure.
        Comparator<Task> canonical = Comparator.comparingInt((Task t) -> t.isImplicit() ? 0 : 1)
                .thenComparingInt(t -> t.isImplicit()
                        ? t.parallelRegion().asOptional().map(regionNumber::get).orElse(0) : 0)
                .thenComparingInt(t -> t.isImplicit() ? renumber.threadNum(t) : 0)
                .thenComparingLong(LessonShape::order);
        List<Task> tasks = s.tasks().stream().sorted(canonical).toList();
        Map<TaskId, Long> order = new java.util.HashMap<>();
        for (Task t : tasks) {
            order.put(t.id(), (long) order.size() + 1);
        }
        Function<Fact<TaskId>, String> task = link -> link.asOptional().map(order::get).map(o -> "#" + o).orElse("-");
        for (Task t : tasks) {
            Optional<AgentFacts> facts = t.agentFacts();
            lines.add("task #" + order.get(t.id()) + " " + t.kind() + " "
                    + facts.map(AgentFacts::lifecycle).orElse(null)
                    + " flags " + facts.map(AgentFacts::flags).orElse(List.of())
                    + " generating " + task.apply(t.generatingTask())
                    + " region " + t.parallelRegion().asOptional().map(regionNumber::get).map(String::valueOf)
                            .orElse("-")
                    + " depend " + facts.map(AgentFacts::dependences).orElse(List.of()).stream()
                            .map(Dependence::type).map(String::valueOf).sorted().toList()
                    + " dependsOn " + facts.map(AgentFacts::dependsOn).orElse(List.of()).stream()
                            .map(id -> task.apply(Fact.of(id))).sorted().toList()
                    + " icvs " + icvs(t.icvs(), n -> renumber.number(t.parallelRegion(), n), threadNum));
        }
        return new LessonShape(s.capture().label(), List.copyOf(lines));
    }

    /** ICV values as id=value, by id; a thread number renumbered. */
    private static List<String> icvs(List<IcvValue> values, IntUnaryOperator renumber, Optional<IcvId> threadNum) {
        return values.stream().sorted(Comparator.comparing(IcvValue::icv))
                .map(v -> v.icv() + "=" + v.integer().asOptional()
                        .map(n -> threadNum.equals(Optional.of(v.icv())) ? renumber.applyAsInt((int) (long) n) : n)
                        .map(String::valueOf).orElse(v.string().orElse("?")))
                .toList();
    }

    /** Every order of 0..n-1, each as the new number of each old one. */
    private static List<int[]> permutations(int n) {
        List<int[]> all = new ArrayList<>();
        permute(identity(n), 0, all);
        return all;
    }

    private static void permute(int[] a, int from, List<int[]> all) {
        if (from == a.length) {
            all.add(a.clone());
            return;
        }
        for (int i = from; i < a.length; i++) {
            swap(a, from, i);
            permute(a, from + 1, all);
            swap(a, from, i);
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static long order(Task t) {
        return t.agentFacts().map(AgentFacts::creationOrder).orElse(Long.MAX_VALUE);
    }

    @Override
    public String toString() {
        return "step \"" + label + "\"\n  " + String.join("\n  ", lines);
    }
}
