package org.ompdexplorer.model.callstack;

import java.util.List;
import java.util.Locale;
import org.ompdexplorer.model.CodeModule;

/** Which modules are the system's (libc, the loader) or the OpenMP runtime's, by their path. */
public final class SystemModules {
    private static final List<String> SYSTEM_DIRS = List.of("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/",
            "/usr/libexec/");
    private static final List<String> RUNTIME_NAMES = List.of("libomp.", "libomp-", "libiomp5.", "libgomp.",
            "libomptarget.", "libompd.");

    private SystemModules() {
    }

    /** A library installed in the system's library directories (also the OpenMP runtime when installed there). */
    public static boolean isSystem(CodeModule module) {
        String path = module.path();
        for (String dir : SYSTEM_DIRS) {
            if (path.startsWith(dir)) {
                return true;
            }
        }
        return isRuntime(module) || module.fileName().startsWith("ld-linux") || module.fileName().startsWith("linux-vdso");
    }

    /** The OpenMP runtime (libomp, libiomp5, libgomp, libomptarget), wherever it is installed. */
    public static boolean isRuntime(CodeModule module) {
        String name = module.fileName().toLowerCase(Locale.ROOT);
        for (String prefix : RUNTIME_NAMES) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
