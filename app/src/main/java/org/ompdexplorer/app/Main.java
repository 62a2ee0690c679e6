package org.ompdexplorer.app;

import org.ompdexplorer.app.cli.Cli;

/** The entry point of the launcher script: the CLI, which opens the window when given no command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(Cli.run(args));
    }
}
