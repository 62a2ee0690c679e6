package org.ompdexplorer.model;

/**
 * The exit and enter frames of a task ({@code ompd_get_task_frame}). Stored flat: a snapshot may hold a
 * million of these.
 */
public record TaskFrames(long exitAddress, int exitFlags, long enterAddress, int enterFlags) {
    public static TaskFrames of(FrameInfo exit, FrameInfo enter) {
        return new TaskFrames(exit.address(), exit.flags(), enter.address(), enter.flags());
    }

    /** The frame where the task left the runtime to run user code. */
    public FrameInfo exit() {
        return new FrameInfo(exitAddress, exitFlags);
    }

    /** The frame where the task entered the runtime again (at a scheduling point), or none while it runs. */
    public FrameInfo enter() {
        return new FrameInfo(enterAddress, enterFlags);
    }
}
