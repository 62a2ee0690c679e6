package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Compiler symbols named as the user wrote them: real symbols from the lessons, the test cores and gcc. */
class CodeNamesTest {
    @ParameterizedTest(name = "{0} ({1}) is \"{2}\"")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            main.omp_outlined_debug__                     | implicit | parallel region in main
            main.omp_outlined                             | implicit | parallel region in main
            main.omp_outlined_debug__                     | explicit | task in main
            .omp_outlined.                                | implicit | parallel region
            .omp_outlined._debug__                        | implicit | parallel region
            .omp_outlined..4                              | -        | parallel region
            main.omp_outlined_debug__.omp_outlined        | implicit | parallel region in main
            main.omp_outlined_debug__.omp_outlined_debug__| implicit | parallel region in main
            foo.omp_outlined.omp_outlined                 | -        | parallel region in foo
            .omp_task_entry.                              | -        | task
            .omp_task_entry..6                            | explicit | task
            main._omp_fn.0                                | implicit | parallel region in main
            main._omp_fn.1                                | explicit | task in main
            main._omp_fn.0                                | -        | parallel region in main
            _Z3fibi.omp_outlined                          | explicit | task in fib
            _ZN2ns6solverEv.omp_outlined                  | implicit | parallel region in ns::solver
            __omp_outlined__3                             | implicit | parallel region
            __omp_offloading_10302_1c2a3_main_l12         | target   | target region in main
            fib                                           | explicit | fib
            main                                          | initial  | main
            task_body                                     | -        | task_body
            __kmp_invoke_microtask                        | -        | OpenMP runtime (__kmp_invoke_microtask)
            __kmpc_fork_call                              | implicit | OpenMP runtime (__kmpc_fork_call)
            __kmp_launch_thread                           | -        | OpenMP runtime (__kmp_launch_thread)
            GOMP_parallel                                 | -        | OpenMP runtime (GOMP_parallel)
            """)
    void symbolsAsTheUserWroteThem(String symbol, String kind, String expected) {
        assertThat(CodeNames.of(symbol, kind == null ? null : TaskKind.of(kind))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} belongs to {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            main.omp_outlined_debug__              | main
            main.omp_outlined_debug__.omp_outlined | main
            .omp_task_entry..6                     | -
            .omp_outlined.                         | -
            main._omp_fn.0                         | main
            fib                                    | fib
            _Z3fibi                                | fib
            _ZN2ns3fooEv                           | ns::foo
            _Zbogus                                | _Zbogus
            __kmp_invoke_task_func                 | -
            """)
    void theUsersFunctionBehindASymbol(String symbol, String expected) {
        assertThat(CodeNames.userFunction(symbol).orElse(null)).isEqualTo(expected);
    }

    private static Task task(TaskKind kind, Fact<CodeLocation> function, Fact<CodeLocation> site) {
        return new Task(new TaskId(7), kind, Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(),
                Fact.absent(), function, site, Fact.absent(), Fact.absent(), List.of(), null);
    }

    private static Fact<CodeLocation> at(String symbol) {
        return Fact.of(new CodeLocation(0x401000, symbol, null, 0));
    }

    private static final Fact<CodeLocation> NO_FUNCTION = Fact.unavailable(ReturnCode.of("unsupported"),
            "OMPT does not report a task's entry function");

    @Test
    void aTaskIsNamedByItsFunctionElseByWhereItWasCreated() {
        // OMPT captures: no function, the creation site names it
        assertThat(CodeNames.of(task(TaskKind.EXPLICIT, NO_FUNCTION, at("fib")))).contains("task in fib");
        assertThat(CodeNames.of(task(TaskKind.EXPLICIT, NO_FUNCTION, at("main.omp_outlined_debug__"))))
                .contains("task in main");
        assertThat(CodeNames.of(task(TaskKind.IMPLICIT, NO_FUNCTION, at("main")))).contains("parallel region in main");
        // a task entry names no function: the creation site's is used
        assertThat(CodeNames.of(task(TaskKind.EXPLICIT, at(".omp_task_entry..6"), at("fib")))).contains("task in fib");
        assertThat(CodeNames.of(task(TaskKind.EXPLICIT, at(".omp_task_entry..6"), Fact.absent()))).contains("task");
        // cores: the outlined function, by the task's kind
        assertThat(CodeNames.of(task(TaskKind.IMPLICIT, at("main.omp_outlined_debug__"), Fact.absent())))
                .contains("parallel region in main");
        assertThat(CodeNames.of(task(TaskKind.EXPLICIT, at("fib"), Fact.absent()))).contains("fib");
        // created in another task's body: in the function that task was written in
        Task outer = new Task(new TaskId(6), TaskKind.EXPLICIT, Fact.absent(), Fact.absent(), Fact.absent(),
                Fact.absent(), Fact.absent(), NO_FUNCTION, at("main.omp_outlined_debug__"), Fact.absent(),
                Fact.absent(), List.of(), null);
        Task inner = new Task(new TaskId(7), TaskKind.EXPLICIT, Fact.of(new TaskId(6)), Fact.absent(), Fact.absent(),
                Fact.absent(), Fact.absent(), NO_FUNCTION, at(".omp_task_entry..6"), Fact.absent(), Fact.absent(),
                List.of(), null);
        SnapshotIndex index = new Snapshot(CaptureInfo.of(CaptureSource.OMPT_AGENT), RuntimeInfo.UNKNOWN,
                List.of(AddressSpace.process(new AddressSpaceId(0), List.of())), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(outer, inner)).index();
        assertThat(CodeNames.of(inner)).contains("task");
        assertThat(CodeNames.of(inner, index)).contains("task in main");
        // nothing symbolized: nothing to name it by
        assertThat(CodeNames.of(task(TaskKind.EXPLICIT, Fact.of(CodeLocation.at(0x401000)), Fact.absent()))).isEmpty();
        assertThat(CodeNames.of(task(TaskKind.INITIAL, NO_FUNCTION, Fact.absent()))).isEmpty();
    }
}
