/* An OMPT tool that registers the callbacks the capture agent uses, with empty bodies: the cost of OMPT
 * event dispatch inside the runtime, the floor under any tool that follows tasks. Used by
 * agent-overhead.sh --null. */
#include <omp-tools.h>

static void thread_begin(ompt_thread_t type, ompt_data_t *data) {
    (void)type;
    (void)data;
}

static void thread_end(ompt_data_t *data) {
    (void)data;
}

static void parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel, unsigned int n,
                           int flags, const void *codeptr) {
    (void)task;
    (void)frame;
    (void)parallel;
    (void)n;
    (void)flags;
    (void)codeptr;
}

static void parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *codeptr) {
    (void)parallel;
    (void)task;
    (void)flags;
    (void)codeptr;
}

static void implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                          unsigned int n, unsigned int index, int flags) {
    (void)endpoint;
    (void)parallel;
    (void)task;
    (void)n;
    (void)index;
    (void)flags;
}

static void task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task, int flags,
                        int has_dependences, const void *codeptr) {
    (void)parent;
    (void)frame;
    (void)task;
    (void)flags;
    (void)has_dependences;
    (void)codeptr;
}

static void task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
    (void)prior;
    (void)status;
    (void)next;
}

static void dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps) {
    (void)task;
    (void)deps;
    (void)ndeps;
}

static void task_dependence(ompt_data_t *src, ompt_data_t *sink) {
    (void)src;
    (void)sink;
}

static void sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                        ompt_data_t *task, const void *codeptr) {
    (void)kind;
    (void)endpoint;
    (void)parallel;
    (void)task;
    (void)codeptr;
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data) {
    (void)initial_device_num;
    (void)tool_data;
    ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
    if (set == 0) {
        return 0;
    }
    set(ompt_callback_thread_begin, (ompt_callback_t)thread_begin);
    set(ompt_callback_thread_end, (ompt_callback_t)thread_end);
    set(ompt_callback_parallel_begin, (ompt_callback_t)parallel_begin);
    set(ompt_callback_parallel_end, (ompt_callback_t)parallel_end);
    set(ompt_callback_implicit_task, (ompt_callback_t)implicit_task);
    set(ompt_callback_task_create, (ompt_callback_t)task_create);
    set(ompt_callback_task_schedule, (ompt_callback_t)task_schedule);
    set(ompt_callback_dependences, (ompt_callback_t)dependences);
    set(ompt_callback_task_dependence, (ompt_callback_t)task_dependence);
    set(ompt_callback_sync_region, (ompt_callback_t)sync_region);
    set(ompt_callback_sync_region_wait, (ompt_callback_t)sync_region);
    return 1;
}

static void finalize(ompt_data_t *tool_data) {
    (void)tool_data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
    (void)omp_version;
    (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
