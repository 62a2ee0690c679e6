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

/* Offload: what the agent registers for devices and target constructs (libomptarget calls them). */
static void device_initialize(int num, const char *type, ompt_device_t *device, ompt_function_lookup_t lookup,
                              const char *documentation) {
    (void)num;
    (void)type;
    (void)device;
    (void)lookup;
    (void)documentation;
}

static void device_finalize(int num) {
    (void)num;
}

static void device_load(int num, const char *file, int64_t offset, void *vma, size_t bytes, void *host_addr,
                        void *device_addr, uint64_t module_id) {
    (void)num;
    (void)file;
    (void)offset;
    (void)vma;
    (void)bytes;
    (void)host_addr;
    (void)device_addr;
    (void)module_id;
}

static void device_unload(int num, uint64_t module_id) {
    (void)num;
    (void)module_id;
}

static void target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device, ompt_data_t *task,
                       ompt_data_t *target_task, ompt_data_t *target, const void *codeptr) {
    (void)kind;
    (void)endpoint;
    (void)device;
    (void)task;
    (void)target_task;
    (void)target;
    (void)codeptr;
}

static void target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task, ompt_data_t *target,
                               ompt_id_t *host_op, ompt_target_data_op_t op, void *src, int src_device, void *dest,
                               int dest_device, size_t bytes, const void *codeptr) {
    (void)endpoint;
    (void)target_task;
    (void)target;
    (void)host_op;
    (void)op;
    (void)src;
    (void)src_device;
    (void)dest;
    (void)dest_device;
    (void)bytes;
    (void)codeptr;
}

static void target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target, ompt_id_t *host_op,
                              unsigned int teams) {
    (void)endpoint;
    (void)target;
    (void)host_op;
    (void)teams;
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
    set(ompt_callback_device_initialize, (ompt_callback_t)device_initialize);
    set(ompt_callback_device_finalize, (ompt_callback_t)device_finalize);
    set(ompt_callback_device_load, (ompt_callback_t)device_load);
    set(ompt_callback_device_unload, (ompt_callback_t)device_unload);
    set(ompt_callback_target_emi, (ompt_callback_t)target_emi);
    set(ompt_callback_target_data_op_emi, (ompt_callback_t)target_data_op_emi);
    set(ompt_callback_target_submit_emi, (ompt_callback_t)target_submit_emi);
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
