package org.ompdexplorer.app.ui.details;

import java.util.function.Consumer;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Background;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.ompdexplorer.app.ui.entity.Target;

/** The details pane: the header of the selection and its sections; links navigate. */
public final class DetailsView extends BorderPane {
    public static final String ID = "details";
    public static final String STYLE_CLASS = "details";

    private final DetailsViewModel viewModel;
    private final Consumer<Target> navigate;
    private final Label kind = new Label();
    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final VBox header;
    private final VBox sections = new VBox(18);
    private final ScrollPane scroll = new ScrollPane(sections);

    public DetailsView(DetailsViewModel viewModel, Consumer<Target> navigate) {
        this.viewModel = viewModel;
        this.navigate = navigate;
        setId(ID);
        getStyleClass().add(STYLE_CLASS);
        kind.setId("detailsKind");
        kind.getStyleClass().add("details-kind");
        title.setId("detailsTitle");
        title.getStyleClass().add("details-title");
        // a long title or subtitle at a large zoom wraps rather than being cut
        title.setWrapText(true);
        subtitle.setWrapText(true);
        subtitle.setId("detailsSubtitle");
        subtitle.getStyleClass().add("details-subtitle");
        header = new VBox(2, kind, title, subtitle);
        header.getStyleClass().add("details-header");
        setTop(header);
        sections.setId("detailsSections");
        sections.getStyleClass().add("details-sections");
        scroll.setFitToWidth(true);
        // at least the viewport's height, so tables can grow into the room below them (SectionViews); never
        // squeezed below what the sections need, so a long page scrolls instead
        scroll.setFitToHeight(true);
        sections.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        scroll.getStyleClass().add("details-scroll");
        setCenter(scroll);
        // the focused control stays in sight, however it got the focus (Tab, a click, requestFocus)
        sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) {
                scene.focusOwnerProperty().addListener((o, was, now) -> reveal(now));
            }
        });
        viewModel.pageProperty().addListener((obs, old, now) -> show(now));
        show(viewModel.pageProperty().get());
    }

    /** Scrolls the page so that a focused node of it is in the viewport. */
    private void reveal(javafx.scene.Node node) {
        javafx.scene.Node n = node;
        while (n != null && n != sections) {
            n = n.getParent();
        }
        double content = sections.getHeight();
        double view = scroll.getViewportBounds().getHeight();
        if (n == null || content <= view) {
            return;
        }
        javafx.geometry.Bounds b = sections.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
        double top = scroll.getVvalue() * (content - view);
        if (b.getMinY() < top) {
            scroll.setVvalue(b.getMinY() / (content - view));
        } else if (b.getMaxY() > top + view) {
            scroll.setVvalue(Math.min(1, Math.min(b.getMinY(), b.getMaxY() - view) / (content - view)));
        }
    }

    private void show(DetailsPage page) {
        // Glyphs draw outside their text's bounds (an underscore below, a stem to the left), so the area repainted
        // for new header text could miss bits of the old text: a new background object repaints the whole header.
        header.setBackground(Background.fill(Color.TRANSPARENT));
        header.applyCss(); // the stylesheet's own background again, as a new object
        sections.getChildren().clear();
        if (page == null) {
            kind.setText("");
            title.setText("Nothing selected");
            subtitle.setText("Select an entry in the navigator.");
            return;
        }
        kind.setText(page.kind().toUpperCase(java.util.Locale.ROOT));
        title.setText(page.title());
        subtitle.setText(page.subtitle());
        subtitle.setVisible(!page.subtitle().isEmpty());
        subtitle.setManaged(!page.subtitle().isEmpty());
        for (Section section : page.sections()) {
            sections.getChildren().add(SectionViews.of(section, new Links(navigate, viewModel::filter,
                    viewModel::openSource, viewModel::showParallelStacks), viewModel.effectiveIcvsProperty(),
                    viewModel.explainShownProperty()));
        }
        scroll.setVvalue(0);
    }
}
