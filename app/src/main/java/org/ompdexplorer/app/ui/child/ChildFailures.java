package org.ompdexplorer.app.ui.child;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The one message for each way a child import can end badly. */
final class ChildFailures {
    /** Exit codes above this are 128 + the number of the signal that ended the process (the shell's rule). */
    private static final int SIGNALLED = 128;
    private static final int SIGKILL = 9;

    private ChildFailures() {
    }

    /** @param unaffected what goes on despite the child's end: "the window is unaffected", "the other cores go on" */
    static ChildImportException of(int code, ChildStderr stderr, Optional<CrashLog> log, String input,
            String unaffected) {
        if (log.isPresent()) {
            CrashLog l = log.get();
            return crashed(code, l.number(), l.signal() + (l.frame().isEmpty() ? "" : ", in " + l.frame()), input,
                    unaffected);
        }
        if (code > SIGNALLED && code <= SIGNALLED + 64) {
            int signal = code - SIGNALLED;
            return crashed(code, signal, signalName(signal).orElse("an unnamed signal"), input, unaffected);
        }
        Optional<String> said = stderr.message();
        if (said.isPresent()) {
            return new ChildImportException(ChildImportException.Kind.FAILED, code, said.get());
        }
        List<String> last = stderr.lastLines();
        String tail = last.isEmpty() ? "it said nothing" : "it said: " + String.join(" / ",
                last.subList(Math.max(0, last.size() - 3), last.size()));
        return new ChildImportException(ChildImportException.Kind.FAILED, code, "the import of " + input
                + " failed (exit code " + code + "); " + tail);
    }

    /** @param what the signal's name and, from a JVM crash log, where it hit */
    private static ChildImportException crashed(int code, int signal, String what, String input, String unaffected) {
        String how = "signal " + signal + ", " + what;
        String message;
        if (signal == SIGKILL) {
            message = "the OMPD import of " + input + " was killed (" + how + ") — " + unaffected
                    + ". The system may have run out of memory (see dmesg); close other programs and try again";
        } else {
            message = "the OMPD import of " + input + " crashed (" + how + ") — " + unaffected
                    + ". The core may be damaged, or the libompd used does not fit the runtime in it: choose the"
                    + " libompd.so built with the program's runtime, or run import-core in a terminal to see more";
        }
        return new ChildImportException(ChildImportException.Kind.CRASHED, code, message);
    }

    static ChildImportException timedOut(String input, Duration timeout, String lastProgress, String unaffected) {
        return new ChildImportException(ChildImportException.Kind.TIMED_OUT, -1, "the OMPD import of " + input
                + " did not finish within " + human(timeout) + (lastProgress.isEmpty() ? "" : " (last: " + lastProgress
                + ")") + " and was stopped — " + unaffected + ". libompd may be looping on a damaged core; run"
                + " import-core in a terminal to watch its progress");
    }

    private static String human(Duration d) {
        if (d.toSeconds() < 1) {
            return d.toMillis() + " ms";
        }
        return d.toSeconds() < 120 ? d.toSeconds() + " s" : d.toMinutes() + " min";
    }

    private static Optional<String> signalName(int signal) {
        return Optional.ofNullable(switch (signal) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 3 -> "SIGQUIT";
            case 4 -> "SIGILL";
            case 5 -> "SIGTRAP";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 13 -> "SIGPIPE";
            case 15 -> "SIGTERM";
            default -> null;
        });
    }
}
