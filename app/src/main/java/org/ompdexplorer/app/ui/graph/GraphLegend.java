package org.ompdexplorer.app.ui.graph;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.ompdexplorer.app.graph.EdgeStyle;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.model.graph.EdgeKind;

/** The graph's key, always in view under it: each kind of edge and each status colour, named by its key. */
final class GraphLegend {
    private GraphLegend() {
    }

    static FlowPane strip() {
        FlowPane box = new FlowPane(10, 2);
        box.setId("graphLegend");
        box.getStyleClass().add("graph-legend");
        box.setAlignment(Pos.CENTER_LEFT);
        for (EdgeKind kind : EdgeKind.values()) {
            EdgeStyle style = EdgeStyle.of(kind, GraphPalette.LIGHT);
            Line line = new Line(0, 0, 18, 0);
            line.getStyleClass().addAll("legend-edge", "legend-edge-" + kind.name().toLowerCase(java.util.Locale.ROOT));
            Label l = new Label(style.name(), line);
            l.setTooltip(new Tooltip(style.meaning()));
            box.getChildren().add(l);
        }
        for (String life : org.ompdexplorer.model.TaskStatus.KEYS) {
            Rectangle chip = new Rectangle(12, 10);
            chip.setArcWidth(4);
            chip.setArcHeight(4);
            chip.getStyleClass().addAll("legend-life", "legend-life-" + life);
            Label l = new Label(life, chip);
            box.getChildren().add(l);
        }
        box.getChildren().forEach(n -> {
            n.getStyleClass().add("legend-item");
            ((Label) n).setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        });
        return box;
    }
}
