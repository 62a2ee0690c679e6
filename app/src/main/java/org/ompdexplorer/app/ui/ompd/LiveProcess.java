package org.ompdexplorer.app.ui.ompd;

/**
 * A process the capture dialog lists.
 *
 * @param pid           its process id
 * @param user          who owns it (only the owner or root may take its core), or empty
 * @param command       its command line, or its name in brackets when the command line cannot be read
 * @param openmpRuntime the file name of the OpenMP runtime it has mapped ({@code libomp.so.5}), empty when none
 *                      was seen, {@code null} when its mappings cannot be read (another user's process)
 */
public record LiveProcess(long pid, String user, String command, String openmpRuntime) {
    /** Whether it has an OpenMP runtime mapped. */
    public boolean isOpenMp() {
        return openmpRuntime != null && !openmpRuntime.isEmpty();
    }

    /** What the runtime column shows. */
    public String runtimeText() {
        return openmpRuntime == null ? "(cannot read its maps)" : openmpRuntime;
    }

    /** Whether {@code filter} (lower case) is in its pid, user, command or runtime. */
    boolean matches(String filter) {
        return filter.isEmpty() || Long.toString(pid).contains(filter) || user.toLowerCase(java.util.Locale.ROOT)
                .contains(filter) || command.toLowerCase(java.util.Locale.ROOT).contains(filter)
                || (openmpRuntime != null && openmpRuntime.toLowerCase(java.util.Locale.ROOT).contains(filter));
    }
}
