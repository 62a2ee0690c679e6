package org.ompdexplorer.app.ui;

import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import org.controlsfx.control.StatusBar;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Snapshot;

/** The status bar: where the snapshot came from, what it holds, its diagnostics, and a load in progress. */
final class StatusBarView extends StatusBar {
    static final String ID = "statusBar";

    private final MainViewModel vm;

    StatusBarView(MainViewModel vm) {
        this.vm = vm;
        setId(ID);
        setFocusTraversable(false); // its links and buttons take the focus; the bar itself has nothing to do
        getStyleClass().add("status-bar-view");
        Label counts = new Label();
        counts.setId("statusCounts");
        Hyperlink diagnostics = new Hyperlink();
        diagnostics.setId("statusDiagnostics");
        diagnostics.setOnAction(e -> {
            diagnostics.setVisited(false);
            vm.navigate(Target.of(SnapshotPage.DIAGNOSTICS));
        });
        Label message = new Label();
        message.setId("statusMessage");
        message.getStyleClass().add("status-message");
        message.textProperty().bind(vm.messageProperty());
        javafx.scene.control.Tooltip whole = new javafx.scene.control.Tooltip();
        whole.textProperty().bind(vm.messageProperty()); // the whole message where the bar is too narrow for it
        message.setTooltip(whole);
        // the status bar puts left items before its text (the source): a rule and a gap after the message keep the
        // two apart; gone while there is nothing to say
        message.setGraphic(new Separator(Orientation.VERTICAL));
        message.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        message.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // "Zoom 200 %" whole: the source gives way
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("cancelLoading");
        cancel.setOnAction(e -> vm.cancelLoading());
        cancel.visibleProperty().bind(vm.loadingProperty());
        cancel.managedProperty().bind(vm.loadingProperty());
        // what the snapshot holds and its diagnostics are read whole; the source's name gives way ("…")
        counts.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        diagnostics.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        getLeftItems().add(message);
        getRightItems().addAll(counts, new Separator(Orientation.VERTICAL), diagnostics, cancel);
        progressProperty().bind(Bindings.createDoubleBinding(() -> vm.loadingProperty().get()
                ? vm.progressProperty().get().fraction() : 0, vm.loadingProperty(), vm.progressProperty()));
        vm.snapshotProperty().addListener((obs, old, now) -> {
            if (!vm.comparingProperty().get()) { // a lesson's step behind compare mode: the comparison's counts stay
                show(now, counts, diagnostics);
            }
        });
        // in compare mode the counts are the comparison's: added, removed, changed, unchanged, still blocked
        vm.comparingProperty().addListener((obs, old, now) -> {
            counts.textProperty().unbind();
            if (now) {
                counts.textProperty().bind(vm.compare().countsTextProperty());
                setText(vm.compare().stepTextProperty().get());
            } else {
                show(vm.snapshotProperty().get(), counts, diagnostics);
            }
        });
        vm.compare().stepTextProperty().addListener((obs, old, now) -> {
            if (vm.comparingProperty().get()) {
                setText(now);
            }
        });
        show(vm.snapshotProperty().get(), counts, diagnostics);
        // the job's page stands for the job, not for the snapshot behind it
        vm.job().pageShownProperty().addListener((obs, old, now) -> {
            if (!vm.comparingProperty().get()) {
                show(vm.snapshotProperty().get(), counts, diagnostics);
            }
        });
        vm.loadingProperty().addListener((obs, old, now) -> showSource(vm));
        vm.progressProperty().addListener((obs, old, now) -> showSource(vm));
    }

    @Override
    protected javafx.scene.control.Skin<?> createDefaultSkin() {
        return new StatusBarSkin(this);
    }

    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL; // its height follows its width: narrow, its counts take a line of their own
    }

    private void showSource(MainViewModel vm) {
        LoadedSnapshot open = vm.snapshotProperty().get();
        if (vm.loadingProperty().get()) {
            String phase = vm.progressProperty().get().phase();
            setText(phase.isEmpty() ? "Loading…" : "Loading: " + phase);
        } else {
            setText(vm.comparingProperty().get() ? vm.compare().stepTextProperty().get() : source(open));
        }
    }

    /** What the bar names: the job while its page is shown, else the open snapshot. */
    private String source(LoadedSnapshot open) {
        if (vm.job().pageShownProperty().get() && vm.job().jobProperty().get() != null) {
            return vm.job().jobProperty().get().headline();
        }
        return open == null ? "No snapshot" : open.sourceName();
    }

    private void show(LoadedSnapshot open, Label counts, Hyperlink diagnostics) {
        boolean job = vm.job().pageShownProperty().get() && vm.job().jobProperty().get() != null;
        setText(source(open));
        if (job) {
            counts.setText("");
            diagnostics.setText("");
            diagnostics.setDisable(true);
            return;
        }
        counts.setText(open == null ? "" : counts(open.snapshot()));
        int n = open == null ? 0 : open.diagnostics().size();
        diagnostics.setText(EntityNames.count(n, "diagnostic", "diagnostics"));
        diagnostics.setDisable(open == null);
    }

    /** {@code 4 threads · 3 parallel regions · 27 tasks}. */
    static String counts(Snapshot s) {
        return EntityNames.count(s.threads().size(), "thread", "threads") + " · "
                + EntityNames.count(s.parallelRegions().size(), "parallel region", "parallel regions") + " · "
                + EntityNames.count(s.tasks().size(), "task", "tasks");
    }
}
