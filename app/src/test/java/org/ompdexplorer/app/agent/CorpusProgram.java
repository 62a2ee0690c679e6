package org.ompdexplorer.app.agent;

import java.util.List;
import java.util.Map;

/**
 * One program of the real-program corpus ({@code native-fixtures/corpus/}) as the corpus runs it: its source, its
 * arguments (the variant and sizes) and the environment it needs beyond {@code OMP_NUM_THREADS=4}, the same with
 * and without the agent.
 *
 * @param name    the test's name, unique in the corpus
 * @param source  the C file in {@code native-fixtures/corpus/}
 * @param offload built for the host device ({@code -fopenmp-targets=x86_64-pc-linux-gnu}), run with libomptarget
 */
record CorpusProgram(String name, String source, List<String> args, Map<String, String> env, boolean offload) {
    CorpusProgram {
        args = List.copyOf(args);
        env = Map.copyOf(env);
    }

    private static CorpusProgram of(String name, String source, String... args) {
        return new CorpusProgram(name, source, List.of(args), Map.of(), false);
    }

    private CorpusProgram with(String variable, String value) {
        return new CorpusProgram(name, source, args, Map.of(variable, value), offload);
    }

    /**
     * The corpus: task-parallel patterns of the Barcelona OpenMP Tasks Suite (untied by default, as there) and of
     * the OpenMP Examples, each sized to run a few hundred milliseconds with 4 threads on 2 cores.
     */
    static List<CorpusProgram> all() {
        return List.of(
                of("fib-untied", "fib.c", "untied", "27"),
                of("fib-tied", "fib.c", "tied", "28"),
                of("fib-final", "fib.c", "final", "30", "8"),
                of("fib-mergeable", "fib.c", "mergeable", "30", "8"),
                of("nqueens-untied", "nqueens.c", "10"),
                of("sort", "sort.c"),
                of("sparselu", "sparselu.c"),
                of("uts-tied", "uts.c", "tied"),
                of("uts-untied", "uts.c", "untied"),
                // without throttling libomp queues every task of a batch instead of running them in the producer
                of("producer", "producer.c").with("KMP_ENABLE_TASK_THROTTLING", "0"),
                of("detach", "detach.c"),
                new CorpusProgram("target-nowait", "target_nowait.c", List.of(), Map.of(), true),
                of("taskloop", "taskloop.c"),
                of("wavefront", "wavefront.c"),
                of("taskgroup", "taskgroup.c"),
                of("tree-traversal", "tree_traversal.c"),
                of("linked-list", "linked_list.c"),
                of("taskyield", "taskyield.c"),
                // priorities are ignored unless the maximum is set
                of("priority", "priority.c").with("OMP_MAX_TASK_PRIORITY", "10"));
    }

    /** The command line, e.g. {@code fib untied 27}, for messages. */
    String commandLine() {
        return (source.replace(".c", "") + " " + String.join(" ", args)).strip();
    }

    @Override
    public String toString() {
        return name;
    }
}
