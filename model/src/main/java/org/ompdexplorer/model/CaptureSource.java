package org.ompdexplorer.model;

import java.util.Collection;

/** Where a snapshot came from. */
public final class CaptureSource extends OpenEnum {
    private static final Registry<CaptureSource> REGISTRY = new Registry<>(CaptureSource::new);
    public static final CaptureSource CORE_FILE = REGISTRY.define("core-file");
    public static final CaptureSource LIVE_PROCESS = REGISTRY.define("live-process");
    public static final CaptureSource OMPT_AGENT = REGISTRY.define("ompt-agent");
    public static final CaptureSource SYNTHETIC = REGISTRY.define("synthetic");
    public static final CaptureSource HAND_WRITTEN = REGISTRY.define("hand-written");

    private CaptureSource(String name, boolean known) {
        super(name, known);
    }

    public static CaptureSource of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<CaptureSource> known() {
        return REGISTRY.values();
    }
}
