package org.ompdexplorer.model.explain;

/**
 * The sections of the OpenMP 5.1 and 5.2 specifications that explanations cite. Each number was read in the table of
 * contents or the section itself (openmp.org's HTML editions and the 5.1 PDF's contents); a version whose number was
 * not read is left out rather than guessed (see {@link SpecSection}).
 */
public final class SpecSections {
    /** Task, task region, implicit/explicit/initial task, tied/untied, undeferred, included, final, mergeable. */
    public static final SpecSection TASKING_TERMINOLOGY = new SpecSection("Tasking Terminology", "1.2.5", "1.2.5");
    /** Barrier, synchronization constructs. */
    public static final SpecSection SYNCHRONIZATION_TERMINOLOGY =
            new SpecSection("Synchronization Terminology", "1.2.4", "1.2.4");
    /** Threads, teams, the initial thread, nested and active parallel regions. */
    public static final SpecSection EXECUTION_MODEL = new SpecSection("Execution Model", "1.3", "1.3");
    /** The debugging interface and its handles. */
    public static final SpecSection OMPD = new SpecSection("OMPD", "1.5.2", "1.5.2");
    /** When a thread may switch tasks, and the constraints on which task it may start or resume. */
    public static final SpecSection TASK_SCHEDULING = new SpecSection("Task Scheduling", "2.12.6", null);
    /** The task construct; in 5.2 it also says when a detachable task completes (its event fulfilled). */
    public static final SpecSection TASK_CONSTRUCT = new SpecSection("task Construct", null, "12.5");
    /** The routine that fulfills a detached task's allow-completion event (5.1 numbering read on openmp.org). */
    public static final SpecSection FULFILL_EVENT = new SpecSection("omp_fulfill_event", "3.11.1", null);
    public static final SpecSection UNTIED_CLAUSE = new SpecSection("untied Clause", null, "12.1");
    public static final SpecSection BARRIER = new SpecSection("barrier Construct", "2.19.2", null);
    public static final SpecSection TASKWAIT = new SpecSection("taskwait Construct", "2.19.5", null);
    public static final SpecSection TASKGROUP = new SpecSection("taskgroup Construct", "2.19.6", null);
    public static final SpecSection DEPEND_CLAUSE = new SpecSection("depend Clause", "2.19.11", "15.9.5");
    /** The chapter (5.2) and section (5.1) on internal control variables and their scopes. */
    public static final SpecSection ICVS = new SpecSection("Internal Control Variables", "2.4", "2");
    /** Each ICV's meaning and scope, among them levels-var, active-levels-var, thread-num-var. */
    public static final SpecSection ICV_DESCRIPTIONS = new SpecSection("ICV Descriptions", "2.4.1", "2.1");
    public static final SpecSection PER_DATA_ENVIRONMENT_ICVS =
            new SpecSection("How the Per-Data Environment ICVs Work", null, "2.4");
    /** OMPD's task handles: current, generating and scheduling task. */
    public static final SpecSection OMPD_TASK_HANDLES = new SpecSection("Task Handles", "5.5.7", null);

    /** Device directives: the target construct (5.1 numbering checked; 5.2 renumbered them). */
    public static final SpecSection TARGET_CONSTRUCT = new SpecSection("target Construct", "2.14.5", null);
    public static final SpecSection DEVICE_INITIALIZATION = new SpecSection("Device Initialization", "2.14.1", null);
    /** OMPD's per-device initialization. */
    public static final SpecSection OMPD_DEVICE_INITIALIZE =
            new SpecSection("ompd_device_initialize", "5.5.2.2", null);

    private SpecSections() {
    }
}
