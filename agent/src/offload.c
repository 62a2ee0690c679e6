/* OMPT device and target callbacks: devices, code images, target constructs, kernels and the mapping table.
 * Nothing here runs for a program that never offloads: the runtime calls these callbacks only for target
 * constructs and devices. */
#include "agent.h"
#include "device_table.h"

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation) {
    (void)device;
    (void)lookup;
    (void)documentation;
    device_table_initialize(device_num, type);
}

static void on_device_finalize(int device_num) {
    device_table_finalize(device_num);
}

/* The host's device number: the host side of a data operation (omp_get_initial_device(); the tool initializer's
 * initial_device_num is 0 on libomp 19, and no OpenMP routine may be called from a callback). */
static void note_initial_device(ompt_target_data_op_t optype, int src_device_num, int dest_device_num) {
    static _Atomic int known;
    if (atomic_load_explicit(&known, memory_order_relaxed)) {
        return;
    }
    int host = -1;
    switch ((int)optype) {
    case ompt_target_data_alloc:
    case ompt_target_data_transfer_to_device:
    case ompt_target_data_alloc_async:
    case ompt_target_data_transfer_to_device_async:
        host = src_device_num;
        break;
    case ompt_target_data_transfer_from_device:
    case ompt_target_data_transfer_from_device_async:
        host = dest_device_num;
        break;
    default:
        return;
    }
    if (host >= 0) {
        device_table_set_initial(host);
        atomic_store_explicit(&known, 1, memory_order_relaxed);
    }
}

static void on_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id, ompt_target_data_op_t optype,
                                  void *src_addr, int src_device_num, void *dest_addr, int dest_device_num,
                                  size_t bytes, const void *codeptr_ra) {
    (void)endpoint;
    (void)target_task_data;
    (void)target_data;
    (void)host_op_id;
    (void)src_addr;
    (void)dest_addr;
    (void)bytes;
    (void)codeptr_ra;
    note_initial_device(optype, src_device_num, dest_device_num);
}

int offload_register_callbacks(void) {
    track_set_callback(ompt_callback_device_initialize, (ompt_callback_t)on_device_initialize,
                       "ompt_callback_device_initialize", 0);
    track_set_callback(ompt_callback_device_finalize, (ompt_callback_t)on_device_finalize,
                       "ompt_callback_device_finalize", 0);
    track_set_callback(ompt_callback_target_data_op_emi, (ompt_callback_t)on_target_data_op_emi,
                       "ompt_callback_target_data_op_emi", 0);
    return 0;
}
