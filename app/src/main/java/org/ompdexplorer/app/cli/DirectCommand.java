package org.ompdexplorer.app.cli;

import java.io.PrintWriter;

/**
 * A command that can run with its arguments read by {@link PlainArguments} instead of picocli: the one-shot core
 * commands, whose start-up picocli would take a fifth of.
 */
interface DirectCommand {
    /**
     * Runs the command.
     *
     * @param out where a snapshot written to standard output goes
     * @param err where messages go (already safe for a terminal)
     * @return the exit code
     */
    int run(PrintWriter out, PrintWriter err) throws Exception;
}
