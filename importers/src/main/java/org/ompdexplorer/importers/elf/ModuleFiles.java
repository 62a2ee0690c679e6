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

    /** What opening one module's file gave: the file, or why there is none. */
    private record Opened(ElfFile file, String problem) {
    }

    /** Files for {@code core}'s modules, looked up with {@code resolver}. */
    public ModuleFiles(CoreFile core, PathResolver resolver) {
        this.core = core;
        this.resolver = resolver;
        this.executable = core.executablePath().orElse(null);
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
        if (path.isEmpty()) {
            return new Opened(null, module.path() + " not found (looked for " + resolver.candidates(module.path(), isExe)
                    + ")");
        }
        try {
            return new Opened(ElfFile.open(path.get()), null);
        } catch (IOException | ElfFormatException e) {
            return new Opened(null, "cannot read " + path.get() + " (for " + module.path() + "): " + e.getMessage());
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
