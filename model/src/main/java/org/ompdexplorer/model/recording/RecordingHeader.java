package org.ompdexplorer.model.recording;

import java.util.List;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.RuntimeInfo;

/**
 * A recording's first line: how it was captured, the runtime, the clock, and (format 1.1) the module map of its code
 * addresses.
 *
 * @param version the format version it was written in
 * @param capture the snapshot format's capture block
 * @param runtime the snapshot format's runtime block
 * @param start   the clock reading every event's {@code t} counts from (ns)
 * @param modules the executables and shared objects holding the recorded sites when the file was written, as in a
 *                snapshot's {@code modules}; empty in format 1.0
 */
public record RecordingHeader(String version, CaptureInfo capture, RuntimeInfo runtime, long start,
                              List<CodeModule> modules) {
    public RecordingHeader {
        modules = List.copyOf(modules);
    }

    /** A header without a module map (format 1.0). */
    public RecordingHeader(String version, CaptureInfo capture, RuntimeInfo runtime, long start) {
        this(version, capture, runtime, start, List.of());
    }
}
