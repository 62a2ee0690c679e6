package org.ompdexplorer.importers.elf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ELF files on this machine behind a core's modules (the executable and its shared objects), found through
 * a {@link PathResolver}, opened once for their headers and symbol tables, and closed with this object.
 */
public final class ModuleFiles implements AutoCloseable {
    private final CoreFile core;
    private final PathResolver resolver;
    private final String executable;
    private final Map<String, Opened> cache = new ConcurrentHashMap<>();
    private final BuildIdSource byBuildId;

    /**
     * Where else a module's file may come from when this machine has none of the build the core names: by the
     * build-id the core holds (debuginfod's {@code /executable}).
     */
    public interface BuildIdSource {
        /** The core's build-id of {@code module}, if the core holds its headers. */
        Optional<String> buildIdInCore(LoadedModule module);

        /** A file of build-id {@code buildId} for {@code module}, already checked to be of that build. */
        Optional<Path> fileOf(String buildId, LoadedModule module);
    }

    /** No other source: files are found by path only. */
    public static final BuildIdSource NO_SOURCE = new BuildIdSource() {
        @Override
        public Optional<String> buildIdInCore(LoadedModule module) {
            return Optional.empty();
        }

        @Override
        public Optional<Path> fileOf(String buildId, LoadedModule module) {
            return Optional.empty();
        }
    };

    /** What opening one module's file gave: the file, or why there is none. */
    private record Opened(ElfFile file, String problem) {
    }

    /** Files for {@code core}'s modules, looked up with {@code resolver}. */
    public ModuleFiles(CoreFile core, PathResolver resolver) {
        this(core, resolver, NO_SOURCE);
    }

    /**
     * Files for {@code core}'s modules, looked up with {@code resolver}; a module whose file is missing here, or is of
     * another build than the core's (not the executable the user named), is asked of {@code byBuildId}.
     */
    public ModuleFiles(CoreFile core, PathResolver resolver, BuildIdSource byBuildId) {
        this.core = core;
        this.resolver = resolver;
        this.executable = core.executablePath().orElse(null);
        this.byBuildId = byBuildId;
    }

    /** The core these modules belong to. */
    public CoreFile core() {
        return core;
    }

    /** The resolver used to find files. */
    public PathResolver resolver() {
        return resolver;
    }

    /** Whether {@code module} is the core's executable. */
    public boolean isExecutable(LoadedModule module) {
        return module.path().equals(executable);
    }

    /** The module's file, opened; empty if it is not found here or is not a readable ELF file. */
    public Optional<ElfFile> open(LoadedModule module) {
        return Optional.ofNullable(opened(module).file());
    }

    /** Why {@link #open} is empty for {@code module}, naming the paths tried; empty when it opened. */
    public Optional<String> problem(LoadedModule module) {
        return Optional.ofNullable(opened(module).problem());
    }

    /** The load bias of {@code module} (see {@link LoadedModule#loadBias}), if its file opened. */
    public Optional<Long> loadBias(LoadedModule module) {
        return open(module).map(module::loadBias);
    }

    private Opened opened(LoadedModule module) {
        return cache.computeIfAbsent(module.path(), p -> find(module));
    }

    private Opened find(LoadedModule module) {
        boolean isExe = isExecutable(module);
        Optional<Path> path = resolver.resolve(module.path(), isExe);
        Opened here = path.isEmpty()
                ? new Opened(null, module.path() + " not found (looked for " + resolver.candidates(module.path(), isExe)
                        + ")")
                : open(path.get(), module);
        boolean named = isExe && resolver.executable() != null;
        if (named || (here.file() != null && sameBuild(here.file(), module))) {
            return here;
        }
        Optional<String> id = byBuildId.buildIdInCore(module);
        Optional<Path> other = id.flatMap(i -> byBuildId.fileOf(i, module));
        if (other.isEmpty()) {
            return here;
        }
        Opened fetched = open(other.get(), module);
        if (fetched.file() == null) {
            return here;
        }
        if (here.file() != null) {
            here.file().close();
        }
        return fetched;
    }

    private static Opened open(Path path, LoadedModule module) {
        try {
            return new Opened(ElfFile.open(path), null);
        } catch (IOException | ElfFormatException e) {
            return new Opened(null, "cannot read " + path + " (for " + module.path() + "): " + e.getMessage());
        }
    }

    /** Whether {@code file} is of the build the core holds for {@code module} (true when either says none). */
    private boolean sameBuild(ElfFile file, LoadedModule module) {
        Optional<String> inCore = byBuildId.buildIdInCore(module);
        if (inCore.isEmpty()) {
            return true;
        }
        try {
            return file.buildId().map(inCore.get()::equals).orElse(true);
        } catch (ElfFormatException e) {
            return true;
        }
    }

    /** The module whose file name is {@code name} or starts with {@code name + "."} (so "libc.so" finds libc.so.6). */
    public Optional<LoadedModule> moduleNamed(String name) {
        return core.modules().stream().filter(m -> {
            String file = m.fileName();
            return file.equals(name) || file.startsWith(name + ".");
        }).findFirst();
    }

    /** The module mapping {@code address}, if any. */
    public Optional<LoadedModule> moduleAt(long address) {
        return core.mappingAt(address).flatMap(m -> core.modules().stream()
                .filter(mod -> mod.path().equals(m.filePath())).findFirst());
    }

    /** Closes every file opened. */
    @Override
    public void close() {
        for (Opened o : cache.values()) {
            if (o.file() != null) {
                o.file().close();
            }
        }
        cache.clear();
    }
}
