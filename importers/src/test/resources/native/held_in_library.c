/* An OpenMP program whose threads are held inside a shared library of its own (held_library.c, built as libwork.so):
 * the tests take its core, then build the library or the program again differently at the same path, as happens when
 * a core is opened after a rebuild. Prints "READY <pid>" once every thread is held. */
#include <omp.h>

void work_hold(int expected);

int main(void) {
#pragma omp parallel num_threads(2)
    work_hold(omp_get_num_threads());
#ifdef PROGRAM_VARIANT
    return PROGRAM_VARIANT; /* another build: other code, another build-id */
#else
    return 0;
#endif
}
