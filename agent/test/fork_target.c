/* Integration-test target for fork() while the agent's threads run (the series timer, the signal helper): for
 * about the time given in seconds as argv[1] (default 1) it runs a parallel region and forks a child that runs
 * one of its own and exits through exit(), so the child's atexit handlers, OMPT finalizer and destructors run
 * without the parent's helper threads. A child that hangs is killed by the test's timeout; one that fails makes
 * the parent exit 1. Prints "fork_target: <n> children" and exits 0. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int team_sum(void) {
    int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += 1;
    return sum;
}

int main(int argc, char **argv) {
    double until = now() + (argc > 1 ? atof(argv[1]) : 1.0);
    int children = 0;
    while (now() < until) {
        if (team_sum() < 1) {
            return 1;
        }
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0) {
            exit(team_sum() >= 1 ? 0 : 3);
        }
        int status = 0;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "fork_target: child %d ended with status %#x\n", (int)pid, status);
            return 1;
        }
        children++;
    }
    printf("fork_target: %d children\n", children);
    return 0;
}
