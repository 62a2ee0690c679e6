/*
 * Linked list traversal with tasks, as in the OpenMP Examples (tasking.3): one thread walks the list and creates
 * a task per element with firstprivate(p), the others run them; then the same walk with a task per block of
 * elements. Each element's work depends on its key only.
 *
 * usage: linked_list [elements] [passes]     Prints a checksum of the elements. The task of the middle element
 * of the first pass asks for a snapshot.
 */
#include "corpus.h"

typedef struct elem {
    struct elem *next;
    long index;
    uint64_t key, value;
} elem_t;

static void process(elem_t *p, int pass) {
    p->value = corpus_work(p->key + (uint64_t)pass * p->value, 60);
}

int main(int argc, char **argv) {
    long n = corpus_arg(argc, argv, 1, 120000);
    long passes = corpus_arg(argc, argv, 2, 6);
    elem_t *head = NULL;
    for (long i = n - 1; i >= 0; i--) {
        elem_t *e = malloc(sizeof *e);
        if (e == NULL) {
            fprintf(stderr, "linked_list: out of memory\n");
            return 1;
        }
        *e = (elem_t){head, i, corpus_mix((uint64_t)i), 0};
        head = e;
    }
#pragma omp parallel
#pragma omp single
    for (int pass = 0; pass < passes; pass++) {
        if (pass % 2 == 0) {
            for (elem_t *p = head; p != NULL; p = p->next) {
#pragma omp task firstprivate(p, pass)
                {
                    if (pass == 0 && p->index == n / 2) {
                        corpus_flush();
                    }
                    process(p, pass);
                }
            }
        } else {
            elem_t *p = head;
            while (p != NULL) {
                elem_t *first = p;
                for (int k = 0; k < 16 && p != NULL; k++) {
                    p = p->next;
                }
#pragma omp task firstprivate(first, p, pass)
                for (elem_t *q = first; q != p; q = q->next) {
                    process(q, pass);
                }
            }
        }
#pragma omp taskwait
    }
    uint64_t sum = 0;
    while (head != NULL) {
        elem_t *next = head->next;
        sum = sum * 31 + head->value;
        free(head);
        head = next;
    }
    printf("linked_list(%ld elements, %ld passes) checksum %016llx\n", n, passes, (unsigned long long)sum);
    return 0;
}
