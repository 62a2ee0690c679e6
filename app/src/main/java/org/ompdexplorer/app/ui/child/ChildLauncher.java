package org.ompdexplorer.app.ui.child;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How to start the ompd-explorer command line as a child process: the program and the options that come before
 * the command ({@code import-core}, {@code capture}). The window uses {@link #currentJvm()}; tests use a fake
 * child (a script) to crash, hang or fail on purpose.
 */
@FunctionalInterface
public interface ChildLauncher {
    String MAIN_MODULE = "org.ompdexplorer.app";
    String MAIN_CLASS = "org.ompdexplorer.app.Main";
    /** The only module that calls native code (libompd through FFM); JavaFX is not used by the child. */
    String NATIVE_MODULE = "org.ompdexplorer.importers";
    /** Set by the launcher for the window: where its AOT cache for core imports is (or will be). */
    String CORE_AOT_CACHE = "OMPD_EXPLORER_CORE_AOT_CACHE";

    /**
     * @param workDir the child's own directory (its working and temporary directory, deleted after it ends);
     *                a JVM writes its crash log there
     */
    List<String> command(Path workDir);

    /** A fixed command, e.g. a script standing in for the child in tests. */
    static ChildLauncher of(String... command) {
        List<String> fixed = List.of(command);
        return workDir -> fixed;
    }

    /**
     * The same ompd-explorer this JVM runs, in a new JVM: the current {@code java}, then the current module path
     * and {@code -m} when the application runs as modules (the launcher script), {@code -m} alone when it is linked
     * into the runtime (the installed package), else the class path (tests).
     */
    static ChildLauncher currentJvm() {
        return forJvm(ProcessHandle.current().info().command().orElse(null), System.getProperty("java.home"),
                ChildLauncher.class.getModule().isNamed(), System.getProperty("jdk.module.path"),
                System.getProperty("java.class.path"));
    }

    /** What {@link #currentJvm()} chooses, from what it reads of the running JVM. */
    static ChildLauncher forJvm(String command, String javaHome, boolean modular, String modulePath,
            String classPath) {
        // the running binary, unless it is an application launcher (the installed package's) rather than java itself
        String java = command != null && Path.of(command).getFileName().toString().equals("java") ? command
                : Path.of(javaHome, "bin", "java").toString();
        if (!modular) {
            return onClassPath(java, classPath);
        }
        return modulePath == null || modulePath.isEmpty() ? inRuntimeImage(java) : onModulePath(java, modulePath);
    }

    static ChildLauncher onModulePath(String java, String modulePath) {
        return onModulePath(java, modulePath, System.getenv(CORE_AOT_CACHE));
    }

    /**
     * @param aotCache the launcher's AOT cache for core imports ({@value #CORE_AOT_CACHE}), used when the file
     *                 exists: the child is started exactly as the launcher starts {@code import-core} (same module
     *                 path, same native access), which the cache requires; it halves the child's start
     *                 (docs/benchmarks.md §13)
     */
    static ChildLauncher onModulePath(String java, String modulePath, String aotCache) {
        List<String> tail = List.of("--enable-native-access=" + NATIVE_MODULE, "-p", absolute(modulePath),
                "-m", MAIN_MODULE + "/" + MAIN_CLASS);
        return workDir -> {
            List<String> options = new ArrayList<>();
            // the launcher's cache directory is checked by the launcher (ours, not writable by others); a link is
            // not followed, and a damaged cache is caught by the JVM's checksums and ignored (VerifySharedSpaces)
            if (aotCache != null && !aotCache.isBlank()
                    && Files.isRegularFile(Path.of(aotCache), LinkOption.NOFOLLOW_LINKS)) {
                options.addAll(List.of("-XX:AOTCache=" + aotCache, "-XX:+VerifySharedSpaces", "-Xlog:aot=off",
                        "-Xlog:cds=off"));
            }
            options.addAll(tail);
            return jvm(java, workDir, options);
        };
    }

    /** The application's modules linked into the runtime itself (jlink; the installed package): no module path. */
    static ChildLauncher inRuntimeImage(String java) {
        List<String> tail = List.of("--enable-native-access=" + NATIVE_MODULE, "-m", MAIN_MODULE + "/" + MAIN_CLASS);
        return workDir -> jvm(java, workDir, tail);
    }

    static ChildLauncher onClassPath(String java, String classPath) {
        List<String> tail = List.of("--enable-native-access=ALL-UNNAMED", "-cp", absolute(classPath), MAIN_CLASS);
        return workDir -> jvm(java, workDir, tail);
    }

    /**
     * A JVM that keeps its leftovers in {@code workDir}: its temporary files (the core {@code capture} takes) and
     * the crash log a fatal error writes, which says where it crashed; it never writes a core of itself.
     */
    static List<String> jvm(String java, Path workDir, List<String> mainAndOptions) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-XX:-CreateCoredumpOnCrash");
        command.add("-XX:ErrorFile=" + workDir.resolve(CrashLog.FILE_PATTERN));
        command.add("-Djava.io.tmpdir=" + workDir);
        // a one-shot import: C1 alone starts faster and finishes sooner than waiting for C2 (docs/benchmarks.md)
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseParallelGC");
        command.addAll(mainAndOptions);
        return command;
    }

    /** The child runs in another directory, so relative path entries are made absolute. */
    private static String absolute(String pathList) {
        return Arrays.stream(pathList.split(File.pathSeparator)).filter(s -> !s.isEmpty())
                .map(s -> Path.of(s).toAbsolutePath().toString()).collect(Collectors.joining(File.pathSeparator));
    }
}
