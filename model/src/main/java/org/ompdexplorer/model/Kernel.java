package org.ompdexplorer.model;

/**
 * A kernel a target region submitted to its device and that has not finished (OMPT {@code target_submit_emi}
 * begin without its end).
 *
 * @param requestedTeams the number of teams requested
 */
public record Kernel(long requestedTeams) {
}
