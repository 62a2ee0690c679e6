/* Call stacks of the threads in a snapshot (format 1.3): raw return addresses and CFAs, symbol-free.
 *
 * A thread stopped by the stop signal walks its own frame-pointer chain in the handler, from the interrupted pc,
 * rsp and rbp of the signal's ucontext, into memory of its thread record (allocated at thread_begin), reading every
 * word with agent_safe_read and checking every return address against the code ranges of the loaded modules,
 * which the writer collects before it stops anyone (stack_ranges_prepare). The thread that takes the snapshot
 * is not interrupted: it unwinds itself through .eh_frame (libgcc's _Unwind_Backtrace) before the others stop.
 * See docs/agent.md, "Call stacks". */
#ifndef OMPD_EXPLORER_STACKS_H
#define OMPD_EXPLORER_STACKS_H

#include <stddef.h>
#include <stdint.h>

/* The deepest stack a thread records; a deeper one is cut to its innermost STACK_MAX_FRAMES and marked partial. */
#define STACK_MAX_FRAMES 256

/* Why a walk stopped before the outermost frame (STACK_WHOLE: it did not). */
enum stack_partial {
    STACK_WHOLE = 0,
    STACK_CAP,            /* STACK_MAX_FRAMES frames recorded, the chain goes on */
    STACK_UNREADABLE,     /* a frame pointer pointed at memory that cannot be read */
    STACK_OUTSIDE,        /* a return address outside the code of every loaded module */
    STACK_NON_INCREASING, /* a frame pointer not above the previous one (a cycle, or a register used for data) */
    STACK_MISALIGNED,     /* a frame pointer not 8-byte aligned */
    STACK_NO_UNWINDER,    /* the snapshot-taking thread: libgcc_s.so.1 could not be loaded */
    STACK_NO_CFI,         /* the snapshot-taking thread: no unwind information for a frame */
    STACK_NOT_TAKEN,      /* the thread did not stop (or stacks are off): no stack */
};

typedef struct stack_frame { uint64_t pc, cfa; } stack_frame;

typedef struct thread_stack {
    uint32_t n;          /* frames recorded, innermost first */
    uint8_t partial;     /* enum stack_partial */
    uint8_t activation;  /* frames[0] is the interrupted instruction (a signal's pc), not a return address */
    stack_frame frames[STACK_MAX_FRAMES];
} thread_stack;

/* Executable address ranges [lo, hi), sorted by lo. */
typedef struct code_range { uint64_t lo, hi; } code_range;
typedef struct code_ranges { const code_range *r; size_t n; } code_ranges;

/* Reads n bytes at addr into out without faulting: 0, or -1 when it cannot. */
typedef int (*stack_read_fn)(const void *addr, void *out, size_t n);

/* 1 when pc lies in one of the ranges. Async-signal-safe. */
int code_ranges_hold(const code_ranges *c, uint64_t pc);

/* Walks a frame-pointer chain (x86-64: [fp] = the caller's fp, [fp + 8] = the return address) from an
 * interrupted pc, stack pointer and frame pointer into out, at most max frames (<= STACK_MAX_FRAMES). The first
 * frame is pc itself (an activation, CFA unknown: 0); each following one is the return address at [fp + 8], with
 * CFA = its own frame pointer + 16 when that one is valid, else 0. The walk ends at a null frame pointer or return
 * address (whole), or marks out->partial. Async-signal-safe when read is. */
void stack_walk_fp(thread_stack *out, uint64_t pc, uint64_t sp, uint64_t fp, const code_ranges *code,
                   stack_read_fn read, size_t max);

/* In the stop signal's handler: the interrupted thread's own stack from the handler's ucontext, with the ranges the
 * writer published (none published: the walk checks no module). */
void stack_record_interrupted(thread_stack *out, const void *ucontext);

/* The writer, before it stops the threads: collects the executable ranges of the loaded modules (dl_iterate_phdr)
 * and publishes them to the handlers; 0, or -1 when out of memory (no check then). stack_ranges_release after the
 * threads run again. */
int stack_ranges_prepare(void);
void stack_ranges_release(void);

/* The calling thread's own stack through .eh_frame, without the agent's own frames (it is about to take a
 * snapshot; call before any thread is stopped: the unwinder takes the loader's lock). */
void stack_record_self(thread_stack *out);

/* At start-up (not in a handler): loads libgcc_s.so.1 for stack_record_self and notes the agent's own code range. */
void stacks_init(void);

/* At start-up (not in a handler; stacks_init does it too): notes the agent's own executable segment (dl_iterate_phdr
 * for the PT_LOAD range that holds this function). Once is enough; later calls do nothing. */
void stacks_find_agent(void);

/* 1 when pc lies in the agent's own code (0 before stacks_find_agent). Async-signal-safe. */
int stack_pc_in_agent(uint64_t pc);

/* In the stop signal's handler: 1 when the signal interrupted the thread in the agent's own code, that is inside one
 * of the agent's callbacks, whose updates of the records are then half done (docs/agent.md, "How a snapshot is
 * taken"). Reads the pc of the handler's ucontext; NULL gives 0. Async-signal-safe. */
int stack_interrupted_in_agent(const void *ucontext);

/* The text the snapshot gives for a partial reason, or NULL for STACK_WHOLE. */
const char *stack_partial_text(int partial);

#endif
