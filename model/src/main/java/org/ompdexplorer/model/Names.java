package org.ompdexplorer.model;

/**
 * The one way every view and every report names an entity (docs/ui.md, "Names"): an id ({@code #5}, {@code T1},
 * {@code P2}, {@code TR3}), a reference in a sentence or a link ({@code task #5}, {@code thread T1},
 * {@code parallel region P2}), and a description of what it is as the user wrote it ({@link CodeNames}: "task in
 * main"; a thread's OS id; "in main" for a region). A first mention, a heading or a diff line joins them:
 * {@code task #5 (task in main)}, {@code thread T1 (lwp 5815)}, {@code parallel region P2 (in main)}; a navigator
 * row and a graph node put the id first: {@code #5 task in main}. The raw symbol is only on the details page.
 */
public final class Names {
    private Names() {
    }

    /** {@code #5}. */
    public static String task(TaskId id) {
        return "#" + id;
    }

    /** {@code T1}. */
    public static String thread(ThreadId id) {
        return "T" + id;
    }

    /** {@code P2}. */
    public static String region(RegionId id) {
        return "P" + id;
    }

    /** {@code TR3}. */
    public static String target(TargetRegionId id) {
        return "TR" + id;
    }

    /** The id of an entity of {@code kind} as every view writes it: {@code #5}, {@code T1}, {@code P2}, {@code TR3}. */
    public static String id(EntityKind kind, long id) {
        return switch (kind) {
            case TASK -> "#" + id;
            case THREAD -> "T" + id;
            case PARALLEL_REGION -> "P" + id;
            case TARGET_REGION -> "TR" + id;
            case ADDRESS_SPACE -> String.valueOf(id);
            case SNAPSHOT -> "";
        };
    }

    /** {@code task #5}, {@code thread T1}, {@code parallel region P2}, {@code target region TR3}, {@code snapshot}. */
    public static String ref(EntityRef ref) {
        return ref.kind() == EntityKind.SNAPSHOT ? "snapshot" : ref.kind().label() + " " + id(ref.kind(), ref.id());
    }

    /**
     * What a task runs as the user wrote it ({@code task in main}, {@code parallel region in main},
     * {@code fib}); else its function's address; else its construct ({@code initial task}). {@code index} (may be null) finds
     * the function of a task made inside another task's body.
     */
    public static String description(Task task, SnapshotIndex index) {
        String named = CodeNames.of(task, index).orElseGet(() -> task.function().asOptional()
                .map(c -> c.symbolName().orElseGet(() -> Address.hex(c.address()))).orElse(CodeNames.construct(task.kind())));
        return TextCut.name(named);
    }

    /** A thread's OS id: {@code lwp 5815}, else {@code pthread 0x7f…}, else empty. */
    public static String description(OmpThread thread) {
        return thread.osId(OsThreadIdKind.LWP).map(l -> "lwp " + Long.toUnsignedString(l))
                .or(() -> thread.osId(OsThreadIdKind.PTHREAD).map(p -> "pthread 0x" + Long.toHexString(p)))
                .orElse("");
    }

    /** Where a region was met, as the user wrote it: {@code in main}; empty when not known. */
    public static String description(ParallelRegion region) {
        return region.creationSite().asOptional().map(Names::function).map(f -> "in " + f).orElse("");
    }

    /** The user's function a code location is in ({@code main} of {@code main.omp_outlined_debug__}), cut. */
    private static String function(CodeLocation code) {
        String name = code.symbolName().map(s -> CodeNames.userFunction(s).orElse(s))
                .orElseGet(() -> Address.hex(code.address()));
        return TextCut.name(name);
    }

    /** {@code task #5 (task in main)}. */
    public static String of(Task task, SnapshotIndex index) {
        return joined(ref(EntityRef.of(task.id())), description(task, index));
    }

    /** {@code thread T1 (lwp 5815)}. */
    public static String of(OmpThread thread) {
        return joined(ref(EntityRef.of(thread.id())), description(thread));
    }

    /** {@code parallel region P2 (in main)}. */
    public static String of(ParallelRegion region) {
        return joined(ref(EntityRef.of(region.id())), description(region));
    }

    /** A navigator row's or a graph node's text, id first: {@code #5 task in main}. */
    public static String row(Task task, SnapshotIndex index) {
        return task(task.id()) + " " + description(task, index);
    }

    private static String joined(String ref, String description) {
        return description.isEmpty() ? ref : ref + " (" + description + ")";
    }
}
