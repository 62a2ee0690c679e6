package org.ompdexplorer.app.ui.stacks;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.value.ObservableDoubleValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.AccessibleRole;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polyline;
import javafx.scene.transform.Scale;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.graph.Rect;
import org.ompdexplorer.app.stacks.StacksPalette;
import org.ompdexplorer.app.stacks.StacksPicture;

/**
 * The Parallel Stacks view: every thread's call stack merged into one tree of boxes, outermost at the top, a box per
 * chain of frames the same threads share, with how many threads and which ({@code [3] T1-T3}). The threads that
 * share a whole path are a class, its box filled in the class's colour and labelled ({@code class B}); the classes are
 * listed under the picture. A click on a box or a class (or Enter/Space with the focus on it; Tab goes from box to
 * box) lists exactly those threads in the navigator. Boxes are nodes placed where the layout put them, scaled with the
 * presentation zoom; the export menu writes the same picture as SVG, PNG or DOT.
 */
public final class ParallelStacksView extends BorderPane {
    public static final String ID = "parallelStacks";
    static final PseudoClass CHOSEN = PseudoClass.getPseudoClass("chosen");
    static final String BLOCK = "stacks-block";

    private final ParallelStacksViewModel vm;
    private final Pane content = new Pane();
    private final Scale scale = new Scale(1, 1);
    private final FlowPane classes = new FlowPane(14, 4);
    private final Label empty = new Label();
    private final ScrollPane scroll;
    private final List<Node> blocks = new ArrayList<>();

    /** @param export asks where to write the picture in a format, and writes it */
    public ParallelStacksView(ParallelStacksViewModel vm, ObservableDoubleValue presentationScale,
                              Consumer<GraphFormat> export) {
        this.vm = vm;
        setId(ID);
        getStyleClass().add("parallel-stacks");
        CheckBox fold = new CheckBox("Fold runtime frames");
        fold.setId("stacksFoldRuntime");
        fold.setTooltip(new Tooltip("Each run of the OpenMP runtime's frames as one line; off shows every frame"));
        fold.selectedProperty().bindBidirectional(vm.foldRuntimeProperty());
        Label status = new Label();
        status.setId("stacksStatus");
        status.getStyleClass().add("stacks-status");
        status.textProperty().bind(vm.statusProperty());
        MenuButton exportMenu = new MenuButton("Export");
        exportMenu.setId("stacksExport");
        for (GraphFormat f : List.of(GraphFormat.SVG, GraphFormat.PNG, GraphFormat.DOT)) {
            MenuItem item = new MenuItem(f.name() + "…");
            item.setId("stacksExport" + f.name());
            item.setOnAction(e -> export.accept(f));
            exportMenu.getItems().add(item);
        }
        exportMenu.disableProperty().bind(vm.pictureProperty().isNull());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(12, fold, status, spacer, exportMenu);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("stacks-bar");
        setTop(bar);
        content.getStyleClass().add("stacks-content");
        content.getTransforms().add(scale);
        scroll = new ScrollPane(new Group(content));
        scroll.setId("stacksScroll");
        scroll.getStyleClass().add("stacks-scroll");
        empty.setId("stacksEmpty");
        empty.getStyleClass().add("stacks-empty");
        empty.setWrapText(true);
        classes.setId("stacksClasses");
        classes.getStyleClass().add("stacks-classes");
        setScale(presentationScale.get());
        presentationScale.addListener((obs, old, now) -> setScale(now.doubleValue()));
        vm.pictureProperty().addListener((obs, old, now) -> show(now));
        vm.chosenProperty().addListener((obs, old, now) -> mark(now.intValue()));
        show(vm.pictureProperty().get());
    }

    private void setScale(double factor) {
        scale.setX(factor);
        scale.setY(factor);
    }

    private void show(StacksPicture picture) {
        content.getChildren().clear();
        blocks.clear();
        classes.getChildren().clear();
        if (picture == null || picture.isEmpty()) {
            empty.setText(picture == null ? "Laying out the stacks…" : "This snapshot has no call stacks: "
                    + "snapshots of format 1.3 have them (import-core and the capture agent record every thread's "
                    + "stack).");
            setCenter(empty);
            setBottom(null);
            return;
        }
        for (StacksPicture.Edge e : picture.edges()) {
            Polyline line = new Polyline(e.points());
            line.getStyleClass().add("stacks-edge");
            content.getChildren().add(line);
        }
        for (StacksPicture.Block b : picture.blocks()) {
            Node node = block(b);
            blocks.add(node);
            content.getChildren().add(node);
        }
        content.setPrefSize(picture.width(), picture.height());
        for (StacksPicture.StackClass c : picture.classes()) {
            classes.getChildren().add(classLink(c));
        }
        setCenter(scroll);
        setBottom(classes);
    }

    private Node block(StacksPicture.Block b) {
        Label heading = new Label(b.heading());
        heading.getStyleClass().add("stacks-heading");
        VBox box = new VBox(heading);
        for (int i = 0; i < b.frames().size(); i++) {
            Label frame = new Label(b.frames().get(i));
            frame.getStyleClass().add("stacks-frame");
            if (b.runtime().get(i)) {
                frame.getStyleClass().add("stacks-runtime");
            }
            box.getChildren().add(frame);
        }
        if (!b.ending().isEmpty()) {
            Label ending = new Label(b.ending());
            ending.getStyleClass().addAll("stacks-frame", "stacks-runtime");
            box.getChildren().add(ending);
        }
        box.setId("stacksBlock" + b.index());
        box.getStyleClass().add(BLOCK);
        if (b.stackClass() >= 0) {
            box.getStyleClass().add("stacks-class-" + b.stackClass() % StacksPalette.CLASSES);
        }
        Rect r = b.bounds();
        box.relocate(r.x(), r.y());
        box.setMinSize(r.w(), r.h());
        box.setPrefSize(r.w(), r.h());
        box.setMaxSize(r.w(), r.h());
        box.setFocusTraversable(true);
        box.setAccessibleRole(AccessibleRole.BUTTON);
        box.setAccessibleText(b.text());
        Tooltip.install(box, new Tooltip(b.text() + "\n\nClick (or Enter) to list these threads in the navigator"));
        box.setOnMouseClicked(e -> {
            box.requestFocus();
            vm.choose(b.index());
        });
        box.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.SPACE) {
                vm.choose(b.index());
                e.consume();
            }
        });
        // the focused box stays in sight when Tab reaches it
        box.focusedProperty().addListener((obs, was, now) -> {
            if (now) {
                reveal(box);
            }
        });
        return box;
    }

    private Node classLink(StacksPicture.StackClass c) {
        Region swatch = new Region();
        swatch.getStyleClass().addAll("stacks-swatch", "stacks-class-" + c.index() % StacksPalette.CLASSES);
        Hyperlink link = new Hyperlink("class " + c.label() + "  [" + c.threads().size() + "] "
                + org.ompdexplorer.model.IdRanges.format(c.threads().stream()
                .map(org.ompdexplorer.model.ThreadId::value).toList(), "T") + " · " + c.where());
        link.setId("stacksClass" + c.label());
        link.setTooltip(new Tooltip("List these threads in the navigator: their stacks are the same, frame by frame"));
        link.setOnAction(e -> {
            link.setVisited(false);
            vm.chooseClass(c.index());
        });
        HBox row = new HBox(6, swatch, link);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private void mark(int chosen) {
        for (int i = 0; i < blocks.size(); i++) {
            blocks.get(i).pseudoClassStateChanged(CHOSEN, i == chosen);
        }
        if (chosen >= 0 && chosen < blocks.size()) {
            reveal(blocks.get(chosen));
        }
    }

    private void reveal(Node node) {
        javafx.geometry.Bounds b = node.getBoundsInParent();
        double w = content.getBoundsInParent().getWidth();
        double h = content.getBoundsInParent().getHeight();
        double vw = scroll.getViewportBounds().getWidth();
        double vh = scroll.getViewportBounds().getHeight();
        double s = scale.getX();
        if (w > vw) {
            scroll.setHvalue(Math.max(0, Math.min(1, (b.getMinX() * s - vw / 3) / (w - vw))));
        }
        if (h > vh) {
            scroll.setVvalue(Math.max(0, Math.min(1, (b.getMinY() * s - vh / 3) / (h - vh))));
        }
    }
}
