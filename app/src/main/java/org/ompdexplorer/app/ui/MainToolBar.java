package org.ompdexplorer.app.ui;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.controlsfx.control.textfield.TextFields;

/** The toolbar: open, open a core, export, back and forward, and the search box with its match stepping. */
final class MainToolBar extends ToolBar {
    static final String ID = "toolBar";

    private final TextField searchField = TextFields.createClearableTextField();

    MainToolBar(MainViewModel vm, MainView.Actions actions) {
        setId(ID);
        Button open = button("openButton", "Open…", "Open a snapshot file (Ctrl+O)");
        open.setOnAction(e -> actions.open());
        Button core = button("openCoreButton", "Open Core…",
                "Import a core file through libompd, in a separate process (Ctrl+Shift+O)");
        core.setOnAction(e -> actions.openCore());
        Button export = button("exportButton", "Export…", "Write the open snapshot as JSON (Ctrl+E)");
        export.setOnAction(e -> actions.export());
        export.disableProperty().bind(vm.snapshotProperty().isNull());
        Button back = button("backButton", "◀ Back", "Back to the previous selection (Alt+Left)");
        back.setOnAction(e -> vm.back());
        back.disableProperty().bind(vm.history().canGoBackProperty().not());
        Button forward = button("forwardButton", "Forward ▶", "Forward again (Alt+Right)");
        forward.setOnAction(e -> vm.forward());
        forward.disableProperty().bind(vm.history().canGoForwardProperty().not());

        searchField.setId("searchField");
        searchField.setPromptText("Search: function, state, kind, #task, T thread, P region (Ctrl+F)");
        searchField.setPrefColumnCount(28);
        searchField.textProperty().bindBidirectional(vm.search().textProperty());
        searchField.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                if (e.isShiftDown()) {
                    vm.search().previous();
                } else {
                    vm.search().next();
                }
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                searchField.clear();
                e.consume();
            }
        });
        Button previous = button("searchPrevious", "▲", "Previous match (Shift+Enter, Shift+F3)");
        previous.setOnAction(e -> vm.search().previous());
        Button next = button("searchNext", "▼", "Next match (Enter, F3)");
        next.setOnAction(e -> vm.search().next());
        Label status = new Label();
        status.setId("searchStatus");
        status.getStyleClass().add("search-status");
        status.textProperty().bind(vm.search().statusProperty());
        status.setMinWidth(90);
        javafx.scene.control.ToggleButton only = new javafx.scene.control.ToggleButton("Only matches");
        only.setId("searchOnlyMatches");
        only.setTooltip(new javafx.scene.control.Tooltip("List only the matches in the navigator instead of the tree"
                + " (the tree comes back when this is off or the search is cleared)"));
        only.selectedProperty().bindBidirectional(vm.search().onlyMatchesProperty());
        javafx.scene.control.ToggleButton stuck = new javafx.scene.control.ToggleButton("Blocked or suspended");
        stuck.setId("searchStuckOnly");
        stuck.setTooltip(new javafx.scene.control.Tooltip("List only the threads that wait and the tasks blocked on"
                + " dependences, waiting, suspended or detached — with what the search box asks for, if anything"));
        stuck.selectedProperty().bindBidirectional(vm.search().stuckOnlyProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        getItems().addAll(open, core, export, back, forward, spacer, searchField, previous, next, only, stuck, status);
    }

    TextField searchField() {
        return searchField;
    }

    private static Button button(String id, String text, String tip) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        return b;
    }
}
