/* A program whose call stack the importer tests write by hand, as the capture agent would (format 1.3): raw return
 * addresses of known calls. It is compiled, never run. The LINE: markers name the lines the tests expect. */
#include <omp.h>
#include <stdio.h>

volatile int sink;

__attribute__((noinline)) void leaf(int *v) { /* LINE:leaf */
    sink += *v;
}

__attribute__((noinline)) void middle(int v) {
    leaf(&v); /* LINE:call_leaf */
    sink += 1;
}

/* inlined into outer at every optimisation level: its call to leaf is outer's code, with a position of its own */
static inline __attribute__((always_inline)) void step(int *v) {
    sink += 4;
    leaf(v); /* LINE:inlined_call_leaf */
}

__attribute__((noinline)) void outer(int v) {
    sink += 5;
    step(&v); /* LINE:call_step */
}

int main(void) {
#pragma omp parallel num_threads(2) /* LINE:parallel */
    {
        middle(omp_get_thread_num()); /* LINE:call_middle */
        sink += 2;
    }
#ifdef ANOTHER_BUILD
    sink += 3;
#endif
    printf("%d\n", sink);
    return 0;
}
