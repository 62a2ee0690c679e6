package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Shows a {@link StackSection}: each segment under its task's link, its frames innermost first with gdb's numbers;
 * the program's frames in the body text, the runtime's muted and marked; a fold of runtime frames is a button that
 * unfolds them in place (a click, or Space/Enter with the focus on it), the focus then on the first of them. A frame
 * whose file is known is a link that opens the source view at its line.
 */
final class StackSectionView {
    static final String SEGMENT = "stack-segment";
    static final String SEGMENT_TITLE = "stack-segment-title";
    static final String FRAME = "stack-frame";
    static final String RUNTIME = "stack-frame-runtime";
    static final String NUMBER = "stack-number";
    static final String FUNCTION = "stack-function";
    static final String WHERE = "stack-where";
    static final String BADGE = "stack-badge";
    static final String FOLD = "stack-fold";
    static final String PARTIAL = "stack-partial";

    private StackSectionView() {
    }

    static Node of(StackSection section, Links links) {
        VBox box = new VBox(6);
        box.setId(section.id());
        box.getStyleClass().add("stack-section");
        if (!section.partial().isEmpty()) {
            Label partial = new Label("Partial stack: " + section.partial());
            partial.setId("stackPartial");
            partial.getStyleClass().add(PARTIAL);
            partial.setWrapText(true);
            box.getChildren().add(partial);
        }
        Hyperlink merged = new Hyperlink("Parallel stacks: every thread's stack merged");
        merged.setId("stackParallelStacks");
        merged.setWrapText(true); // whole at 200 % in a narrow pane
        merged.setTooltip(new Tooltip("Show the Parallel Stacks view (View → Parallel Stacks)"));
        merged.setOnAction(e -> {
            merged.setVisited(false);
            links.parallelStacks().run();
        });
        box.getChildren().add(merged);
        for (int i = 0; i < section.segments().size(); i++) {
            box.getChildren().add(segment(section.segments().get(i), i, links));
        }
        return box;
    }

    private static Node segment(StackSection.Segment segment, int index, Links links) {
        Node title = ValueNodes.of(segment.task(), "segment" + index, links);
        title.getStyleClass().add(SEGMENT_TITLE);
        VBox rows = new VBox(2);
        rows.setId("segmentRows" + index);
        for (StackSection.Row row : segment.rows()) {
            rows.getChildren().add(switch (row) {
                case StackSection.Frame f -> frame(f, links);
                case StackSection.Fold f -> fold(f, rows, links);
            });
        }
        VBox box = new VBox(2, title, rows);
        box.getStyleClass().add(SEGMENT);
        return box;
    }

    private static Node fold(StackSection.Fold fold, VBox rows, Links links) {
        Button button = new Button("▸ " + fold.label());
        button.setId("fold-" + fold.frames().getFirst().number());
        button.getStyleClass().add(FOLD);
        button.setWrapText(true); // the runtime's names are long: wrapped whole in a narrow pane
        button.setTooltip(new Tooltip("Show these " + fold.frames().size() + " frames of the OpenMP runtime"));
        button.setOnAction(e -> {
            List<Node> frames = new ArrayList<>();
            fold.frames().forEach(f -> frames.add(frame(f, links)));
            int at = rows.getChildren().indexOf(button);
            rows.getChildren().remove(at);
            rows.getChildren().addAll(at, frames);
            focusable(frames.getFirst()).requestFocus();
        });
        return button;
    }

    /** The frame's link, or the row itself (focusable for the keyboard) when it has none. */
    private static Node focusable(Node row) {
        return row instanceof javafx.scene.layout.Pane h ? h.getChildren().stream().filter(n -> n instanceof Hyperlink).findFirst()
                .orElse(row) : row;
    }

    private static Node frame(StackSection.Frame f, Links links) {
        Label number = new Label("#" + f.number());
        number.getStyleClass().add(NUMBER);
        number.setMinWidth(Region.USE_PREF_SIZE);
        Node function;
        if (f.hasSource()) {
            Hyperlink link = new Hyperlink(f.function());
            link.setTooltip(new Tooltip("Open " + f.position() + " in the source view"));
            link.setOnAction(e -> {
                link.setVisited(false);
                links.source().accept(f.frame());
            });
            function = link;
        } else {
            Label label = new Label(f.function());
            label.setTooltip(new Tooltip(f.function() + " — no source file: the module has no debug information"
                    + " for it, or it was not symbolized"));
            function = label;
        }
        function.setId("frame-" + f.number());
        function.getStyleClass().add(FUNCTION);
        // a frame's parts flow onto the next line in a narrow pane or at a large zoom, and a name longer than the
        // pane wraps, rather than being cut (C++ and offload entry names run to 60 characters)
        FlowPane row = new FlowPane(8, 2, number, function);
        row.setAlignment(Pos.BASELINE_LEFT);
        row.setRowValignment(javafx.geometry.VPos.BASELINE);
        row.getStyleClass().add(FRAME);
        wrapWithin(row, (javafx.scene.control.Labeled) function);
        if (f.isRuntime()) {
            row.getStyleClass().add(RUNTIME);
        }
        if (!f.position().isEmpty()) {
            row.getChildren().add(wrapWithin(row, where(f.position())));
        }
        if (!f.module().isEmpty()) {
            row.getChildren().add(wrapWithin(row, where("[" + f.module() + "]")));
        }
        if (f.frame().inlined()) {
            row.getChildren().add(badge("inlined", "inlined into the frame below it, at the same address"));
        }
        if (f.isRuntime()) {
            row.getChildren().add(badge("runtime", "a frame of the OpenMP runtime"));
        }
        return row;
    }

    private static Label where(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(WHERE);
        return l;
    }

    /** {@code label} wraps, within the row's width, a text longer than a line. */
    private static <L extends javafx.scene.control.Labeled> L wrapWithin(FlowPane row, L label) {
        label.setWrapText(true);
        label.maxWidthProperty().bind(row.widthProperty());
        label.setMinWidth(0);
        label.prefWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> Math.min(
                label.getFont() == null ? Double.MAX_VALUE : textWidth(label), Math.max(0, row.getWidth())),
                row.widthProperty(), label.textProperty(), label.fontProperty()));
        return label;
    }

    private static double textWidth(javafx.scene.control.Labeled label) {
        javafx.scene.text.Text t = new javafx.scene.text.Text(label.getText());
        t.setFont(label.getFont());
        Insets pad = label.getPadding();
        return Math.ceil(t.getLayoutBounds().getWidth() + (pad == null ? 0 : pad.getLeft() + pad.getRight())) + 2;
    }

    private static Label badge(String text, String tip) {
        Label l = new Label(text);
        l.getStyleClass().add(BADGE);
        l.setTooltip(new Tooltip(tip));
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
