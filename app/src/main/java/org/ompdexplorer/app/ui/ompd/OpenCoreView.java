package org.ompdexplorer.app.ui.ompd;

import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Open Core File dialog: one row per path with Browse…, two options, the first problem in the fields, and
 * the same import as a terminal command. Import starts the child and closes the dialog; progress and Cancel are
 * then in the window's status bar.
 */
public final class OpenCoreView extends Dialog<ButtonType> {
    public static final String ID = "openCoreDialog";
    public static final String RUN_ID = "runCoreImport";
    public static final ButtonType RUN = new ButtonType("Import", ButtonBar.ButtonData.OK_DONE);
    static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    public OpenCoreView(OpenCoreViewModel vm, PathChooser chooser) {
        setTitle("Open Core File");
        setHeaderText("Import a core file through the program's libompd, in a separate process");
        setResizable(true);
        DialogPane pane = getDialogPane();
        pane.setId(ID);
        pane.getStyleClass().add("core-dialog");
        pane.getButtonTypes().addAll(RUN, ButtonType.CANCEL);

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        ColumnConstraints grow = new ColumnConstraints();
        grow.setHgrow(Priority.ALWAYS);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // where the dialog is narrow, the fields give way
        grid.getColumnConstraints().addAll(labels, grow, new ColumnConstraints());
        int row = 0;
        for (CoreField f : CoreField.values()) {
            TextField field = new TextField();
            field.setId(fieldId(f));
            field.setPrefColumnCount(44);
            field.setPromptText(f.required() ? f.help() : "optional: " + f.help());
            field.setTooltip(new Tooltip(f.help() + (f.flag().isEmpty() ? "" : " (" + f.flag() + ")")));
            field.textProperty().bindBidirectional(vm.text(f));
            Runnable mark = () -> field.pseudoClassStateChanged(INVALID, vm.shownProblemsProperty().get().containsKey(f));
            vm.shownProblemsProperty().addListener((obs, old, now) -> mark.run());
            mark.run();
            Label label = new Label(f.label() + ":");
            label.setLabelFor(field);
            if (f.kind() == CoreField.Kind.URL_LIST) {
                grid.addRow(row++, label, field); // typed: there is nothing to browse for
            } else {
                grid.addRow(row++, label, field, new BrowseButton(fieldId(f) + "Browse", field, f.kind(),
                        "Choose the " + f.label().toLowerCase(Locale.ROOT), chooser));
            }
        }
        CheckBox sourceLines = new CheckBox(OpenCoreViewModel.SOURCE_LINES);
        sourceLines.setId("sourceLinesBox");
        sourceLines.selectedProperty().bindBidirectional(vm.sourceLinesProperty());
        CheckBox truncated = new CheckBox(OpenCoreViewModel.ACCEPT_TRUNCATED);
        truncated.setId("acceptTruncatedBox");
        truncated.selectedProperty().bindBidirectional(vm.acceptTruncatedProperty());
        grid.add(new VBox(4, sourceLines, truncated), 1, row++);

        Label problem = new Label();
        problem.setId("coreImportProblem");
        problem.getStyleClass().add("dialog-problem");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.firstProblemProperty());
        // the whole command, wrapped: four paths do not fit one line, and a cut command cannot be copied by eye
        TextArea command = new TextArea();
        command.setId("coreImportCommand");
        command.setEditable(false);
        command.setWrapText(true);
        command.setPrefRowCount(4); // core, executable, library path and libompd: a line each at the usual widths
        command.getStyleClass().add("dialog-command");
        command.textProperty().bind(vm.commandLineProperty());
        command.setTooltip(new Tooltip("The same import in a terminal"));
        Label same = new Label("In a terminal:");
        same.setLabelFor(command);
        Button copy = new Button("Copy");
        copy.setId("coreImportCommandCopy");
        copy.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        copy.setTooltip(new Tooltip("Copy the command to the clipboard"));
        copy.setOnAction(e -> javafx.scene.input.Clipboard.getSystemClipboard()
                .setContent(java.util.Map.of(javafx.scene.input.DataFormat.PLAIN_TEXT, command.getText())));
        javafx.scene.layout.GridPane.setValignment(same, javafx.geometry.VPos.TOP);
        javafx.scene.layout.GridPane.setValignment(copy, javafx.geometry.VPos.TOP);
        grid.addRow(row++, same, command, copy);
        grid.add(problem, 0, row, 3, 1);
        pane.setContent(grid);

        Button run = (Button) pane.lookupButton(RUN);
        run.setId(RUN_ID);
        run.disableProperty().bind(vm.canRunProperty().not());
        run.addEventFilter(ActionEvent.ACTION, e -> {
            if (!vm.run()) {
                e.consume(); // keeps the dialog open on what is wrong
            }
        });
    }

    /** The id of a field's text box, e.g. {@code coreField}, {@code solibSearchPathField}. */
    public static String fieldId(CoreField field) {
        String[] words = field.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder id = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            id.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return id.append("Field").toString();
    }
}
