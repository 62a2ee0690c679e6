package org.ompdexplorer.app.ui.entity;

import java.util.Locale;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeNames;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

/**
 * Names of entities in the window, the same as the command line prints: the model's {@link Names} (task
 * {@code #17}, thread {@code T3}, parallel region {@code P1}), with the window's extras (file:line, titles).
 */
public final class EntityNames {
    private EntityNames() {
    }

    public static String task(TaskId id) {
        return Names.task(id);
    }

    public static String thread(ThreadId id) {
        return Names.thread(id);
    }

    public static String region(RegionId id) {
        return Names.region(id);
    }

    public static String target(TargetRegionId id) {
        return Names.target(id);
    }

    public static String of(EntityRef ref) {
        return Names.ref(ref);
    }

    public static String of(Target target) {
        return switch (target) {
            case Target.Entity e -> of(e.ref());
            case Target.Page p -> p.page().title();
        };
    }

    /** {@code task #17}: a details page's title, its description ({@link #whatRuns}) the subtitle. */
    public static String title(Task task) {
        return of(EntityRef.of(task.id()));
    }

    public static String title(OmpThread thread) {
        return of(EntityRef.of(thread.id()));
    }

    public static String title(ParallelRegion region) {
        return of(EntityRef.of(region.id()));
    }

    /** {@code device 0} by its OpenMP device number when known, else by its address space id. */
    public static String title(AddressSpace space) {
        if (!space.isDevice()) {
            return "process (address space " + space.id() + ")";
        }
        return space.deviceNum().map(n -> "device " + n).orElse("device (address space " + space.id() + ")");
    }

    /** {@code TR3 · target enter data}. */
    public static String title(TargetRegion target) {
        return target(target.id()) + " · " + target.kind().directive();
    }

    /** The task's function in one line: symbol, else address, with file:line; or why it is missing. */
    public static String function(Task task) {
        return code(task.function());
    }

    /**
     * What identifies a task's code in one line, as the user wrote it ({@link CodeNames}): "parallel region in
     * main", "task in fib", with file:line when known (and "possibly inexact" when so); by its function, else where
     * it was created (an OMPT capture has no task functions); an address when nothing is symbolized; else nothing.
     * The raw symbol is on the task's page.
     */
    public static String whatRuns(Task task) {
        return whatRuns(task, null);
    }

    /** As {@link #whatRuns(Task)}; a task made in another task's body is named by where that one was written. */
    public static String whatRuns(Task task, org.ompdexplorer.model.SnapshotIndex index) {
        Fact<CodeLocation> named = task.function().asOptional().flatMap(CodeLocation::symbolName).isPresent()
                || !task.creationSite().isKnown() ? task.function() : task.creationSite();
        String position = named.asOptional().flatMap(CodeLocation::shortQualifiers).map(p -> " (" + p + ")").orElse("");
        return Names.description(task, index) + position;
    }

    /**
     * The user's function a code location is in ({@code main} for {@code main.omp_outlined_debug__}), with the file's
     * name and line when known; the raw symbol or address when it names none.
     */
    public static String where(CodeLocation location) {
        return location.symbolName().flatMap(CodeNames::userFunction)
                .map(f -> location.shortQualifiers().map(p -> f + " (" + p + ")").orElse(f))
                .orElseGet(location::display);
    }

    public static String code(Fact<CodeLocation> location) {
        return location.isKnown() ? location.get().display() : FactText.text(location);
    }

    /** {@code lwp 4242}, else the pthread id, else nothing. */
    public static String osId(OmpThread thread) {
        return Names.description(thread);
    }

    /** {@code 1,000,000}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 1 task}, {@code 3 tasks}. */
    public static String count(long n, String singular, String plural) {
        return count(n) + " " + (n == 1 ? singular : plural);
    }
}
