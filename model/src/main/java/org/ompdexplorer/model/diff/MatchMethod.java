package org.ompdexplorer.model.diff;

/**
 * How an entity of snapshot A was matched to one of snapshot B: always by what it is, never by its id or address.
 * The strongest methods come first; a weaker one is tried only for what the stronger ones left.
 */
public enum MatchMethod {
    /** The process: every snapshot has one. */
    PROCESS("process"),
    /** A device: the same OpenMP device number (OMPT {@code device_initialize}). */
    DEVICE_NUMBER("device number"),
    /** A device: the same device kind and id. */
    DEVICE("device kind and id"),
    /** A thread: the same operating-system thread id (LWP, else pthread). */
    OS_ID("OS thread id"),
    /** A thread: the same kind and thread number in the same team (another run of the program). */
    THREAD_NUMBER("kind and thread number"),
    /** A region: the same nesting path (team sizes and encountering thread numbers, outermost first). */
    NESTING_PATH("nesting path"),
    /** A task: the same creation-order number from the capture agent (one run of one program). */
    CREATION_ORDER("creation order"),
    /**
     * A task: the same identity key — a matched generating task, and the same kind and function (or creation
     * site) and ordinal among its siblings; an implicit task: the same thread number in a matched region.
     */
    IDENTITY_KEY("identity key"),
    /** A target region: the same number from the capture agent, which numbers constructs in begin order. */
    TARGET_ORDER("target order"),
    /** A target region: the same kind, device number and creation site, in order (another run). */
    TARGET_KEY("kind, device and creation site"),
    /** What was left: a child of matched parents, paired by kind in order (functions differ or are unknown). */
    STRUCTURE("structure");

    private final String label;

    MatchMethod(String label) {
        this.label = label;
    }

    /** In words, for reports: {@code creation order}. */
    public String label() {
        return label;
    }

    /** The lower-case name used in the JSON report: {@code creation_order}. */
    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
