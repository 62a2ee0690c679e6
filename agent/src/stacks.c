/* Call stacks of the threads in a snapshot: see stacks.h and docs/agent.md, "Call stacks". */
#include "stacks.h"
#include "agent.h"

#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unwind.h>

#define STACK_TEXT(x) #x
#define STACK_NUMBER_TEXT(x) STACK_TEXT(x)
#define STACK_CAP_TEXT STACK_NUMBER_TEXT(STACK_MAX_FRAMES)

/* ---- the frame-pointer walk (async-signal-safe) ---- */

int code_ranges_hold(const code_ranges *c, uint64_t pc) {
    size_t lo = 0, hi = c->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (pc < c->r[mid].lo) {
            hi = mid;
        } else if (pc >= c->r[mid].hi) {
            lo = mid + 1;
        } else {
            return 1;
        }
    }
    return 0;
}

/* Stack memory read a window at a time: frames lie tens to hundreds of bytes apart, so one read (a system call) of
 * up to WINDOW bytes, never across a page boundary (a page is readable whole or not at all), serves several. */
#define WINDOW 512
#define PAGE 4096u

typedef struct window {
    stack_read_fn read;
    uint64_t lo, hi;             /* [lo, hi) is in buf */
    unsigned char buf[WINDOW];
} window;

/* The two words at fp (8-byte aligned): 0, or -1 when they cannot be read. */
static int read_pair(window *w, uint64_t fp, uint64_t words[2]) {
    if (fp < w->lo || fp + 16 > w->hi || fp + 16 < fp) {
        uint64_t page_end = (fp | (PAGE - 1)) + 1;
        uint64_t n = page_end - fp < WINDOW ? page_end - fp : WINDOW;
        if (n < 16 || page_end == 0) {
            /* the two words straddle a page boundary (fp is 8-aligned: only when 8 bytes are left): read them alone */
            w->lo = w->hi = 0;
            return w->read((const void *)(uintptr_t)fp, words, 16);
        }
        if (w->read((const void *)(uintptr_t)fp, w->buf, (size_t)n) != 0) {
            w->lo = w->hi = 0;
            return -1;
        }
        w->lo = fp;
        w->hi = fp + n;
    }
    memcpy(words, w->buf + (fp - w->lo), 16);
    return 0;
}

void stack_walk_fp(thread_stack *out, uint64_t pc, uint64_t sp, uint64_t fp, const code_ranges *code,
                   stack_read_fn read, size_t max) {
    window win;
    win.read = read;
    win.lo = win.hi = 0;
    out->n = 0;
    out->partial = STACK_WHOLE;
    out->activation = 1;
    if (max > STACK_MAX_FRAMES) {
        max = STACK_MAX_FRAMES;
    }
    if (max == 0) {
        out->partial = STACK_CAP;
        return;
    }
    /* The interrupted function: whether it has set up its frame (so that fp is its own) is not known. */
    out->frames[out->n++] = (stack_frame){pc, 0};
    if (!code_ranges_hold(code, pc)) {
        out->partial = STACK_OUTSIDE;
        return;
    }
    uint64_t below = sp; /* every frame pointer lies above the stack pointer, and above the one before */
    int first = 1;
    while (fp != 0) {
        if (fp & 7u) {
            out->partial = STACK_MISALIGNED;
            return;
        }
        if (first ? fp < below : fp <= below) {
            out->partial = STACK_NON_INCREASING;
            return;
        }
        uint64_t words[2]; /* the caller's frame pointer, the return address */
        if (read_pair(&win, fp, words) != 0) {
            out->partial = STACK_UNREADABLE;
            return;
        }
        /* fp is the frame pointer of the frame whose return address was read last: its CFA is fp + 16. */
        if (out->n > 1) {
            out->frames[out->n - 1].cfa = fp + 16;
        }
        uint64_t ret = words[1];
        if (ret == 0) {
            return; /* the outermost frame */
        }
        if (!code_ranges_hold(code, ret)) {
            out->partial = STACK_OUTSIDE;
            return;
        }
        if (out->n == max) {
            out->partial = STACK_CAP;
            return;
        }
        out->frames[out->n++] = (stack_frame){ret, 0};
        below = fp;
        fp = words[0];
        first = 0;
    }
}

/* ---- the code ranges the handlers check against ---- */

typedef struct range_table {
    size_t n, cap;
    code_range r[];
} range_table;

/* Published to the handlers while a snapshot stops the threads, NULL otherwise. A table is rewritten in place
 * for the next snapshot and, when it is too small, replaced and kept (never freed: a handler that began late may
 * still read it); tables only grow, so they take at most twice the largest. */
static _Atomic(range_table *) published;
static range_table *table;

typedef struct range_scan { range_table *t; size_t needed; } range_scan;

static int collect_ranges(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    range_scan *s = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X) || ph->p_memsz == 0) {
            continue;
        }
        if (s->t != NULL && s->t->n < s->t->cap) {
            uint64_t lo = info->dlpi_addr + ph->p_vaddr;
            s->t->r[s->t->n++] = (code_range){lo, lo + ph->p_memsz};
        }
        s->needed++;
    }
    return 0;
}

static int cmp_range(const void *a, const void *b) {
    uint64_t x = ((const code_range *)a)->lo, y = ((const code_range *)b)->lo;
    return x < y ? -1 : x > y;
}

int stack_ranges_prepare(void) {
    for (int attempt = 0; attempt < 3; attempt++) {
        range_scan s = {table, 0};
        if (table != NULL) {
            table->n = 0;
        }
        dl_iterate_phdr(collect_ranges, &s);
        if (table != NULL && s.needed <= table->cap) {
            qsort(table->r, table->n, sizeof table->r[0], cmp_range);
            atomic_store_explicit(&published, table, memory_order_release);
            return 0;
        }
        size_t cap = s.needed * 2 + 16;
        range_table *grown = malloc(sizeof *grown + cap * sizeof grown->r[0]);
        if (grown == NULL) {
            return -1;
        }
        grown->n = 0;
        grown->cap = cap;
        table = grown; /* the old one is kept: see `published` */
    }
    return -1;
}

void stack_ranges_release(void) {
    atomic_store_explicit(&published, NULL, memory_order_release);
}

void stack_record_interrupted(thread_stack *out, const void *ucontext) {
    range_table *t = atomic_load_explicit(&published, memory_order_acquire);
    out->n = 0;
    out->activation = 0;
    out->partial = STACK_NOT_TAKEN;
    if (t == NULL || ucontext == NULL) {
        return;
    }
    const ucontext_t *uc = ucontext;
    code_ranges code = {t->r, t->n};
#if defined(__x86_64__)
    stack_walk_fp(out, (uint64_t)uc->uc_mcontext.gregs[REG_RIP], (uint64_t)uc->uc_mcontext.gregs[REG_RSP],
                  (uint64_t)uc->uc_mcontext.gregs[REG_RBP], &code, agent_safe_read, STACK_MAX_FRAMES);
#elif defined(__aarch64__)
    stack_walk_fp(out, uc->uc_mcontext.pc, uc->uc_mcontext.sp, uc->uc_mcontext.regs[29], &code, agent_safe_read,
                  STACK_MAX_FRAMES);
#else
    (void)uc;
    (void)code;
#endif
}

/* ---- the snapshot-taking thread: libgcc's unwinder through .eh_frame ---- */

typedef _Unwind_Reason_Code (*backtrace_fn)(_Unwind_Trace_Fn, void *);
typedef _Unwind_Ptr (*get_ip_fn)(struct _Unwind_Context *);
typedef _Unwind_Word (*get_cfa_fn)(struct _Unwind_Context *);

static backtrace_fn unwind_backtrace;
static get_ip_fn unwind_get_ip;
static get_cfa_fn unwind_get_cfa;
/* The agent's own executable segment: its frames are left out of the snapshot-taking thread's stack, and a thread
 * interrupted in it was stopped inside one of the agent's callbacks. */
static code_range agent_code;

static int find_agent(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    uint64_t here = (uint64_t)(uintptr_t)&stacks_find_agent;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uint64_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && here >= lo && here < lo + ph->p_memsz) {
            agent_code = (code_range){lo, lo + ph->p_memsz};
            return 1;
        }
    }
    return 0;
}

void stacks_find_agent(void) {
    if (agent_code.hi == 0) {
        dl_iterate_phdr(find_agent, NULL);
    }
}

int stack_pc_in_agent(uint64_t pc) {
    return pc >= agent_code.lo && pc < agent_code.hi;
}

int stack_interrupted_in_agent(const void *ucontext) {
    if (ucontext == NULL) {
        return 0;
    }
    const ucontext_t *uc = ucontext;
#if defined(__x86_64__)
    return stack_pc_in_agent((uint64_t)uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    return stack_pc_in_agent(uc->uc_mcontext.pc);
#else
    (void)uc;
    return 0;
#endif
}

void stacks_init(void) {
    stacks_find_agent();
    /* glibc's backtrace() loads the same library the same way; it stays loaded for the process's life. */
    void *gcc = dlopen("libgcc_s.so.1", RTLD_NOW | RTLD_LOCAL);
    if (gcc == NULL) {
        return;
    }
    backtrace_fn bt = (backtrace_fn)dlsym(gcc, "_Unwind_Backtrace");
    get_ip_fn ip = (get_ip_fn)dlsym(gcc, "_Unwind_GetIP");
    get_cfa_fn cfa = (get_cfa_fn)dlsym(gcc, "_Unwind_GetCFA");
    if (bt != NULL && ip != NULL && cfa != NULL) {
        unwind_get_ip = ip;
        unwind_get_cfa = cfa;
        unwind_backtrace = bt;
    }
}

typedef struct self_walk { thread_stack *out; int left_agent; } self_walk;

static _Unwind_Reason_Code self_frame(struct _Unwind_Context *ctx, void *arg) {
    self_walk *s = arg;
    uint64_t pc = (uint64_t)unwind_get_ip(ctx);
    if (pc == 0) {
        return _URC_NO_REASON; /* _start's caller: the unwinder ends next */
    }
    if (!s->left_agent) {
        if (pc >= agent_code.lo && pc < agent_code.hi) {
            return _URC_NO_REASON;
        }
        s->left_agent = 1;
    }
    if (s->out->n == STACK_MAX_FRAMES) {
        s->out->partial = STACK_CAP;
        return _URC_END_OF_STACK; /* any code but _URC_NO_REASON stops the unwinder */
    }
    s->out->frames[s->out->n++] = (stack_frame){pc, (uint64_t)unwind_get_cfa(ctx)};
    return _URC_NO_REASON;
}

void stack_record_self(thread_stack *out) {
    out->n = 0;
    out->activation = 0; /* every frame is a return address: the runtime's call into the agent is the innermost */
    out->partial = STACK_WHOLE;
    if (unwind_backtrace == NULL) {
        out->partial = STACK_NO_UNWINDER;
        return;
    }
    self_walk s = {out, 0};
    _Unwind_Reason_Code rc = unwind_backtrace(self_frame, &s);
    if (rc != _URC_END_OF_STACK && out->partial == STACK_WHOLE) {
        out->partial = STACK_NO_CFI;
    }
}

const char *stack_partial_text(int partial) {
    switch (partial) {
    case STACK_WHOLE: return NULL;
    case STACK_CAP: return "depth cap: only the innermost " STACK_CAP_TEXT " frames were recorded";
    case STACK_UNREADABLE: return "a frame pointer pointed at unreadable memory";
    case STACK_OUTSIDE: return "a return address outside the code of every loaded module";
    case STACK_NON_INCREASING: return "a frame pointer not above the one before (code without frame pointers)";
    case STACK_MISALIGNED: return "a misaligned frame pointer (code without frame pointers)";
    case STACK_NO_UNWINDER: return "libgcc_s.so.1 could not be loaded to unwind the snapshot-taking thread";
    case STACK_NO_CFI: return "the unwinder found no unwind information for a frame";
    default: return "no stack was taken";
    }
}
