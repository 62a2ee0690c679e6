package org.ompdexplorer.model.synthetic;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FactInterner;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;

/**
 * The threads, nested regions and implicit tasks of a synthetic snapshot. Region 1 (level 1) holds every
 * thread not needed deeper; each deeper region is encountered by thread 0's implicit task one level up and
 * adds one fresh thread to it (or stays a team of one, an inactive region, when threads run out).
 * Task ids: 0 is the initial task, implicit tasks follow, explicit tasks come after them.
 */
final class SyntheticTeams {
    static final long FUNCTION_BASE = 0x401000;
    final int depth;
    final int[][] teamThreads; // per level-1 index: thread ids in thread-number order
    final int[] innermostLevel; // per thread: the deepest level it is a member of (0-based)
    final int[] innermostThreadNum;
    final long[][] implicitTaskIds; // per level, per thread number
    private final FactInterner interner;
    private final int threadCount;

    private SyntheticTeams(GeneratorSpec spec, FactInterner interner) {
        this.interner = interner;
        this.threadCount = spec.threads();
        this.depth = spec.depth();
        teamThreads = new int[depth][];
        int fresh = spec.threads() - (depth - 1);
        int outerSize = Math.max(1, fresh);
        teamThreads[0] = new int[outerSize];
        for (int i = 0; i < outerSize; i++) {
            teamThreads[0][i] = i;
        }
        int nextThread = outerSize;
        for (int level = 1; level < depth; level++) {
            boolean hasFresh = nextThread < spec.threads();
            teamThreads[level] = hasFresh ? new int[]{0, nextThread++} : new int[]{0};
        }
        innermostLevel = new int[spec.threads()];
        innermostThreadNum = new int[spec.threads()];
        implicitTaskIds = new long[depth][];
        long nextTask = 1;
        for (int level = 0; level < depth; level++) {
            implicitTaskIds[level] = new long[teamThreads[level].length];
            for (int num = 0; num < teamThreads[level].length; num++) {
                implicitTaskIds[level][num] = nextTask++;
                innermostLevel[teamThreads[level][num]] = level;
                innermostThreadNum[teamThreads[level][num]] = num;
            }
        }
    }

    static SyntheticTeams build(GeneratorSpec spec, FactInterner interner) {
        return new SyntheticTeams(spec, interner);
    }

    int implicitTaskCount() {
        int n = 1;
        for (long[] ids : implicitTaskIds) {
            n += ids.length;
        }
        return n;
    }

    /** The implicit task each thread runs in its innermost region. */
    long innermostImplicitTask(int thread) {
        return implicitTaskIds[innermostLevel[thread]][innermostThreadNum[thread]];
    }

    static long regionId(int level) {
        return level + 1;
    }

    static CodeLocation outlinedFunction(int level) {
        return new CodeLocation(FUNCTION_BASE + 0x200L * level, "main._omp_fn." + level, "synthetic.c",
                10 + 10 * level);
    }

    private int activeLevel(int level) {
        int active = 0;
        for (int l = 0; l <= level; l++) {
            active += teamThreads[l].length > 1 ? 1 : 0;
        }
        return active;
    }

    List<ParallelRegion> regions() {
        List<ParallelRegion> regions = new ArrayList<>();
        for (int level = 0; level < depth; level++) {
            List<TeamMember> members = new ArrayList<>();
            for (int num = 0; num < teamThreads[level].length; num++) {
                members.add(new TeamMember(num, interner.thread(teamThreads[level][num]),
                        interner.task(implicitTaskIds[level][num])));
            }
            int size = teamThreads[level].length;
            Fact<RegionId> enclosing = level == 0 ? Fact.absent() : interner.region(regionId(level - 1));
            Fact<TaskId> encountering = interner.task(level == 0 ? 0 : implicitTaskIds[level - 1][0]);
            regions.add(new ParallelRegion(interner.regionId(regionId(level)), SyntheticSnapshotGenerator.PROCESS,
                    enclosing, Fact.of(size), Fact.of(level + 1), Fact.of(activeLevel(level)), members,
                    encountering, Fact.of(CodeLocation.at(FUNCTION_BASE + 0x200L * level + 0x40)),
                    Fact.of(new ToolData(regionId(level), 0)), List.of(
                    SyntheticSnapshotGenerator.icv("levels-var", level + 1),
                    SyntheticSnapshotGenerator.icv("active-levels-var", activeLevel(level)),
                    SyntheticSnapshotGenerator.icv("team-size-var", size),
                    SyntheticSnapshotGenerator.icv("ompd-team-size-var", size))));
        }
        return regions;
    }

    List<Task> implicitTasks(SyntheticTaskTree tree) {
        List<Task> tasks = new ArrayList<>();
        tasks.add(new Task(interner.taskId(0), TaskKind.INITIAL, Fact.absent(), Fact.absent(), Fact.absent(),
                interner.thread(0), Fact.absent(), Fact.of(new CodeLocation(FUNCTION_BASE - 0x100, "main",
                "synthetic.c", 5)), Fact.absent(), Fact.of(new TaskFrames(0, 0, 0x7ffc00001000L, 0x20)),
                Fact.of(new ToolData(0, 0)), List.of(), tree.agentFactsOf(0)));
        for (int level = 0; level < depth; level++) {
            for (int num = 0; num < teamThreads[level].length; num++) {
                long id = implicitTaskIds[level][num];
                int thread = teamThreads[level][num];
                Fact<TaskId> encountering = interner.task(level == 0 ? 0 : implicitTaskIds[level - 1][0]);
                boolean nestedOnEncounterer = num == 0; // thread 0 suspends the encountering task on its stack
                long stack = stackOf(thread) - 0x1000L * level;
                tasks.add(new Task(interner.taskId(id), TaskKind.IMPLICIT, encountering,
                        nestedOnEncounterer ? encountering : Fact.absent(), interner.region(regionId(level)),
                        interner.thread(thread), interner.integer(num), interner.code(outlinedFunction(level)),
                        Fact.absent(), Fact.of(new TaskFrames(stack, 0x21, tree.enterFrameOf(id, stack), 0x20)),
                        Fact.of(new ToolData(id, 0)), List.of(
                        SyntheticSnapshotGenerator.icv("thread-num-var", num),
                        SyntheticSnapshotGenerator.icv("ompd-thread-num-var", num),
                        SyntheticSnapshotGenerator.icv("implicit-task-var", 1),
                        SyntheticSnapshotGenerator.icv("final-task-var", 0)), tree.agentFactsOf(id)));
            }
        }
        return tasks;
    }

    static long stackOf(int thread) {
        return 0x7f0000800000L + 0x800000L * thread;
    }

    List<OmpThread> threads(SyntheticTaskTree tree) {
        List<OmpThread> threads = new ArrayList<>();
        for (int t = 0; t < threadCount; t++) {
            long current = tree.currentTaskOf(t);
            ThreadState state = tree.stateOf(t);
            threads.add(new OmpThread(interner.threadId(t), SyntheticSnapshotGenerator.PROCESS, List.of(
                    new OsThreadId(OsThreadIdKind.PTHREAD, 0x7f0000000640L + 0x800000L * t),
                    new OsThreadId(OsThreadIdKind.LWP, 4000 + t)),
                    Fact.of(t == 0 ? ThreadKind.INITIAL : ThreadKind.WORKER), Fact.of(state),
                    state.isWait() ? Fact.of(current) : Fact.absent(), interner.task(current),
                    interner.region(regionId(innermostLevel[t])), Fact.of(new ToolData(t, 0)), List.of(
                    SyntheticSnapshotGenerator.icv("nthreads-var", threadCount),
                    SyntheticSnapshotGenerator.icv("dyn-var", 0),
                    SyntheticSnapshotGenerator.icv("default-device-var", 0))));
        }
        return threads;
    }
}
