/*
 * Detached tasks fulfilled late by another thread: in each round thread 0 creates EVENTS tasks with
 * detach(event); each computes its value, publishes its event and ends its body — the task is not complete
 * until the event is fulfilled. Thread 1, outside any task, fulfils each published event after a delay;
 * thread 0's taskwait waits for all of them. Threads 2 and 3 wait at the barrier and run tasks.
 *
 * usage: detach [rounds] [delay ms]     Prints a checksum of the values. In round 2 a task created after the
 * detached ones asks for a snapshot while they wait for their events.
 */
#include "corpus.h"

enum { EVENTS = 8, THREADS = 4 };

static omp_event_handle_t event[EVENTS];
static atomic_long published[EVENTS]; /* the round whose event is in event[k], plus one */
static atomic_int finished;

int main(int argc, char **argv) {
    long rounds = corpus_arg(argc, argv, 1, 25);
    long delay = corpus_arg(argc, argv, 2, 3);
    uint64_t value[EVENTS];
    uint64_t sum = 0;
    omp_set_dynamic(0);
#pragma omp parallel num_threads(THREADS) shared(value, sum)
    {
        if (omp_get_num_threads() != THREADS) {
            fprintf(stderr, "detach: needs %d threads, got %d\n", THREADS, omp_get_num_threads());
            exit(2);
        }
        if (omp_get_thread_num() == 0) {
            for (long r = 0; r < rounds; r++) {
                for (int k = 0; k < EVENTS; k++) {
                    omp_event_handle_t ev;
#pragma omp task detach(ev) firstprivate(k, r) shared(value)
                    {
                        value[k] = corpus_work((uint64_t)(r * EVENTS + k), 1000);
                        event[k] = ev;
                        atomic_store(&published[k], r + 1);
                    }
                }
                if (r == 2) {
#pragma omp task
                    corpus_flush();
                }
#pragma omp taskwait
                for (int k = 0; k < EVENTS; k++) {
                    sum = sum * 31 + value[k];
                }
            }
            atomic_store(&finished, 1);
        } else if (omp_get_thread_num() == 1) {
            long round = 0;
            while (round < rounds) {
                for (int k = 0; k < EVENTS; k++) {
                    while (atomic_load(&published[k]) != round + 1) {
                        corpus_sleep_ms(1);
                    }
                    corpus_sleep_ms(delay);
                    omp_fulfill_event(event[k]);
                }
                round++;
            }
        }
    }
    printf("detach(%ld rounds of %d events) checksum %016llx\n", rounds, EVENTS, (unsigned long long)sum);
    return atomic_load(&finished) ? 0 : 1;
}
