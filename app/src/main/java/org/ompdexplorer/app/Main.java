package org.ompdexplorer.app;

import org.ompdexplorer.app.cli.Cli;
import org.ompdexplorer.app.cli.ExitCodes;

/** The entry point of the launcher script: the CLI, which opens the window when given no command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = Cli.run(args);
            UserReopenCache.finishWrites();
        } catch (Throwable t) { // an Error escapes picocli's handler; the user still gets one line, not a trace
            System.err.println("ompd-explorer: internal error: " + t + " — please report it with the command you ran");
            code = ExitCodes.INTERNAL;
        }
        System.exit(code);
    }
}
