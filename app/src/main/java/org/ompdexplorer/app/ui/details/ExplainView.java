package org.ompdexplorer.app.ui.details;

import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.explain.Part;
import org.ompdexplorer.model.explain.Sentence;
import org.ompdexplorer.model.explain.SpecSection;

/**
 * The Explain pane: one paragraph per sentence, the entities it mentions as links, then a chip per OpenMP section
 * it refers to ("OpenMP 5.2 §12.5", its title and both versions' numbers in the tooltip). Folds away; the fold is
 * the view model's {@code explainShown}.
 */
final class ExplainView {
    static final String PANE_ID = "explainPane";
    static final String CHIP_CLASS = "spec-chip";

    private ExplainView() {
    }

    static Node of(Section.Explain section, Consumer<Target> navigate, BooleanProperty shown) {
        VBox sentences = new VBox(8);
        sentences.setId("explainSentences");
        sentences.getStyleClass().add("explain-sentences");
        for (int i = 0; i < section.sentences().size(); i++) {
            sentences.getChildren().add(sentence(section.sentences().get(i), i, navigate));
        }
        TitledPane pane = new TitledPane(section.title(), sentences);
        pane.setId(PANE_ID);
        pane.getStyleClass().addAll("details-section", "explain-pane");
        pane.setExpanded(shown.get());
        pane.expandedProperty().addListener((obs, old, now) -> shown.set(now));
        pane.setAnimated(false);
        return pane;
    }

    private static Node sentence(Sentence sentence, int index, Consumer<Target> navigate) {
        TextFlow flow = new TextFlow();
        flow.getStyleClass().add("explain-sentence");
        for (Part part : sentence.parts()) {
            switch (part) {
                case Part.Text t -> {
                    Text text = new Text(t.text());
                    text.getStyleClass().add("explain-text");
                    flow.getChildren().add(text);
                }
                case Part.Mention m -> flow.getChildren().add(link(m, navigate));
            }
        }
        FlowPane chips = new FlowPane(4, 2);
        chips.getStyleClass().add("explain-chips");
        for (SpecSection s : sentence.sections()) {
            Label chip = new Label(s.label());
            chip.getStyleClass().add(CHIP_CLASS);
            chip.setTooltip(new Tooltip(s.describe()));
            chip.setAccessibleText(s.label() + ", " + s.describe());
            chips.getChildren().add(chip);
        }
        VBox box = new VBox(2, flow, chips);
        box.setId("explainSentence" + index);
        box.getStyleClass().add("explain-item");
        return box;
    }

    private static Node link(Part.Mention mention, Consumer<Target> navigate) {
        EntityRef ref = mention.ref();
        Hyperlink link = new Hyperlink(mention.text());
        link.getStyleClass().addAll("value-link", "explain-link");
        link.setId("explainLink-" + new Target.Entity(ref).key().replace(':', '-'));
        link.setOnAction(e -> navigate.accept(new Target.Entity(ref)));
        return link;
    }
}
