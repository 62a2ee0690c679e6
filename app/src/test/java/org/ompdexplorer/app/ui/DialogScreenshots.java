package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javax.imageio.ImageIO;
import org.ompdexplorer.app.ui.ompd.CaptureView;
import org.ompdexplorer.app.ui.ompd.CaptureViewModel;
import org.ompdexplorer.app.ui.ompd.CoreField;
import org.ompdexplorer.app.ui.ompd.LiveProcesses;
import org.ompdexplorer.app.ui.ompd.OpenCoreView;
import org.ompdexplorer.app.ui.ompd.OpenCoreViewModel;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;

/**
 * The screenshots of the two core dialogs, on made-up files and a made-up /proc under one fixed directory, so
 * that the images show neither this machine's paths nor its processes.
 */
final class DialogScreenshots {
    private static final Path DEMO = Path.of(System.getProperty("java.io.tmpdir"), "ompd-explorer-demo");

    private DialogScreenshots() {
    }

    /** The README's two: the Open Core dialog in the light theme, the capture dialog in the dark one. */
    static void write(MainViewModel vm, Scene owner, Path out) throws Exception {
        write(vm, owner, out.resolve("open-core-dialog.png"), false, out.resolve("capture-dialog.png"), true);
    }

    /** Both dialogs in both themes, for the gallery. */
    static void gallery(MainViewModel vm, Scene owner, Path out) throws Exception {
        for (boolean dark : new boolean[] {false, true}) {
            String theme = dark ? "dark" : "light";
            write(vm, owner, out.resolve("dialog-" + theme + "-open-core.png"), dark,
                    out.resolve("dialog-" + theme + "-capture.png"), dark);
        }
    }

    private static void write(MainViewModel vm, Scene owner, Path openCoreFile, boolean openCoreDark,
            Path captureFile, boolean captureDark) throws Exception {
        try {
            Path crash = Files.createDirectories(DEMO.resolve("crash"));
            Path core = Files.writeString(crash.resolve("core.31337"), "");
            Path exe = Files.writeString(crash.resolve("fib"), "");
            Path libs = Files.createDirectories(crash.resolve("lib"));
            Files.writeString(libs.resolve("libompd.so"), "");
            FxDriver.onFx(() -> {
                OpenCoreViewModel open = vm.openCore();
                open.text(CoreField.CORE).set(core.toString());
                open.text(CoreField.EXECUTABLE).set(exe.toString());
                open.text(CoreField.SOLIB_SEARCH_PATH).set(libs.toString());
                open.text(CoreField.OMPD_LIBRARY).set(libs.resolve("libompd.so").toString());
            });
            FxDriver.onFx(() -> Theme.apply(owner, openCoreDark)); // the dialogs follow the window's theme
            shoot(owner, FxDriver.onFx(() -> new OpenCoreView(vm.openCore(), FileDialogs.platform())), openCoreFile);

            Path proc = fakeProc(DEMO.resolve("proc"));
            CaptureViewModel capture = FxDriver.onFx(() -> new CaptureViewModel(new SameThreadBackgroundTasks(),
                    ExplorerPreferences.inMemory(), null, vm::load, new LiveProcesses(proc, -1),
                    () -> Optional.of(Path.of("/usr/bin/gcore"))));
            FxDriver.onFx(() -> {
                capture.openMpOnlyProperty().set(false);
                capture.refresh();
                capture.pidProperty().set("4242");
            });
            FxDriver.onFx(() -> Theme.apply(owner, captureDark));
            shoot(owner, FxDriver.onFx(() -> new CaptureView(capture, FileDialogs.platform())), captureFile);
            FxDriver.onFx(() -> Theme.apply(owner, false));
        } finally {
            deleteTree(DEMO);
        }
    }

    private static void shoot(Scene owner, Dialog<?> dialog, Path file) throws InterruptedException {
        FxDriver.onFx(() -> {
            dialog.initOwner(owner.getWindow());
            Theme.styleDialog(dialog.getDialogPane(), owner);
            dialog.show();
        });
        Scene scene = FxDriver.onFx(() -> dialog.getDialogPane().getScene());
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, file);
        FxDriver.onFx(dialog::close);
    }

    private static Path fakeProc(Path proc) throws IOException {
        process(proc, 4242, "./fib 30", "/opt/llvm-19/lib/libomp.so.5");
        process(proc, 4180, "./stencil --steps 1000", "/opt/llvm-19/lib/libomp.so.5");
        process(proc, 3977, "./solver input.dat", "/usr/lib/x86_64-linux-gnu/libgomp.so.1.0.0");
        process(proc, 3120, "/usr/bin/bash", "/usr/lib/x86_64-linux-gnu/libc.so.6");
        process(proc, 2811, "vim fib.c", "/usr/lib/x86_64-linux-gnu/libc.so.6");
        return proc;
    }

    private static void process(Path proc, long pid, String command, String mapped) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.write(dir.resolve("cmdline"), command.replace(' ', '\0').getBytes(StandardCharsets.UTF_8));
        Files.writeString(dir.resolve("maps"), "7f0000000000-7f0000100000 r-xp 00000000 08:01 42 " + mapped + "\n");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
