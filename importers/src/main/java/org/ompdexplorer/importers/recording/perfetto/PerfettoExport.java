package org.ompdexplorer.importers.recording.perfetto;

/**
 * What a Perfetto trace written from a recording holds.
 *
 * @param threads the thread tracks
 * @param slices  the slices begun on them (a task resumed counts again)
 * @param flows   the flows begun: task creation to first execution, dependence to dependent
 * @param packets the trace packets written
 */
public record PerfettoExport(int threads, long slices, long flows, long packets) {
}
