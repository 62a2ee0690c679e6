package org.ompdexplorer.app.ui.child;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Shell scripts that stand in for the child JVM: they get the same arguments ({@code … -o OUT}, OUT in {@code
 * $out}) and print progress, fail, crash or hang on purpose, so that every way a child can end is tested without
 * native fixtures.
 */
public final class FakeChild {
    private FakeChild() {
    }

    /** A launcher running {@code body} under /bin/sh with {@code $out} set to the file after {@code -o}. */
    public static ChildLauncher script(Path dir, String name, String body) {
        Path script = dir.resolve(name + ".sh");
        try {
            Files.writeString(script, "#!/bin/sh\nfor a; do out=$a; done\n" + body + "\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ChildLauncher.of(script.toString());
    }

    /** Reports progress the way {@code import-core --progress} does, then writes {@code snapshot} as its output. */
    public static ChildLauncher succeeding(Path dir, Path snapshot) {
        return script(dir, "succeeding", """
                echo "progress opening_core 0 -1" >&2
                echo "progress reading_threads 1 2" >&2
                echo "progress reading_threads 2 2" >&2
                echo "task_tree.core: warning: libomp.so.5 differs from the core's (build-id 1234 vs 5678) — use the runtime the program ran with" >&2
                cp '%s' "$out"
                """.formatted(snapshot));
    }

    /** Fails like the CLI does: one {@code ompd-explorer:} line and exit code 2. */
    public static ChildLauncher failing(Path dir, String message) {
        return script(dir, "failing", "echo 'progress opening_core 0 -1' >&2\necho 'ompd-explorer: " + message
                + "' >&2\nexit 2");
    }

    /** Dies of SIGSEGV, as a child whose libompd crashed without a JVM crash log would. */
    public static ChildLauncher crashing(Path dir) {
        return script(dir, "crashing", "echo 'progress reading_threads 1 2' >&2\nkill -SEGV $$\nsleep 5");
    }

    /**
     * Reports progress, then hangs in a grandchild (as capture hangs in gcore); writes its own pid, the
     * grandchild's pid and its output path to {@code pids} first.
     */
    public static ChildLauncher hanging(Path dir, Path pids) {
        return script(dir, "hanging", """
                sleep 1000 &
                echo "$$ $! $out" > '%s'
                echo "progress reading_threads 1 64" >&2
                wait
                """.formatted(pids));
    }

    /**
     * A child that reports a download of a debug file from debuginfod part way (1.2 of 3.0 MB) and then waits,
     * as an import does on a slow server; {@code pids} as in {@link #hanging}.
     */
    public static ChildLauncher downloading(Path dir, Path pids) {
        return script(dir, "downloading", """
                sleep 1000 &
                echo "$$ $! $out" > '%s'
                echo "progress downloading_the_debug_file_of_libomp.so.5 1200000 3000000" >&2
                wait
                """.formatted(pids));
    }
}
