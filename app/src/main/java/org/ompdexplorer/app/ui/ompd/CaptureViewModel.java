package org.ompdexplorer.app.ui.ompd;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;

/**
 * The Snapshot Running Process dialog: the processes of this machine (OpenMP programs marked), a filter, the pid
 * to snapshot, and {@code capture PID} run in a child JVM, which takes a core with gdb's gcore, imports it and
 * deletes it.
 */
public final class CaptureViewModel {
    public static final String GCORE_MISSING = "gcore is not installed, so a running process cannot be snapshotted —"
            + " install gdb (Debian: apt-get install gdb), or take a core yourself and use File → Open Core File…";
    private static final String OPENMP_ONLY_KEY = "capture.openMpOnly";
    private static final String OMPD_LIBRARY_KEY = "capture.ompdLibrary";
    private static final Map<String, String> WINDOW_WORDS = Map.of("--ompd-lib", "the libompd field",
            "import-core", "File → Open Core File…");

    // Properties
    private final ObservableList<LiveProcess> processes = FXCollections.observableArrayList();
    private final FilteredList<LiveProcess> shown = new FilteredList<>(processes);
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final BooleanProperty openMpOnly = new SimpleBooleanProperty(this, "openMpOnly", true);
    private final StringProperty pid = new SimpleStringProperty(this, "pid", "");
    private final StringProperty ompdLibrary = new SimpleStringProperty(this, "ompdLibrary", "");
    private final ReadOnlyBooleanWrapper listing = new ReadOnlyBooleanWrapper(this, "listing", false);
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyBooleanWrapper canRun = new ReadOnlyBooleanWrapper(this, "canRun", false);

    private final BackgroundTasks tasks;
    private final RememberedValues memory;
    private final ChildImport child;
    private final SnapshotOpener opener;
    private final LiveProcesses source;
    private final Supplier<Optional<Path>> gcore;

    /**
     * @param source where the processes are read
     * @param gcore  finds gdb's gcore (on the PATH, for the window)
     */
    public CaptureViewModel(BackgroundTasks tasks, RememberedValues memory, ChildImport child, SnapshotOpener opener,
                            LiveProcesses source, Supplier<Optional<Path>> gcore) {
        this.tasks = tasks;
        this.memory = memory;
        this.child = child;
        this.opener = opener;
        this.source = source;
        this.gcore = gcore;
        memory.remembered(OPENMP_ONLY_KEY).ifPresent(v -> openMpOnly.set(Boolean.parseBoolean(v)));
        memory.remembered(OMPD_LIBRARY_KEY).ifPresent(ompdLibrary::set);
        filter.addListener(x -> refilter());
        openMpOnly.addListener(x -> refilter());
        pid.addListener(x -> check());
        ompdLibrary.addListener(x -> check());
        refilter();
        check();
    }

    /** gdb's {@code gcore} on the PATH. */
    public static Optional<Path> gcoreOnPath() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "gcore");
            if (java.nio.file.Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The processes that pass the filter and the OpenMP toggle. */
    public ObservableList<LiveProcess> shownProcesses() {
        return FXCollections.unmodifiableObservableList(shown);
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public BooleanProperty openMpOnlyProperty() {
        return openMpOnly;
    }

    /** The pid to snapshot, as typed or picked from the list. */
    public StringProperty pidProperty() {
        return pid;
    }

    public StringProperty ompdLibraryProperty() {
        return ompdLibrary;
    }

    /** True while the list is being read. */
    public ReadOnlyBooleanProperty listingProperty() {
        return listing.getReadOnlyProperty();
    }

    /** Why Run cannot go (no gcore, no such process, a libompd that is not there), or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRunProperty() {
        return canRun.getReadOnlyProperty();
    }

    // Commands

    /** Reads the process list again, in the background. */
    public void refresh() {
        listing.set(true);
        tasks.execute(BackgroundTask.of("Listing processes", source::list)
                .onSuccess(list -> {
                    listing.set(false);
                    processes.setAll(list);
                })
                .onFailure(error -> {
                    listing.set(false);
                    processes.clear();
                }));
    }

    /** Picks a process from the list. */
    public void select(LiveProcess process) {
        if (process != null) {
            pid.set(Long.toString(process.pid()));
        }
    }

    /** The {@code capture} command line of the child, without {@code -o}. */
    public Optional<List<String>> arguments() {
        check(); // the process may have exited, the library appeared, since the last edit
        if (!canRun.get()) {
            return Optional.empty();
        }
        List<String> args = new java.util.ArrayList<>(List.of("capture", Long.toString(pid()), "--progress"));
        PathText.path(ompdLibrary.get()).ifPresent(p -> args.addAll(List.of("--ompd-lib", p.toString())));
        return Optional.of(List.copyOf(args));
    }

    /** Starts the capture in the window's loading UI; returns false, doing nothing, while it cannot go. */
    public boolean run() {
        Optional<List<String>> args = arguments();
        if (args.isEmpty()) {
            return false;
        }
        memory.remember(OPENMP_ONLY_KEY, Boolean.toString(openMpOnly.get()));
        memory.remember(OMPD_LIBRARY_KEY, ompdLibrary.get().strip());
        long target = pid();
        String input = "process " + target;
        opener.open("Snapshotting " + input + " (gcore, then libompd)", "Could not snapshot " + input,
                ChildJobs.of(child, input, args.get(), WINDOW_WORDS, s -> input + " ("
                        + (s.capture().program() == null ? "live" : Path.of(s.capture().program()).getFileName()
                        + ", live") + ")"));
        return true;
    }

    private long pid() {
        return Long.parseLong(pid.get().strip());
    }

    private void refilter() {
        String f = filter.get() == null ? "" : filter.get().strip().toLowerCase(Locale.ROOT);
        boolean onlyOpenMp = openMpOnly.get();
        shown.setPredicate(p -> (!onlyOpenMp || p.isOpenMp()) && p.matches(f));
    }

    private void check() {
        String why = "";
        String text = pid.get() == null ? "" : pid.get().strip();
        if (gcore.get().isEmpty()) {
            why = GCORE_MISSING;
        } else if (text.isEmpty()) {
            why = "choose a process in the list or type its pid";
        } else if (!text.matches("[0-9]{1,18}")) {
            why = "pid: '" + text + "' is not a process id";
        } else if (!source.exists(Long.parseLong(text))) {
            why = "pid: no process " + text + " (it has exited, or the number is wrong) — Refresh the list";
        } else {
            why = PathText.path(ompdLibrary.get()).flatMap(PathText::fileProblem).map(p -> "libompd: " + p)
                    .orElse("");
        }
        problem.set(why);
        canRun.set(why.isEmpty());
    }
}
