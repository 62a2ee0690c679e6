package org.ompdexplorer.app.ui.legend;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The legend: for each section, each mark drawn in the light and the dark theme side by side (each column carries
 * its theme's tokens, whatever the window's theme), its name and its meaning.
 */
public final class LegendView extends ScrollPane {
    public static final String ID = "legend";

    public LegendView(List<LegendSection> sections) {
        setId(ID);
        getStyleClass().add("legend");
        VBox content = new VBox(16);
        content.getStyleClass().add("legend-content");
        for (int s = 0; s < sections.size(); s++) {
            content.getChildren().add(section(sections.get(s), s));
        }
        setContent(content);
        setFitToWidth(true);
    }

    private static Node section(LegendSection section, int index) {
        Label title = new Label(section.title());
        title.getStyleClass().add("section-title");
        GridPane grid = new GridPane();
        grid.setId("legendSection" + index);
        grid.getStyleClass().add("legend-grid");
        grid.setHgap(12);
        grid.setVgap(6);
        // swatches keep their whole width; the name (whole, bold) stands above its meaning, which wraps in the rest
        // of the width: nothing is cut or pushed past the window's edge (names collapsed to "…" before)
        ColumnConstraints text = new ColumnConstraints();
        text.setHgrow(Priority.ALWAYS);
        text.setMinWidth(200);
        grid.getColumnConstraints().addAll(whole(), whole(), text);
        grid.addRow(0, header("light"), header("dark"), header("name and meaning"));
        for (int i = 0; i < section.entries().size(); i++) {
            LegendEntry e = section.entries().get(i);
            Label name = new Label(e.name());
            name.getStyleClass().add("legend-name");
            name.setWrapText(true);
            name.setMinHeight(Region.USE_PREF_SIZE);
            Label meaning = new Label(e.meaning());
            meaning.getStyleClass().add("legend-meaning");
            meaning.setWrapText(true);
            meaning.setMinHeight(Region.USE_PREF_SIZE);
            VBox words = new VBox(2, name, meaning);
            grid.addRow(i + 1, themed(e, false), themed(e, true), words);
        }
        return new VBox(6, title, grid);
    }

    private static ColumnConstraints whole() {
        ColumnConstraints c = new ColumnConstraints();
        c.setMinWidth(Region.USE_PREF_SIZE);
        c.setHgrow(Priority.NEVER);
        return c;
    }

    private static Label header(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("legend-header");
        return l;
    }

    /** The swatch on a background in one theme's tokens: a node with the root class takes the theme's tokens. */
    private static Node themed(LegendEntry entry, boolean dark) {
        Node swatch = entry.swatch().get();
        if (swatch instanceof Region r) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox box = new HBox(swatch);
        box.setMinWidth(Region.USE_PREF_SIZE);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().addAll("root", "legend-swatch");
        if (dark) {
            box.getStyleClass().add(org.ompdexplorer.app.ui.Theme.DARK_CLASS);
        }
        return box;
    }
}
