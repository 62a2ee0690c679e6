package org.ompdexplorer.app.agent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;

/**
 * The structure of one agent snapshot, written as lines that say nothing a rerun or another runtime version may
 * change on its own: the label, the number of threads, each parallel region (team size, level, members, ICVs,
 * the region enclosing it) and each task (kind, lifecycle, flags, its generating task, its region, its declared
 * dependences, the tasks it waits for, its ICVs). Regions are ordered by level and then by the thread number of
 * the task that encountered them, implicit tasks by region and thread number, explicit tasks by creation order;
 * every link names the linked entity's place in that order, never an id or address. Thread states are left out:
 * runtimes name the same wait differently (LLVM 14–16 report the barrier at the end of a single as
 * {@code ompt_state_wait_barrier}, 19 as {@code ompt_state_wait_barrier_implicit_workshare}).
 */
record LessonShape(String label, List<String> lines) {

    static LessonShape of(Snapshot s) {
        List<String> lines = new ArrayList<>();
        lines.add("threads " + s.threads().size());
        // Regions by level, then by the thread number of the implicit task that encountered them: two threads
        // opening nested regions at once do so in either order.
        Comparator<ParallelRegion> byPlace = Comparator.comparingInt((ParallelRegion r) -> r.level().orElse(-1))
                .thenComparingInt(r -> s.index().task(r.encounteringTask()).flatMap(t -> t.threadNum().asOptional())
                        .orElse(-1))
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
                    + " icvs " + icvs(r.icvs()));
        }
        // Implicit tasks by region and thread number: when a worker's implicit task begins, relative to what the
        // primary thread creates meanwhile, is a race, so its creation order is not part of the structure.
        Comparator<Task> canonical = Comparator.comparingInt((Task t) -> t.isImplicit() ? 0 : 1)
                .thenComparingInt(t -> t.isImplicit()
                        ? t.parallelRegion().asOptional().map(regionNumber::get).orElse(0) : 0)
                .thenComparingInt(t -> t.isImplicit() ? t.threadNum().orElse(-1) : 0)
                .thenComparingLong(LessonShape::order);
        List<Task> tasks = s.tasks().stream().sorted(canonical).toList();
        Map<TaskId, Long> order = new java.util.HashMap<>();
        for (Task t : tasks) {
            order.put(t.id(), (long) order.size() + 1);
        }
        Function<Fact<TaskId>, String> task = link -> link.asOptional().map(order::get).map(o -> "#" + o).orElse("-");
        for (Task t : tasks) {
            Optional<AgentFacts> facts = t.agentFacts();
            lines.add("task #" + order.get(t.id()) + " " + t.kind() + " " + facts.map(AgentFacts::lifecycle).orElse(null)
                    + " flags " + facts.map(AgentFacts::flags).orElse(List.of())
                    + " generating " + task.apply(t.generatingTask())
                    + " region " + t.parallelRegion().asOptional().map(regionNumber::get).map(String::valueOf).orElse("-")
                    + " depend " + facts.map(AgentFacts::dependences).orElse(List.of()).stream()
                            .map(Dependence::type).map(String::valueOf).sorted().toList()
                    + " dependsOn " + facts.map(AgentFacts::dependsOn).orElse(List.of()).stream()
                            .map(id -> task.apply(Fact.of(id))).sorted().toList()
                    + " icvs " + icvs(t.icvs()));
        }
        return new LessonShape(s.capture().label(), List.copyOf(lines));
    }

    /** ICV values as id=value, by id. */
    private static List<String> icvs(List<IcvValue> values) {
        return values.stream().sorted(Comparator.comparing(IcvValue::icv))
                .map(v -> v.icv() + "=" + v.integer().asOptional().map(String::valueOf).orElse(v.string().orElse("?")))
                .toList();
    }

    private static long order(Task t) {
        return t.agentFacts().map(AgentFacts::creationOrder).orElse(Long.MAX_VALUE);
    }

    @Override
    public String toString() {
        return "step \"" + label + "\"\n  " + String.join("\n  ", lines);
    }
}
