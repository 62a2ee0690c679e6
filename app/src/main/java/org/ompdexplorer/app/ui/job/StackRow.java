package org.ompdexplorer.app.ui.job;

import org.ompdexplorer.model.job.RankSet;

/**
 * A row of the job's merged stacks: a frame with the ranks through it, or the count of frames left out
 * ({@code ranks} {@code null}).
 *
 * @param frame   the place in the code, as a debugger names it
 * @param ranks   the ranks with a thread whose stack passes through it
 * @param threads how many rank × thread pairs pass through it
 * @param ending  the ranks with a thread whose innermost frame it is
 * @param partial whether only some of the job's ranks pass through it
 */
public record StackRow(String frame, RankSet ranks, int threads, RankSet ending, boolean partial) {
}
