package org.ompdexplorer.app.ui.source;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.ompdexplorer.app.ui.ompd.PathChooser;
import org.ompdexplorer.model.callstack.CallFrame;

/**
 * A frame's source file at its line: the lines in a virtualized list, numbered, the frame's line highlighted and
 * scrolled to the middle with its neighbours around it. A file that is missing, too large or not text is said in
 * one line, a missing one with <em>Locate…</em> (a file chooser that records a path substitution). <em>Path
 * substitutions…</em> edits the rules, one {@code FROM TO} a line as gdb's {@code set substitute-path} takes them.
 */
public final class SourceView extends BorderPane {
    public static final String ID = "sourceView";
    static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");

    private final SourceViewModel vm;
    private final PathChooser chooser;
    private final Consumer<Dialog<?>> showDialog;
    private final Label heading = new Label();
    private final Label message = new Label();
    private final Button locate = new Button("Locate…");
    private final ListView<String> lines = new ListView<>();
    private final VBox notShown;

    /** @param showDialog shows a dialog over the window, in its theme */
    public SourceView(SourceViewModel vm, PathChooser chooser, Consumer<Dialog<?>> showDialog) {
        this.vm = vm;
        this.chooser = chooser;
        this.showDialog = showDialog;
        setId(ID);
        getStyleClass().add("source-view");
        heading.setId("sourceHeading");
        heading.getStyleClass().add("source-heading");
        heading.setWrapText(true);
        Button substitutions = new Button("Path substitutions…");
        substitutions.setId("sourceSubstitutions");
        substitutions.setTooltip(new Tooltip("Where to find source files built elsewhere: FROM TO a line, as gdb's "
                + "set substitute-path"));
        substitutions.setOnAction(e -> editSubstitutions());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, heading, spacer, substitutions);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("source-bar");
        setTop(bar);
        lines.setId("sourceLines");
        lines.getStyleClass().add("source-lines");
        lines.setCellFactory(l -> new LineCell());
        message.setId("sourceMessage");
        message.getStyleClass().add("source-message");
        message.setWrapText(true);
        locate.setId("sourceLocate");
        locate.setTooltip(new Tooltip("Point at the file on this machine; a path substitution is recorded for the"
                + " program's other files"));
        locate.setOnAction(e -> locate());
        notShown = new VBox(10, message, locate);
        notShown.getStyleClass().add("source-not-shown");
        vm.textProperty().addListener((obs, old, now) -> show(now));
        vm.loadingProperty().addListener((obs, old, now) -> show(vm.textProperty().get()));
        show(vm.textProperty().get());
    }

    private void show(SourceText text) {
        CallFrame frame = vm.frameProperty().get();
        if (frame == null) {
            heading.setText("No source shown");
            notice("Follow a frame of a call stack (a thread's page) to see its source here.", false);
            return;
        }
        String where = frame.sourcePosition().orElse(frame.file());
        if (text == null) {
            heading.setText(where);
            notice(vm.loadingProperty().get() ? "Reading " + frame.file() + "…" : "", false);
            return;
        }
        switch (text) {
            case SourceText.Found found -> {
                heading.setText(where + " — " + found.message());
                lines.getItems().setAll(found.lines());
                setCenter(lines);
                int at = Math.max(0, Math.min(found.line(), found.lines().size()) - 1);
                if (found.line() > 0) {
                    lines.getSelectionModel().clearAndSelect(at);
                }
                lines.scrollTo(Math.max(0, at - 8)); // the line with its neighbours above it
            }
            case SourceText.NotFound missing -> {
                heading.setText(where);
                notice(missing.message() + (missing.tried().isEmpty() ? "" : "\nLooked in: " + String.join(", ",
                        missing.tried().stream().map(Path::toString).toList())) + "\nLocate… points at it, or add a"
                        + " path substitution (the program was built elsewhere).", true);
            }
            default -> {
                heading.setText(where);
                notice(text.message(), text instanceof SourceText.Binary);
            }
        }
    }

    private void notice(String text, boolean canLocate) {
        message.setText(text);
        locate.setVisible(canLocate);
        locate.setManaged(canLocate);
        setCenter(notShown);
    }

    private void locate() {
        CallFrame frame = vm.frameProperty().get();
        if (frame == null) {
            return;
        }
        Optional<Path> chosen = chooser.chooseFile(getScene() == null ? null : getScene().getWindow(),
                "Locate " + Path.of(frame.file()).getFileName(), Optional.empty());
        chosen.ifPresent(vm::pointAt);
    }

    private void editSubstitutions() {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle("Path substitutions");
        dialog.setHeaderText("Where to find source files built elsewhere: one FROM TO a line, as gdb's\n"
                + "set substitute-path (a path starting with FROM is read from TO; \".\" as FROM: relative paths)");
        TextArea text = new TextArea(vm.substitutionsProperty().get().format());
        text.setId("substitutionsText");
        text.setPromptText("/build/prog /home/me/src/prog");
        text.setPrefRowCount(6);
        text.setPrefColumnCount(60);
        dialog.getDialogPane().setContent(text);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setOnHidden(e -> {
            if (dialog.getResult() == ButtonType.OK) {
                List<String> problems = vm.setSubstitutions(text.getText());
                if (!problems.isEmpty()) {
                    notice(String.join("\n", problems), false);
                }
            }
        });
        showDialog.accept(dialog);
    }

    /** A line with its number; the frame's line marked (a pseudo-class, and "▶" so it is not colour alone). */
    private final class LineCell extends ListCell<String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            SourceText text = vm.textProperty().get();
            boolean current = !empty && text != null && getIndex() + 1 == text.line();
            pseudoClassStateChanged(CURRENT, current);
            setText(empty || item == null ? null : String.format("%s%5d  %s", current ? "▶" : " ", getIndex() + 1,
                    item.replace("\t", "    ")));
        }
    }
}
