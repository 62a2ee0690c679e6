package org.ompdexplorer.importers.debuginfo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.DebugFileLocator;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;

/**
 * The one place an import finds the files an ELF module needs beyond itself, for every module it reads — the
 * runtime (the symbols libompd needs), the program and its libraries (call stacks, source lines): the separate debug
 * file by build-id and {@code .gnu_debuglink} in the debug directories ({@link DebugFileLocator}: the user's, then
 * {@code /usr/lib/debug}), then from the debuginfod servers the user named; and a module's own file by build-id from
 * debuginfod ({@code /executable}) when this machine has none of that build. Thread-safe: the stacks are taken on a
 * thread of their own while libompd reads the core. What could not be had is collected, once each, for the
 * import's diagnostics.
 */
public final class DebugFiles {
    private final DebugFileLocator local;
    private final DebuginfodClient debuginfod;
    private final ProgressListener progress;
    private final Set<String> problems = new LinkedHashSet<>();
    private volatile boolean cancelled;

    /**
     * @param debugDirectories where to look before {@code /usr/lib/debug}
     * @param settings         the debuginfod servers and limits, or {@code null} for none (no network)
     * @param progress         download progress and cancellation
     */
    public DebugFiles(List<Path> debugDirectories, DebuginfodSettings settings, ProgressListener progress) {
        this.local = new DebugFileLocator(debugDirectories).withSystemDirectory();
        this.debuginfod = settings == null || !settings.enabled() ? null : new DebuginfodClient(settings);
        this.progress = progress == null ? ProgressListener.NONE : progress;
    }

    /** Local directories only, no network. */
    public static DebugFiles local(List<Path> debugDirectories) {
        return new DebugFiles(debugDirectories, null, ProgressListener.NONE);
    }

    /** Whether debuginfod servers are asked. */
    public boolean asksDebuginfod() {
        return debuginfod != null;
    }

    /** The paths looked at on this machine for {@code file}'s debug file, in order (for a message). */
    public List<Path> localCandidates(ElfFile file) {
        try {
            return local.candidates(file);
        } catch (ElfFormatException e) {
            return List.of();
        }
    }

    /**
     * The separate debug file of {@code file}: on this machine, else from debuginfod by its build-id.
     *
     * @param moduleName the module's name for progress and messages ("libomp.so.5")
     */
    public Optional<Path> debugFileOf(ElfFile file, String moduleName) throws LoadCancelledException {
        try {
            Optional<Path> here = local.find(file);
            if (here.isPresent()) {
                return here;
            }
        } catch (ElfFormatException e) {
            note("cannot read the debug link of " + file.path() + ": " + e.getMessage());
        }
        Optional<String> id;
        try {
            id = file.buildId();
        } catch (ElfFormatException e) {
            id = Optional.empty();
        }
        return id.isEmpty() ? Optional.empty() : fetch(id.get(), DebugFileKind.DEBUGINFO, moduleName);
    }

    /**
     * The separate debug file of the module whose file is {@code file} (may be {@code null}: only its build-id is
     * known) and build-id {@code buildId} (may be {@code null}); never throws — a cancel is remembered
     * ({@link #cancelled()}), for callers in callbacks from native code.
     */
    public Optional<Path> debugFileOf(Path file, String buildId, String moduleName) {
        try {
            if (file != null) {
                try (ElfFile elf = ElfFile.open(file)) {
                    Optional<Path> here = local.find(elf);
                    if (here.isPresent()) {
                        return here;
                    }
                    if (buildId == null) {
                        buildId = elf.buildId().orElse(null);
                    }
                } catch (IOException | ElfFormatException e) {
                    // not readable as ELF here: only debuginfod can help, by build-id
                }
            }
            return buildId == null ? Optional.empty() : fetch(buildId, DebugFileKind.DEBUGINFO, moduleName);
        } catch (LoadCancelledException e) {
            cancelled = true;
            return Optional.empty();
        }
    }

    /**
     * A module's own file of build-id {@code buildId} from debuginfod, for a module this machine has no file of that
     * build for (a core from a cluster opened on a desktop); never throws, as {@link #debugFileOf(Path, String,
     * String)}.
     */
    public Optional<Path> executableOf(String buildId, String moduleName) {
        if (buildId == null || debuginfod == null) {
            return Optional.empty();
        }
        try {
            return fetch(buildId, DebugFileKind.EXECUTABLE, moduleName);
        } catch (LoadCancelledException e) {
            cancelled = true;
            return Optional.empty();
        }
    }

    private Optional<Path> fetch(String buildId, DebugFileKind kind, String moduleName) throws LoadCancelledException {
        if (debuginfod == null || cancelled) {
            return Optional.empty();
        }
        DebuginfodLookup found = debuginfod.find(buildId, kind, moduleName, progress);
        found.problems().forEach(this::note);
        return found.file();
    }

    /** Whether a download was cancelled inside a callback that could not say so. */
    public boolean cancelled() {
        return cancelled || progress.isCancelled();
    }

    private synchronized void note(String problem) {
        problems.add(problem);
    }

    /** What could not be found or fetched, each once, in the order it happened. */
    public synchronized List<String> problems() {
        return new ArrayList<>(problems);
    }
}
