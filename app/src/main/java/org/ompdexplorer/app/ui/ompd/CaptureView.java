package org.ompdexplorer.app.ui.ompd;

import javafx.beans.binding.Bindings;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The Snapshot Running Process dialog: a filterable table of this machine's processes, OpenMP programs marked and
 * first; a pid field (filled by picking a row, or typed); an optional libompd. Snapshot starts the capture and
 * closes the dialog; a double-click on a row does the same.
 */
public final class CaptureView extends Dialog<ButtonType> {
    public static final String ID = "captureDialog";
    public static final String RUN_ID = "runCapture";
    public static final ButtonType RUN = new ButtonType("Snapshot", ButtonBar.ButtonData.OK_DONE);

    public CaptureView(CaptureViewModel vm, PathChooser chooser) {
        setTitle("Snapshot Running Process");
        setHeaderText("Take a core of a running OpenMP program with gdb's gcore and read it through libompd;\n"
                + "the program stops only while the core is taken");
        setResizable(true);
        DialogPane pane = getDialogPane();
        pane.setId(ID);
        pane.getStyleClass().add("capture-dialog");
        pane.getButtonTypes().addAll(RUN, ButtonType.CANCEL);

        TextField filter = new TextField();
        filter.setId("processFilter");
        filter.setPromptText("Filter: pid, user, command or runtime");
        filter.textProperty().bindBidirectional(vm.filterProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);
        CheckBox openMpOnly = new CheckBox("OpenMP programs only");
        openMpOnly.setId("openMpOnlyBox");
        openMpOnly.selectedProperty().bindBidirectional(vm.openMpOnlyProperty());
        Button refresh = new Button("Refresh");
        refresh.setId("refreshProcesses");
        refresh.setOnAction(e -> vm.refresh());
        refresh.disableProperty().bind(vm.listingProperty());

        TableView<LiveProcess> table = table(vm);
        Button run = (Button) pane.lookupButton(RUN);
        table.setRowFactory(t -> {
            TableRow<LiveProcess> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                    vm.select(row.getItem());
                    run.fire();
                }
            });
            return row;
        });

        TextField pid = new TextField();
        pid.setId("pidField");
        pid.setPrefColumnCount(10);
        pid.textProperty().bindBidirectional(vm.pidProperty());
        TextField library = new TextField();
        library.setId("captureOmpdLibraryField");
        library.setPromptText("optional: " + CoreField.OMPD_LIBRARY.help());
        library.setTooltip(new Tooltip(CoreField.OMPD_LIBRARY.help() + " (--ompd-lib)"));
        library.textProperty().bindBidirectional(vm.ompdLibraryProperty());
        GridPane fields = new GridPane();
        fields.setHgap(8);
        fields.setVgap(6);
        fields.addRow(0, new Label("PID:"), pid);
        fields.addRow(1, new Label("libompd:"), library, new BrowseButton("captureOmpdLibraryBrowse", library,
                CoreField.Kind.FILE, "Choose the libompd.so", chooser));
        GridPane.setHgrow(library, Priority.ALWAYS);

        Label problem = new Label();
        problem.setId("captureProblem");
        problem.getStyleClass().add("dialog-problem");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());

        VBox content = new VBox(8, new HBox(8, filter, openMpOnly, refresh), table, fields, problem);
        VBox.setVgrow(table, Priority.ALWAYS);
        content.setPrefSize(820, 520);
        pane.setContent(content);

        run.setId(RUN_ID);
        run.disableProperty().bind(vm.canRunProperty().not());
        run.addEventFilter(ActionEvent.ACTION, e -> {
            if (!vm.run()) {
                e.consume();
            }
        });
        setOnShown(e -> {
            vm.refresh();
            filter.requestFocus();
        });
    }

    private static TableView<LiveProcess> table(CaptureViewModel vm) {
        TableView<LiveProcess> table = new TableView<>(vm.shownProcesses());
        table.setId("processTable");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<LiveProcess, String> pid = column("PID", 70, p -> Long.toString(p.pid()));
        TableColumn<LiveProcess, String> user = column("User", 90, LiveProcess::user);
        TableColumn<LiveProcess, String> runtime = column("OpenMP runtime", 140, LiveProcess::runtimeText);
        TableColumn<LiveProcess, String> command = column("Command", 400, LiveProcess::command);
        table.getColumns().addAll(java.util.List.of(pid, user, runtime, command));
        Label empty = new Label();
        empty.textProperty().bind(Bindings.when(vm.listingProperty()).then("Reading /proc…")
                .otherwise(Bindings.when(vm.openMpOnlyProperty())
                        .then("No OpenMP program found — untick 'OpenMP programs only' to see every process")
                        .otherwise("No process matches the filter")));
        table.setPlaceholder(empty);
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> vm.select(now));
        return table;
    }

    private static TableColumn<LiveProcess, String> column(String title, double width,
                                                          java.util.function.Function<LiveProcess, String> text) {
        TableColumn<LiveProcess, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        return c;
    }
}
