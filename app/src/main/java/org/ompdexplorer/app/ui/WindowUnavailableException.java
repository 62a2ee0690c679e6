package org.ompdexplorer.app.ui;

/**
 * The window cannot open on this machine: no reachable display, or a system library JavaFX needs is missing. The
 * message is one sentence naming what to install or set; it is the machine, not a bug.
 */
public final class WindowUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WindowUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * What a failure of JavaFX's start means, or {@code null} when it is none of the known machine problems.
     *
     * @param display the DISPLAY the window tried, or {@code null}
     */
    static WindowUnavailableException of(Throwable failure, String display) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("Unable to open DISPLAY")) {
                return new WindowUnavailableException("cannot open the display '" + display + "': no X server answers"
                        + " there — start the desktop session (or Xvfb), fix DISPLAY, or connect with ssh -X; the"
                        + " commands (summary, validate, export, import-core, …) need no display", failure);
            }
            if (m.contains("glass GTK") || m.contains("libgtk") || m.contains("libgdk")) {
                return new WindowUnavailableException("the window needs GTK 3, which is not installed — run"
                        + " scripts/install-deps.sh, or on Debian: apt-get install libgtk-3-0 libxtst6; the commands"
                        + " (summary, validate, export, import-core, …) need none of it", failure);
            }
            if (t instanceof UnsatisfiedLinkError) {
                return new WindowUnavailableException("the window cannot load a system library JavaFX needs (" + m
                        + ") — run scripts/install-deps.sh, or on Debian: apt-get install libgtk-3-0 libxtst6"
                        + " libxxf86vm1 libgl1 libfreetype6", failure);
            }
        }
        return null;
    }
}
