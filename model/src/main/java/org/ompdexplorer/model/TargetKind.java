package org.ompdexplorer.model;

import java.util.Collection;

/**
 * The kind of a target construct, OMPT's {@code ompt_target_t} without its prefix. Open: other names are kept.
 */
public final class TargetKind extends OpenEnum {
    private static final Registry<TargetKind> REGISTRY = new Registry<>(TargetKind::new);
    public static final TargetKind TARGET = REGISTRY.define("target");
    public static final TargetKind ENTER_DATA = REGISTRY.define("enter_data");
    public static final TargetKind EXIT_DATA = REGISTRY.define("exit_data");
    public static final TargetKind UPDATE = REGISTRY.define("update");
    public static final TargetKind TARGET_NOWAIT = REGISTRY.define("target_nowait");
    public static final TargetKind ENTER_DATA_NOWAIT = REGISTRY.define("enter_data_nowait");
    public static final TargetKind EXIT_DATA_NOWAIT = REGISTRY.define("exit_data_nowait");
    public static final TargetKind UPDATE_NOWAIT = REGISTRY.define("update_nowait");

    private TargetKind(String name, boolean known) {
        super(name, known);
    }

    public static TargetKind of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<TargetKind> known() {
        return REGISTRY.values();
    }

    /** {@code target} or {@code target_nowait}: a construct that runs code on the device. */
    public boolean runsCode() {
        return this == TARGET || this == TARGET_NOWAIT;
    }

    /** A {@code nowait} construct: the encountering task goes on while it runs as a target task. */
    public boolean isNowait() {
        return name().endsWith("_nowait");
    }

    /** The construct as written in a program: {@code target enter data nowait}. */
    public String directive() {
        String base = name().replace("_nowait", "");
        String words = switch (base) {
            case "target" -> "target";
            case "enter_data" -> "target enter data";
            case "exit_data" -> "target exit data";
            case "update" -> "target update";
            default -> base.replace('_', ' ');
        };
        return name().endsWith("_nowait") ? words + " nowait" : words;
    }
}
