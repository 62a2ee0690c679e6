package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.Clipboard;
import javafx.scene.input.DataFormat;
import org.ompdexplorer.app.ui.graph.GraphPlacement;
import org.ompdexplorer.app.ui.legend.LegendWindow;
import org.ompdexplorer.app.ui.ompd.CaptureView;
import org.ompdexplorer.app.ui.ompd.OpenCoreView;

/**
 * What the menu and the toolbar ask of the explorer window, done: the file dialogs of File (their choice handed to
 * the view model), the clipboard, the focus of the search box and the navigator, the theme, the legend window, the
 * task graph's place and quitting.
 */
final class WindowActions implements MainView.Actions {
    private final LegendWindow legend = new LegendWindow();
    private final MainViewModel vm;
    private final MainView view;
    private final RecordingActions recording;

    /** {@code view}'s parts are asked for when an action runs: the toolbar and the work area come after this. */
    WindowActions(MainViewModel vm, MainView view) {
        this.vm = vm;
        this.view = view;
        this.recording = new RecordingActions(vm, view::dialogs, view::showDialog, () -> scene().getWindow());
    }

    private Scene scene() {
        return view.getScene();
    }

    private FileDialogs dialogs() {
        return view.dialogs();
    }

    @Override
    public RecordingMenu.Dialogs recording() {
        return recording;
    }

    @Override
    public void open() {
        dialogs().chooseSnapshot(scene().getWindow()).ifPresent(vm::open);
    }

    @Override
    public void openCore() {
        view.showDialog(new OpenCoreView(vm.openCore(), dialogs()));
    }

    @Override
    public void captureProcess() {
        view.showDialog(new CaptureView(vm.capture(), dialogs()));
    }

    @Override
    public void export() {
        String name = vm.snapshotProperty().get() == null ? "snapshot.json"
                : vm.snapshotProperty().get().path().map(p -> p.getFileName().toString())
                .orElse("snapshot.json");
        dialogs().chooseExportTarget(scene().getWindow(), name).ifPresent(vm::export);
    }

    @Override
    public void compareWith() {
        dialogs().chooseFile(scene().getWindow(), "Compare the open snapshot (A) with… (B)",
                vm.snapshotProperty().get() == null ? Optional.empty() : vm.snapshotProperty().get().path())
                .ifPresent(vm::compareWith);
    }

    @Override
    public void compareTwoFiles() {
        dialogs().chooseFile(scene().getWindow(), "Compare: the snapshot before (A)", Optional.empty())
                .ifPresent(a -> dialogs().chooseFile(scene().getWindow(), "Compare " + a.getFileName()
                        + " with the snapshot after (B)", Optional.of(a))
                        .ifPresent(b -> vm.compareFiles(List.of(a, b))));
    }

    @Override
    public void openSeries() {
        dialogs().chooseDirectory(scene().getWindow(), "Open a series: a folder of snapshots of one program",
                Optional.empty()).ifPresent(dir -> vm.compareFiles(List.of(dir)));
    }

    @Override
    public void openSeriesFiles() {
        List<Path> files = dialogs().chooseSnapshots(scene().getWindow(),
                "Open a series: two or more snapshots of one program (in name order)");
        if (!files.isEmpty()) {
            vm.compareFiles(files);
        }
    }

    @Override
    public void openJob() {
        dialogs().chooseDirectory(scene().getWindow(), "Open a job: the folder its ranks wrote their "
                + "snapshots into", Optional.empty()).ifPresent(vm::openJob);
    }

    @Override
    public void legend() {
        legend.show(scene().getWindow(), scene());
    }

    @Override
    public void copy() {
        Node focus = scene() == null ? null : scene().getFocusOwner();
        if (focus instanceof TextInputControl text) {
            text.copy();
            return;
        }
        String selection = vm.copyText();
        if (!selection.isEmpty()) {
            Clipboard.getSystemClipboard().setContent(Map.of(DataFormat.PLAIN_TEXT, selection));
        }
    }

    @Override
    public void focusSearch() {
        view.toolBar().searchField().requestFocus();
        view.toolBar().searchField().selectAll();
    }

    @Override
    public void focusNavigator() {
        view.navigator().tree().requestFocus();
    }

    @Override
    public void darkTheme(boolean dark) {
        vm.preferences().setDarkTheme(dark);
        Theme.apply(scene(), dark);
        legend.applyTheme(dark);
    }

    @Override
    public void showGraph() {
        view.showGraph();
    }

    @Override
    public void showParallelStacks() {
        view.workArea().showParallelStacks();
    }

    @Override
    public void graphPlacement(GraphPlacement placement) {
        view.workArea().place(placement);
    }

    @Override
    public GraphPlacement graphPlacement() {
        return view.workArea().placement();
    }

    @Override
    public void quit() {
        scene().getWindow().hide(); // as closing it does: the window's place is remembered, then exit
        Platform.exit();
    }
}
