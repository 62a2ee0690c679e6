package org.ompdexplorer.model.recording;

import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.RuntimeInfo;

/**
 * A recording's first line: how it was captured, the runtime, and the clock.
 *
 * @param version the format version it was written in
 * @param capture the snapshot format's capture block
 * @param runtime the snapshot format's runtime block
 * @param start   the clock reading every event's {@code t} counts from (ns)
 */
public record RecordingHeader(String version, CaptureInfo capture, RuntimeInfo runtime, long start) {
}
