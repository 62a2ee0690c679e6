package org.ompdexplorer.model.diff;

import java.util.Locale;

/** A field of an entity that a diff compares, named as the spec and the snapshot format name it. */
public enum DiffField {
    KIND("kind"),
    /** A thread's operating-system id, qualified by its kind ({@code lwp}, {@code pthread}). */
    OS_ID("OS id"),
    STATE("state"),
    WAIT_ID("wait id"),
    /** A thread's innermost frame of the program's own code: function (file:line). */
    WHERE("where"),
    /** A frame of a thread's call stack, innermost first, runtime frames folded; qualified {@code frame N}. */
    STACK("stack"),
    LIFECYCLE("lifecycle"),
    THREAD("thread"),
    THREAD_NUM("thread number"),
    CURRENT_TASK("current task"),
    CURRENT_REGION("current region"),
    GENERATING_TASK("generating task"),
    SCHEDULING_TASK("scheduling task"),
    PARALLEL_REGION("parallel region"),
    ENCLOSING_REGION("enclosing region"),
    ENCOUNTERING_TASK("encountering task"),
    TEAM_SIZE("team size"),
    LEVEL("level"),
    ACTIVE_LEVEL("active level"),
    MEMBER("member"),
    FUNCTION("function"),
    CREATION_SITE("creation site"),
    EXIT_FRAME("exit frame"),
    ENTER_FRAME("enter frame"),
    FLAGS("flags"),
    PRIORITY("priority"),
    DEPENDENCES("dependences"),
    DEPENDS_ON("depends on"),
    DEVICE("device"),
    DEVICE_NUMBER("device number"),
    DEVICE_TYPE("device type"),
    OMPD_HANDLE("OMPD handle"),
    IN_FLIGHT("in flight"),
    TARGET_TASK("target task"),
    KERNELS("kernels"),
    KERNELS_SUBMITTED("kernels submitted"),
    TO_DEVICE("to device"),
    FROM_DEVICE("from device"),
    MAPPING("mapping"),
    IMAGES("images"),
    TOOL_DATA("tool data"),
    ICV("ICV");

    private final String label;

    DiffField(String label) {
        this.label = label;
    }

    /** In words: {@code scheduling task}. */
    public String label() {
        return label;
    }

    /** The name in the JSON report: {@code schedulingTask}. */
    public String jsonName() {
        String[] words = name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder s = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            s.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return s.toString();
    }
}
