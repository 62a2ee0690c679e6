package org.ompdexplorer.app.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.ompdexplorer.app.ui.ompd.PathChooser;
import org.ompdexplorer.importers.SnapshotSeriesFiles;

/**
 * Asks the user for a file: snapshots to open and export, and the paths of the core dialogs. Tests replace it,
 * since a native dialog cannot be driven headless.
 */
public interface FileDialogs extends PathChooser {
    Optional<Path> chooseSnapshot(Window owner);

    Optional<Path> chooseExportTarget(Window owner, String suggestedName);

    /** Where to save the task graph as a picture or DOT file; {@code suggestedName} has the format's extension. */
    default Optional<Path> chooseGraphTarget(Window owner, String suggestedName) {
        return chooseExportTarget(owner, suggestedName);
    }

    /** Where to save a comparison's hang report; {@code suggestedName} ends in {@code .md}. */
    default Optional<Path> chooseReportTarget(Window owner, String suggestedName) {
        return chooseExportTarget(owner, suggestedName);
    }

    /** Where to save a lesson made of a recording; {@code suggestedName} ends in {@code .lesson.json}. */
    default Optional<Path> chooseLessonTarget(Window owner, String suggestedName) {
        return chooseExportTarget(owner, suggestedName);
    }

    /** Where to write a recording's Perfetto trace; {@code suggestedName} ends in {@code .pftrace}. */
    default Optional<Path> chooseTraceTarget(Window owner, String suggestedName) {
        return chooseExportTarget(owner, suggestedName);
    }

    /** Several snapshots at once (a series, in time order by name); empty when cancelled. */
    List<Path> chooseSnapshots(Window owner, String title);

    /**
     * The file a snapshot export writes when the user chose {@code chosen} with the compressed filter or not. A
     * native save dialog does not add the filter's extension, and only a name ending in {@code .gz} is written
     * compressed, so the compressed filter adds {@code .gz} (or {@code .json.gz}); otherwise the name is kept as typed.
     */
    static Path exportName(Path chosen, boolean compressed) {
        String name = chosen.getFileName().toString();
        if (!compressed || name.endsWith(".gz")) {
            return chosen;
        }
        return chosen.resolveSibling(name.endsWith(".json") ? name + ".gz" : name + ".json.gz");
    }

    /** The platform's file choosers, for snapshot JSON files. */
    static FileDialogs platform() {
        return new FileDialogs() {
            private File lastDirectory;

            @Override
            public Optional<Path> chooseSnapshot(Window owner) {
                FileChooser chooser = chooser("Open a snapshot");
                File file = chooser.showOpenDialog(owner);
                return remember(file);
            }

            @Override
            public List<Path> chooseSnapshots(Window owner, String title) {
                FileChooser chooser = chooser(title);
                List<File> files = chooser.showOpenMultipleDialog(owner);
                if (files == null || files.isEmpty()) {
                    return List.of();
                }
                remember(files.getFirst());
                return files.stream().map(File::toPath).sorted(SnapshotSeriesFiles.BY_NAME).toList();
            }

            @Override
            public Optional<Path> chooseExportTarget(Window owner, String suggestedName) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle("Export the snapshot as JSON");
                FileChooser.ExtensionFilter plain = new FileChooser.ExtensionFilter("Snapshot (*.json)", "*.json");
                FileChooser.ExtensionFilter compressed = new FileChooser.ExtensionFilter(
                        "Snapshot, compressed (*.json.gz)", "*.json.gz");
                chooser.getExtensionFilters().addAll(plain, compressed);
                chooser.setSelectedExtensionFilter(suggestedName.endsWith(".gz") ? compressed : plain);
                if (lastDirectory != null && lastDirectory.isDirectory()) {
                    chooser.setInitialDirectory(lastDirectory);
                }
                chooser.setInitialFileName(suggestedName);
                return remember(chooser.showSaveDialog(owner)).map(p -> exportName(p,
                        chooser.getSelectedExtensionFilter() == compressed));
            }

            @Override
            public Optional<Path> chooseGraphTarget(Window owner, String suggestedName) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle("Export the task graph");
                String extension = suggestedName.substring(suggestedName.lastIndexOf('.') + 1);
                chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(extension.toUpperCase(
                        java.util.Locale.ROOT) + " files", "*." + extension));
                chooser.setInitialFileName(suggestedName);
                return remember(chooser.showSaveDialog(owner));
            }

            @Override
            public Optional<Path> chooseTraceTarget(Window owner, String suggestedName) {
                return save(owner, "Export a Perfetto trace of the recording", suggestedName,
                        new FileChooser.ExtensionFilter("Perfetto trace (*.pftrace)", "*.pftrace"),
                        new FileChooser.ExtensionFilter("Perfetto trace, compressed (*.pftrace.gz)", "*.pftrace.gz"));
            }

            @Override
            public Optional<Path> chooseLessonTarget(Window owner, String suggestedName) {
                return save(owner, "Save the lesson", suggestedName,
                        new FileChooser.ExtensionFilter("Lesson (*.lesson.json)", "*.lesson.json"));
            }

            /** A save dialog in the last folder used, offering {@code suggestedName}. */
            private Optional<Path> save(Window owner, String title, String suggestedName,
                                        FileChooser.ExtensionFilter... filters) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle(title);
                chooser.getExtensionFilters().addAll(filters);
                if (lastDirectory != null && lastDirectory.isDirectory()) {
                    chooser.setInitialDirectory(lastDirectory);
                }
                chooser.setInitialFileName(suggestedName);
                return remember(chooser.showSaveDialog(owner));
            }

            @Override
            public Optional<Path> chooseReportTarget(Window owner, String suggestedName) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle("Export the hang report");
                FileChooser.ExtensionFilter markdown = new FileChooser.ExtensionFilter("Markdown (*.md)", "*.md");
                FileChooser.ExtensionFilter html = new FileChooser.ExtensionFilter("HTML page (*.html)", "*.html");
                chooser.getExtensionFilters().addAll(markdown, html);
                chooser.setInitialFileName(suggestedName);
                // a native dialog does not add the chosen filter's extension: the name decides the format
                return remember(chooser.showSaveDialog(owner)).map(p -> chooser.getSelectedExtensionFilter() == html
                        && !p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".html")
                        ? p.resolveSibling(p.getFileName() + ".html") : p);
            }

            @Override
            public Optional<Path> chooseFile(Window owner, String title, Optional<Path> initial) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle(title);
                initialDirectory(initial).ifPresent(chooser::setInitialDirectory);
                return Optional.ofNullable(chooser.showOpenDialog(owner)).map(File::toPath);
            }

            @Override
            public Optional<Path> chooseDirectory(Window owner, String title, Optional<Path> initial) {
                DirectoryChooser chooser = new DirectoryChooser();
                chooser.setTitle(title);
                initialDirectory(initial).ifPresent(chooser::setInitialDirectory);
                return Optional.ofNullable(chooser.showDialog(owner)).map(File::toPath);
            }

            /** Where the path is when it is a directory, else its parent, when that exists. */
            private Optional<File> initialDirectory(Optional<Path> initial) {
                return initial.map(p -> p.toFile().isDirectory() ? p : p.getParent())
                        .map(Path::toFile).filter(File::isDirectory);
            }

            private FileChooser chooser(String title) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle(title);
                chooser.getExtensionFilters().addAll(
                        new FileChooser.ExtensionFilter("OMPD Explorer snapshots, recordings and lessons (*.json, "
                                + "*.json.gz, *.ndjson, *.ndjson.gz)", "*.json", "*.json.gz", "*.ndjson", "*.ndjson.gz"),
                        new FileChooser.ExtensionFilter("All files", "*"));
                if (lastDirectory != null && lastDirectory.isDirectory()) {
                    chooser.setInitialDirectory(lastDirectory);
                }
                return chooser;
            }

            private Optional<Path> remember(File file) {
                if (file != null) {
                    lastDirectory = file.getParentFile();
                }
                return Optional.ofNullable(file).map(File::toPath);
            }
        };
    }
}
