package org.ompdexplorer.app.report;

import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.TextCut;

/** One line on where a snapshot came from, for reports that show several: the diff and the timeline. */
public final class SnapshotCaption {
    private SnapshotCaption() {
    }

    /**
     * {@code ompt-agent capture of fib-taskwait, pid 4908, 2026-11-21T15:47:40.867Z, "label"}: what is known, a long
     * program or label cut ({@link TextCut#VALUE}).
     */
    public static String of(CaptureInfo c) {
        StringBuilder b = new StringBuilder(c.source().name()).append(" capture");
        if (c.program() != null) {
            b.append(" of ").append(TextCut.value(c.program()));
        }
        if (c.pid() != null) {
            b.append(", pid ").append(c.pid());
        }
        b.append(", ").append(time(c));
        if (c.label() != null) {
            b.append(", \"").append(TextCut.value(c.label())).append('"');
        }
        return b.toString();
    }

    public static String time(CaptureInfo c) {
        return c.time() == null ? "(time unknown)" : c.time().toString();
    }
}
