package org.ompdexplorer.app.ui.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.job.JobReader;
import org.ompdexplorer.model.job.RankClass;

/**
 * The window's job view (File → Open Job…): the job read from a folder of rank snapshots, whether its page is
 * shown, and what can be done from it — open one rank's snapshot in the explorer, or two ranks in compare mode. The
 * job stays open behind what it opened, and Back to the Job shows its page again.
 */
public final class JobViewModel {
    /** How a job is read: as the window loads anything (progress and Cancel, one problem on failure). */
    @FunctionalInterface
    public interface Loader {
        void run(String what, BackgroundJob<OpenedJob> job, String failureTitle, Consumer<OpenedJob> done);
    }

    // Properties
    private final ReadOnlyObjectWrapper<OpenedJob> job = new ReadOnlyObjectWrapper<>(this, "job");
    private final ReadOnlyBooleanWrapper pageShown = new ReadOnlyBooleanWrapper(this, "pageShown", false);
    private final ReadOnlyStringWrapper rankProblem = new ReadOnlyStringWrapper(this, "rankProblem", "");

    private final Loader loader;
    private final Consumer<Path> openFile;
    private final Consumer<List<Path>> compareFiles;
    private final JobReader reader;

    /**
     * @param openFile     opens one snapshot in the explorer, as File → Open… does
     * @param compareFiles opens two snapshots in compare mode, A then B
     */
    public JobViewModel(Loader loader, Consumer<Path> openFile, Consumer<List<Path>> compareFiles, JobReader reader) {
        this.loader = loader;
        this.openFile = openFile;
        this.compareFiles = compareFiles;
        this.reader = reader;
    }

    /** The open job, or {@code null}. */
    public ReadOnlyObjectProperty<OpenedJob> jobProperty() {
        return job.getReadOnlyProperty();
    }

    /** Whether the job's page takes the window's centre. */
    public ReadOnlyBooleanProperty pageShownProperty() {
        return pageShown.getReadOnlyProperty();
    }

    /** Why the ranks typed cannot be opened ({@code ""}: they can, or nothing was typed). */
    public ReadOnlyStringProperty rankProblemProperty() {
        return rankProblem.getReadOnlyProperty();
    }

    // Commands

    /**
     * Reads every rank snapshot of {@code folder} in the background, then shows the job's page. On failure the
     * problem banner says why and what was open stays.
     */
    public void open(Path folder) {
        String name = folder.getFileName() == null ? folder.toString() : folder.getFileName().toString();
        loader.run("Opening the job in " + name, JobOpening.of(folder, reader), "Could not open the job in " + folder,
                opened -> {
                    rankProblem.set("");
                    job.set(opened);
                    pageShown.set(true);
                });
    }

    /** Shows the job's page again (Back to the Job); nothing without a job. */
    public void showPage() {
        if (job.get() != null) {
            pageShown.set(true);
        }
    }

    /** Hides the page; the job stays open for Back to the Job. */
    public void hidePage() {
        pageShown.set(false);
    }

    /** Forgets the job; what it opened stays. */
    public void close() {
        pageShown.set(false);
        job.set(null);
        rankProblem.set("");
    }

    /** Opens the representative of {@code rankClass} (its lowest rank's snapshot) in the explorer. */
    public void openRepresentative(RankClass rankClass) {
        rankProblem.set("");
        openFile.accept(Path.of(rankClass.representative().file()));
    }

    /** Opens the representatives of two classes in compare mode, {@code a} as A. */
    public void compareRepresentatives(RankClass a, RankClass b) {
        rankProblem.set("");
        compareFiles.accept(List.of(Path.of(a.representative().file()), Path.of(b.representative().file())));
    }

    /**
     * Opens what was typed: one rank ({@code 5}) in the explorer, two ({@code 0 5} or {@code 0,5}) in compare mode,
     * the first as A. Anything else, or a rank the job has no snapshot of, is said in {@link #rankProblemProperty()}.
     */
    public void openTyped(String typed) {
        OpenedJob opened = job.get();
        if (opened == null) {
            return;
        }
        List<Path> files = new ArrayList<>();
        String[] parts = typed.trim().split("[\\s,]+");
        if (typed.isBlank() || parts.length > 2) {
            rankProblem.set("Type one rank to open it, or two (0 5) to compare them");
            return;
        }
        for (String part : parts) {
            int rank;
            try {
                rank = Integer.parseInt(part);
            } catch (NumberFormatException e) {
                rankProblem.set("“" + part + "” is not a rank: type one rank to open it, or two (0 5) to compare them");
                return;
            }
            Optional<Path> file = opened.fileOf(rank);
            if (file.isEmpty()) {
                rankProblem.set("Rank " + rank + " has no snapshot in " + opened.name() + " (it has ranks "
                        + opened.findings().ranks() + ")");
                return;
            }
            files.add(file.get());
        }
        rankProblem.set("");
        if (files.size() == 1) {
            openFile.accept(files.getFirst());
        } else {
            compareFiles.accept(files);
        }
    }
}
