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
public final class ExplainView {
    static final String PANE_ID = "explainPane";
    static final String CHIP_CLASS = "spec-chip";

    private ExplainView() {
    }

    /** The pane for {@code section}; a mention calls {@code navigate}; {@code shown} is its fold, both ways. */
    public static Node of(Section.Explain section, Consumer<Target> navigate, BooleanProperty shown) {
        VBox sentences = new VBox(8);
        sentences.setId("explainSentences");
        sentences.getStyleClass().add("explain-sentences");
        java.util.Map<EntityRef, Integer> seen = new java.util.HashMap<>();
        for (int i = 0; i < section.sentences().size(); i++) {
            sentences.getChildren().add(sentence(section.sentences().get(i), i, navigate, seen));
        }
        TitledPane pane = new TitledPane(section.title(), sentences);
        pane.setId(PANE_ID);
        pane.getStyleClass().addAll("details-section", "explain-pane");
        pane.setExpanded(shown.get());
        pane.expandedProperty().addListener((obs, old, now) -> shown.set(now));
        // and the other way, weakly: the view model outlives every page's pane
        javafx.beans.value.ChangeListener<Boolean> follow = (obs, old, now) -> pane.setExpanded(now);
        pane.getProperties().put("explainFollow", follow);
        shown.addListener(new javafx.beans.value.WeakChangeListener<>(follow));
        pane.setAnimated(false);
        return pane;
    }

    private static Node sentence(Sentence sentence, int index, Consumer<Target> navigate,
                                 java.util.Map<EntityRef, Integer> seen) {
        TextFlow flow = new TextFlow();
        flow.getStyleClass().add("explain-sentence");
        for (Part part : sentence.parts()) {
            switch (part) {
                case Part.Text t -> {
                    Text text = new Text(t.text());
                    text.getStyleClass().add("explain-text");
                    flow.getChildren().add(text);
                }
                case Part.Mention m -> flow.getChildren().add(link(m, navigate, seen.merge(m.ref(), 1, Integer::sum)));
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

    /** A link; the first mention of an entity has the id {@code explainLink-task-3}, later ones a suffix. */
    private static Node link(Part.Mention mention, Consumer<Target> navigate, int occurrence) {
        EntityRef ref = mention.ref();
        Hyperlink link = new Hyperlink(mention.text());
        link.getStyleClass().addAll("value-link", "explain-link");
        link.setId("explainLink-" + new Target.Entity(ref).key().replace(':', '-')
                + (occurrence == 1 ? "" : "-" + occurrence));
        link.setOnAction(e -> navigate.accept(new Target.Entity(ref)));
        return link;
    }
}
