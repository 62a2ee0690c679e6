/* Fault-injection target for the capture agent: teams keep being created and ended (nested parallel regions of
 * varying size, so that the runtime creates threads as teams grow, and tasks in each inner team) until a line
 * arrives on stdin; its threads end at exit. (omp_pause_hard would end them sooner, but libomp 19 then asserts
 * "__kmp_registration_flag != 0" even without a tool.) Prints "ready" once running and "result <rounds> <sum>" at the end,
 * where sum must be 36 * sum over rounds r of (1 + r % 4). */
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static atomic_int stop;

static void *wait_for_line(void *arg) {
    (void)arg;
    char c;
    while (read(0, &c, 1) < 0) {
        /* a stop signal of the agent may interrupt the read */
    }
    atomic_store(&stop, 1);
    return NULL;
}

int main(void) {
    pthread_t reader;
    pthread_create(&reader, NULL, wait_for_line, NULL);
    omp_set_max_active_levels(2);
    long rounds = 0, sum = 0;
    printf("ready\n");
    fflush(stdout);
    while (!atomic_load(&stop) || rounds < 20) {
        atomic_long round_sum = 0;
#pragma omp parallel num_threads(1 + rounds % 4)
        {
#pragma omp parallel num_threads(1 + (omp_get_thread_num() + rounds) % 3)
            {
#pragma omp single
                for (int k = 1; k <= 8; k++) {
#pragma omp task firstprivate(k)
                    atomic_fetch_add(&round_sum, k);
                }
            }
        }
        sum += round_sum;
        rounds++;
    }
    pthread_join(reader, NULL);
    printf("result %ld %ld\n", rounds, sum);
    return 0;
}
