package org.ompdexplorer.app.ui.ompd;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One import of a core, as the dialog validated it: every path absolute.
 *
 * @param sourceLines     read file:line of task functions from debug information (libdw)
 * @param acceptTruncated import a core whose memory is cut short, with warnings
 * @param debuginfod      the debuginfod servers to ask, separated by spaces, or blank for {@code $DEBUGINFOD_URLS}
 */
public record CoreImportRequest(Path core, Optional<Path> executable, Optional<Path> sysroot,
                                List<Path> solibSearchPaths, List<Path> debugDirectories, Optional<Path> ompdLibrary,
                                boolean sourceLines, boolean acceptTruncated, String debuginfod) {
    public CoreImportRequest {
        solibSearchPaths = List.copyOf(solibSearchPaths);
        debugDirectories = List.copyOf(debugDirectories);
        debuginfod = debuginfod == null ? "" : debuginfod.strip();
    }

    /** The {@code import-core} command line of the child, without {@code -o}: the child import adds that. */
    public List<String> arguments() {
        List<String> args = options();
        args.add("--progress");
        return args;
    }

    /** The same import as a command to paste in a terminal. */
    public String terminalCommand() {
        List<String> words = new ArrayList<>(List.of("ompd-explorer"));
        words.addAll(options());
        return PathText.shellLine(words);
    }

    private List<String> options() {
        List<String> args = new ArrayList<>(List.of("import-core", core.toString()));
        executable.ifPresent(p -> args.addAll(List.of(CoreField.EXECUTABLE.flag(), p.toString())));
        sysroot.ifPresent(p -> args.addAll(List.of(CoreField.SYSROOT.flag(), p.toString())));
        solibSearchPaths.forEach(p -> args.addAll(List.of(CoreField.SOLIB_SEARCH_PATH.flag(), p.toString())));
        debugDirectories.forEach(p -> args.addAll(List.of(CoreField.DEBUG_DIRECTORIES.flag(), p.toString())));
        ompdLibrary.ifPresent(p -> args.addAll(List.of(CoreField.OMPD_LIBRARY.flag(), p.toString())));
        if (!debuginfod.isEmpty()) {
            args.addAll(List.of(CoreField.DEBUGINFOD.flag(), debuginfod));
        }
        if (!sourceLines) {
            args.add("--no-source-lines");
        }
        if (acceptTruncated) {
            args.add("--accept-truncated");
        }
        return args;
    }

    /** How messages and the status bar name it. */
    public String input() {
        return "core file " + core.getFileName();
    }

    /** What the status bar shows once it is open. */
    public String sourceName() {
        return "core file " + core + executable.map(e -> " of " + e.getFileName()).orElse("");
    }
}
