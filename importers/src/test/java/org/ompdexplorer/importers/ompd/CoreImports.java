package org.ompdexplorer.importers.ompd;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.Snapshot;

/** Imports of the fixture cores, made once per test JVM and shared by the test classes. */
final class CoreImports {
    private static final Map<String, OmpdCoreImporter.Run> RUNS = new ConcurrentHashMap<>();

    private CoreImports() {
    }

    /** The import of fixture core {@code name} with default options (the test is skipped if the core is missing). */
    static OmpdCoreImporter.Run run(String name) {
        return run(NativeFixtures.core(name));
    }

    /** The import of the offload fixture core {@code name} (scripts/make-offload-fixtures.sh). */
    static OmpdCoreImporter.Run offload(String name) {
        return run(NativeFixtures.offloadCore(name));
    }

    /** The import of the core at {@code core} with default options. */
    static OmpdCoreImporter.Run run(Path core) {
        return RUNS.computeIfAbsent(core.toString(), n -> {
            try {
                return new OmpdCoreImporter().run(CoreImportOptions.of(core, null), ProgressListener.NONE);
            } catch (SnapshotLoadException e) {
                throw new AssertionError("importing " + core + " failed: " + e.getMessage(), e);
            }
        });
    }

    static Snapshot snapshot(String name) {
        return run(name).result().snapshot();
    }

    /** The LWP of a thread. */
    static long lwp(OmpThread thread) {
        return thread.osId(OsThreadIdKind.LWP).orElseThrow();
    }
}
