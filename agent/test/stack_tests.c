/* Call stacks (stacks.c): the frame-pointer walk on hand-built chains — whole, at the depth cap, into unreadable
 * memory, around a cycle, a frame pointer below the one before, a misaligned one, a return address outside every
 * module — then a real thread interrupted by a signal that walks its own stack in the handler, the snapshot-taking
 * thread's own stack through .eh_frame, and the "stack" of a rendered thread with its module index.
 * This file is compiled with -fno-omit-frame-pointer (Makefile), as a program whose stacks are to be whole is. */
#include "check.h"
#include "render.h"
#include "ring.h"
#include "sites.h"
#include "stacks.h"
#include "symbols.h"

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A fake code range and return addresses in it. */
static const code_range FAKE_CODE[] = {{0x1000, 0x2000}, {0x5000, 0x6000}};
static const code_ranges FAKE = {FAKE_CODE, 2};

/* Builds a chain of n frames in mem (each two words: the caller's frame pointer, the return address 0x1000 + i),
 * the outermost one's caller frame pointer `last`; returns the innermost frame pointer. */
static uint64_t chain(uint64_t *mem, size_t n, uint64_t last) {
    for (size_t i = 0; i < n; i++) {
        mem[2 * i] = i + 1 < n ? (uint64_t)(uintptr_t)&mem[2 * (i + 1)] : last;
        mem[2 * i + 1] = 0x1000 + i;
    }
    return (uint64_t)(uintptr_t)&mem[0];
}

static void test_walk_whole(void) {
    uint64_t mem[2 * 5];
    thread_stack *st = calloc(1, sizeof *st);
    uint64_t fp = chain(mem, 5, 0);
    stack_walk_fp(st, 0x5abc, fp - 64, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->partial == STACK_WHOLE && st->activation == 1);
    CHECK(st->n == 6);
    CHECK(st->frames[0].pc == 0x5abc && st->frames[0].cfa == 0); /* the interrupted pc: its CFA is not known */
    for (uint32_t k = 1; k < st->n; k++) {
        CHECK(st->frames[k].pc == 0x1000 + (k - 1));
    }
    /* the return address read at frame pointer i belongs to the frame whose frame pointer is i + 1: CFA = that + 16 */
    CHECK(st->frames[1].cfa == (uint64_t)(uintptr_t)&mem[2] + 16);
    CHECK(st->frames[4].cfa == (uint64_t)(uintptr_t)&mem[8] + 16);
    CHECK(st->frames[5].cfa == 0); /* its frame pointer was 0: the outermost frame */
    /* a null return address ends the walk as well */
    mem[2 * 2 + 1] = 0;
    stack_walk_fp(st, 0x5abc, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->partial == STACK_WHOLE && st->n == 3);
    free(st);
}

static void test_walk_cap(void) {
    enum { DEEP = 300 };
    uint64_t *mem = calloc(2 * DEEP, sizeof *mem);
    thread_stack *st = calloc(1, sizeof *st);
    uint64_t fp = chain(mem, DEEP, 0);
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == STACK_MAX_FRAMES && st->partial == STACK_CAP);
    CHECK(st->frames[STACK_MAX_FRAMES - 1].pc == 0x1000 + STACK_MAX_FRAMES - 2);
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, 4);
    CHECK(st->n == 4 && st->partial == STACK_CAP);
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, 100000); /* no more than the memory holds */
    CHECK(st->n == STACK_MAX_FRAMES && st->partial == STACK_CAP);
    CHECK(strstr(stack_partial_text(STACK_CAP), "256") != NULL);
    free(mem);
    free(st);
}

static void test_walk_unreadable(void) {
    long page = sysconf(_SC_PAGESIZE);
    char *gone = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(gone != MAP_FAILED);
    munmap(gone, (size_t)page);
    uint64_t mem[2 * 3];
    thread_stack *st = calloc(1, sizeof *st);
    /* the third frame's caller frame pointer points into the unmapped page (above the others, so it is not refused
     * as non-increasing first when the page lies higher; else the order check refuses it: both are partial) */
    uint64_t fp = chain(mem, 3, (uint64_t)(uintptr_t)gone);
    stack_walk_fp(st, 0x1fff, 0, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 4);
    CHECK(st->partial == ((uintptr_t)gone > (uintptr_t)&mem[4] ? STACK_UNREADABLE : STACK_NON_INCREASING));
    /* the first frame pointer itself unreadable */
    stack_walk_fp(st, 0x1fff, 0, (uint64_t)(uintptr_t)gone, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 1 && st->partial == STACK_UNREADABLE);

    /* frames on both sides of a page boundary (the walk reads a page at most at a time), one of them straddling it:
     * read whole while both pages are there; with the second page gone, the walk stops at the straddling one */
    char *two = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(two != MAP_FAILED);
    uint64_t *a = (uint64_t *)(two + page - 64), *b = (uint64_t *)(two + page - 8), *c = (uint64_t *)(two + page + 64);
    a[0] = (uint64_t)(uintptr_t)b;
    a[1] = 0x1000;
    b[0] = (uint64_t)(uintptr_t)c; /* the caller's frame pointer at the end of the first page */
    b[1] = 0x1001;                 /* the return address at the start of the second */
    c[0] = 0;
    c[1] = 0x1002;
    stack_walk_fp(st, 0x1fff, 0, (uint64_t)(uintptr_t)a, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 4 && st->partial == STACK_WHOLE && st->frames[3].pc == 0x1002);
    munmap(two + page, (size_t)page);
    stack_walk_fp(st, 0x1fff, 0, (uint64_t)(uintptr_t)a, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 2 && st->partial == STACK_UNREADABLE);
    munmap(two, (size_t)page);
    free(st);
}

static void test_walk_bad_chains(void) {
    uint64_t mem[2 * 4];
    thread_stack *st = calloc(1, sizeof *st);
    /* a cycle: the third frame's caller is the first again */
    uint64_t fp = chain(mem, 3, (uint64_t)(uintptr_t)&mem[0]);
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 4 && st->partial == STACK_NON_INCREASING);
    /* a frame pointer that points at itself */
    mem[0] = (uint64_t)(uintptr_t)&mem[0];
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 2 && st->partial == STACK_NON_INCREASING);
    /* a caller frame pointer below the frame's own (a register the code used for data) */
    fp = chain(mem, 4, 0);
    mem[2 * 1] = (uint64_t)(uintptr_t)&mem[0] - 4096;
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 3 && st->partial == STACK_NON_INCREASING);
    CHECK(st->frames[2].cfa == 0); /* its frame pointer was refused: its CFA is not known */
    /* the first frame pointer below the stack pointer */
    fp = chain(mem, 4, 0);
    stack_walk_fp(st, 0x1fff, fp + 8, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 1 && st->partial == STACK_NON_INCREASING);
    /* a misaligned one */
    mem[2 * 1] = (uint64_t)(uintptr_t)&mem[4] + 3;
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 3 && st->partial == STACK_MISALIGNED);
    /* a return address outside every module: not recorded */
    fp = chain(mem, 4, 0);
    mem[2 * 2 + 1] = 0x3000;
    stack_walk_fp(st, 0x1fff, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 3 && st->partial == STACK_OUTSIDE);
    CHECK(st->frames[2].pc == 0x1001);
    /* the interrupted pc outside every module: it alone */
    stack_walk_fp(st, 0x4000, fp, fp, &FAKE, agent_safe_read, STACK_MAX_FRAMES);
    CHECK(st->n == 1 && st->frames[0].pc == 0x4000 && st->partial == STACK_OUTSIDE);
    for (int p = STACK_CAP; p <= STACK_NOT_TAKEN; p++) {
        CHECK(stack_partial_text(p) != NULL);
    }
    CHECK(stack_partial_text(STACK_WHOLE) == NULL);
    free(st);
}

/* ---- a real thread, interrupted by a signal in known functions, walks its own stack in the handler ---- */

static thread_stack *interrupted;
static _Atomic int spinning, walked;
static _Atomic int spin_in_agent = -1; /* the handler's stack_interrupted_in_agent for the spinning thread */

static void on_walk_signal(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)info;
    stack_record_interrupted(interrupted, context);
    atomic_store(&spin_in_agent, stack_interrupted_in_agent(context));
    atomic_store(&walked, 1);
}

_Atomic int stack_test_never; /* never set; not static, so that the compiler keeps the call */

__attribute__((noinline)) static void stack_test_opaque(void) {
    __asm__ volatile("" ::: "memory");
}

/* A call in the loop (never made) keeps clang from setting up the frame only after the loop (shrink-wrapping):
 * interrupted in the loop, the function's frame pointer is its own. */
__attribute__((noinline)) static void stack_test_spin(void) {
    atomic_store(&spinning, 1);
    while (!atomic_load(&walked)) {
        if (atomic_load(&stack_test_never)) {
            stack_test_opaque();
        }
    }
    __asm__ volatile("" ::: "memory"); /* no tail position: the frame stays */
}

__attribute__((noinline)) static void stack_test_middle(void) {
    stack_test_spin();
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void *stack_test_outer(void *arg) {
    (void)arg;
    stack_test_middle();
    __asm__ volatile("" ::: "memory");
    return NULL;
}

static int frame_in(const thread_stack *st, uint32_t k, const char *function) {
    char name[256];
    /* a return address is looked up one byte back (the call), the interrupted pc as it is */
    uint64_t at = st->frames[k].pc - (k == 0 && st->activation ? 0 : 1);
    return k < st->n && symbolize(at, name, sizeof name) == 1 && strcmp(name, function) == 0;
}

static void test_walk_in_handler(void) {
    stacks_find_agent();
    interrupted = calloc(1, sizeof *interrupted);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_walk_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, &old);

    /* nothing published: the handler records nothing */
    stack_record_interrupted(interrupted, NULL);
    CHECK(interrupted->n == 0 && interrupted->partial == STACK_NOT_TAKEN);

    CHECK(stack_ranges_prepare() == 0);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, stack_test_outer, NULL) == 0);
    while (!atomic_load(&spinning)) {
    }
    pthread_kill(t, SIGUSR1);
    pthread_join(t, NULL);
    stack_ranges_release();
    sigaction(SIGUSR1, &old, NULL);

    const thread_stack *st = interrupted;
    CHECK(st->n >= 3 && st->activation == 1);
    CHECK(frame_in(st, 0, "stack_test_spin"));
    CHECK(atomic_load(&spin_in_agent) == 1); /* this program is the "agent" here (see test_in_agent) */
    CHECK(frame_in(st, 1, "stack_test_middle"));
    CHECK(frame_in(st, 2, "stack_test_outer"));
    CHECK(st->frames[0].cfa == 0 && st->frames[1].cfa != 0 && st->frames[2].cfa > st->frames[1].cfa);
    /* then glibc's start_thread, built without frame pointers: the walk ends or is marked, never faults */
    CHECK(st->n < STACK_MAX_FRAMES);
    free(interrupted);
}

/* ---- a thread stopped inside the agent's own code (one of its callbacks), or outside it ---- */

static _Atomic int blocked_in_libc_seen = -1;

static void on_where_signal(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)info;
    atomic_store(&blocked_in_libc_seen, stack_interrupted_in_agent(context));
}

static int blocker_pipe[2];
static _Atomic pid_t blocked_tid;

/* 1 when thread tid sleeps (state S in /proc: inside the blocking read). */
static int thread_sleeps(pid_t tid) {
    char path[64], stat[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        return 0;
    }
    ssize_t n = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (n <= 0) {
        return 0;
    }
    stat[n] = '\0';
    const char *end = strrchr(stat, ')'); /* "pid (comm) S ..." */
    return end != NULL && end[1] == ' ' && end[2] == 'S';
}

static void *stack_test_blocked(void *arg) {
    (void)arg;
    atomic_store(&blocked_tid, (pid_t)syscall(SYS_gettid));
    char c;
    while (read(blocker_pipe[0], &c, 1) < 0) {
        /* the signal interrupts the read: its pc is in libc's read, outside the agent */
    }
    return NULL;
}

/* The stop handler's test (stop.c): the interrupted pc of the signal's ucontext, inside the agent's text or not. The
 * agent's objects are linked into this test program, so its "own" code is the whole program: a pc of any function
 * here is inside, one in libc outside. */
static void test_in_agent(void) {
    stacks_find_agent();
    CHECK(stack_pc_in_agent((uint64_t)(uintptr_t)&stacks_find_agent));
    CHECK(stack_pc_in_agent((uint64_t)(uintptr_t)&stack_walk_fp + 8));
    CHECK(!stack_pc_in_agent((uint64_t)(uintptr_t)&write));
    CHECK(!stack_pc_in_agent(0));
    CHECK(stack_interrupted_in_agent(NULL) == 0);
#if defined(__x86_64__)
    /* a handler's context, made by hand: interrupted in the agent's ring claim, then in libc */
    ucontext_t uc;
    memset(&uc, 0, sizeof uc);
    uc.uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)&ring_claim_slow + 4;
    CHECK(stack_interrupted_in_agent(&uc) == 1);
    uc.uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)&write;
    CHECK(stack_interrupted_in_agent(&uc) == 0);
#endif
    /* a real signal: a thread blocked in libc's read is outside the agent */
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_where_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR2, &sa, &old);
    CHECK(pipe(blocker_pipe) == 0);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, stack_test_blocked, NULL) == 0);
    while (atomic_load(&blocked_tid) == 0 || !thread_sleeps(atomic_load(&blocked_tid))) {
        sched_yield(); /* until the thread sleeps in read() */
    }
    pthread_kill(t, SIGUSR2);
    while (atomic_load(&blocked_in_libc_seen) < 0) {
        sched_yield();
    }
    CHECK(atomic_load(&blocked_in_libc_seen) == 0);
    CHECK(write(blocker_pipe[1], "x", 1) == 1);
    pthread_join(t, NULL);
    close(blocker_pipe[0]);
    close(blocker_pipe[1]);
    sigaction(SIGUSR2, &old, NULL);
}

/* ---- the snapshot-taking thread: through .eh_frame, without the agent's frames ---- */

__attribute__((noinline)) static void stack_test_self(thread_stack *st) {
    stack_record_self(st);
    __asm__ volatile("" ::: "memory");
}

static void test_self(void) {
    thread_stack *st = calloc(1, sizeof *st);
    stacks_init();
    stack_test_self(st);
    /* the agent's objects are linked into this test program, so its "own" code is the whole program: only what
     * lies outside it — libc's __libc_start_call_main and on — is recorded, each with its CFA */
    CHECK(st->partial == STACK_WHOLE && st->activation == 0);
    CHECK(st->n >= 1 && st->n < 64);
    int cfas = 1;
    for (uint32_t k = 0; k < st->n; k++) {
        cfas &= st->frames[k].cfa != 0;
    }
    CHECK(cfas);
    free(st);
}

/* ---- the rendered "stack": frames, module index, partial, and the module map holding the frames ---- */

static void test_render_stack(void) {
    world_copy w;
    memset(&w, 0, sizeof w);
    copy_thread *threads = calloc(2, sizeof *threads);
    threads[0].ordinal = 1;
    threads[0].acked = 1;
    threads[0].kind = ompt_thread_initial;
    thread_stack *st = &threads[0].stack;
    st->activation = 1;
    st->n = 3;
    st->frames[0] = (stack_frame){(uint64_t)(uintptr_t)&stack_test_spin + 4, 0};
    st->frames[1] = (stack_frame){(uint64_t)(uintptr_t)&stack_test_middle + 9, 0x7ffe00001010};
    st->frames[2] = (stack_frame){0x10, 0x7ffe00001050}; /* in no module */
    st->partial = STACK_OUTSIDE;
    threads[1].ordinal = 2;
    threads[1].acked = 0; /* did not stop: no stack */
    threads[1].stack.n = 1;
    w.threads = threads;
    w.nthreads = 2;
    size_t len = 0;
    char *text = snapshot_render(&w, "stacks", &len);
    CHECK(text != NULL);
    if (text != NULL) {
        char expected[512];
        snprintf(expected, sizeof expected,
                 "\"stack\": {\"frames\": [{\"pc\": \"0x%llx\",\"activation\": true,\"module\": 0},"
                 "{\"pc\": \"0x%llx\",\"cfa\": \"0x7ffe00001010\",\"module\": 0},"
                 "{\"pc\": \"0x10\",\"cfa\": \"0x7ffe00001050\"}],"
                 "\"partial\": \"a return address outside the code of every loaded module\"}",
                 (unsigned long long)st->frames[0].pc, (unsigned long long)st->frames[1].pc);
        CHECK(strstr(text, expected) != NULL);
        if (strstr(text, expected) == NULL) {
            printf("  expected %s\n  in %s\n", expected, text);
        }
        /* no creation site, yet the module map lists the program: it holds frame pcs (no code addresses) */
        CHECK(strstr(text, "\"modules\": [") != NULL && strstr(text, "\"codeAddresses\": []") != NULL);
        CHECK(strstr(strstr(text, "\"stack\"") + 1, "\"stack\"") == NULL); /* thread 2 did not stop: none */
    }
    free(text);
    /* a whole stack has no "partial" */
    st->n = 2;
    st->partial = STACK_WHOLE;
    text = snapshot_render(&w, "stacks", &len);
    CHECK(text != NULL && strstr(text, "\"module\": 0}]}") != NULL && strstr(text, "\"partial\"") == NULL);
    free(text);
    free(threads);
}

void test_call_stacks(void) {
    test_walk_whole();
    test_walk_cap();
    test_walk_unreadable();
    test_walk_bad_chains();
    test_walk_in_handler();
    test_in_agent();
    test_self();
    test_render_stack();
}
