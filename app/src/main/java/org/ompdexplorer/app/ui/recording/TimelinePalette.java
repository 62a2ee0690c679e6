package org.ompdexplorer.app.ui.recording;

import java.util.EnumMap;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Background;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import org.ompdexplorer.model.recording.LaneKind;

/**
 * The timeline's colours and font, from the stylesheet: one invisible swatch a colour, styled by recording.css with
 * the theme's tokens, read when drawing — so both themes, and a theme switched while shown, need no colour in Java.
 * The font's size is the em every length of the timeline is measured in (the window's presentation zoom sets it).
 */
final class TimelinePalette {
    static final String SWATCH_CLASS = "recording-swatch";
    private final Map<LaneKind, Region> kinds = new EnumMap<>(LaneKind.class);
    private final Region background = swatch("background");
    private final Region laneAlternate = swatch("lane-alternate");
    private final Region grid = swatch("grid");
    private final Region cursor = swatch("cursor");
    private final Region outline = swatch("outline");
    private final Region selected = swatch("selected");
    private final Region incomplete = swatch("incomplete");
    private final Label text = new Label();
    private final Label muted = new Label();

    TimelinePalette() {
        for (LaneKind k : LaneKind.values()) {
            kinds.put(k, swatch(k.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')));
        }
        text.getStyleClass().add("recording-lane-label");
        muted.getStyleClass().add("recording-axis-label");
        for (Label l : new Label[]{text, muted}) {
            l.setManaged(false);
            l.setMouseTransparent(true);
            l.setOpacity(0);
        }
    }

    private static Region swatch(String name) {
        Region r = new Region();
        r.getStyleClass().addAll(SWATCH_CLASS, SWATCH_CLASS + "-" + name);
        r.setManaged(false);
        r.setMouseTransparent(true);
        return r;
    }

    /** Puts the swatches into {@code parent} (size 0, unmanaged: styled, never seen) and calls {@code changed} when the stylesheet restyles them. */
    void install(Pane parent, Runnable changed) {
        for (Node n : nodes()) {
            parent.getChildren().add(n);
        }
        for (Region r : regions()) {
            r.backgroundProperty().addListener((obs, old, now) -> changed.run());
        }
        text.fontProperty().addListener((obs, old, now) -> changed.run());
    }

    private Node[] nodes() {
        Region[] rs = regions();
        Node[] out = new Node[rs.length + 2];
        System.arraycopy(rs, 0, out, 0, rs.length);
        out[rs.length] = text;
        out[rs.length + 1] = muted;
        return out;
    }

    private Region[] regions() {
        Region[] fixed = {background, laneAlternate, grid, cursor, outline, selected, incomplete};
        Region[] out = new Region[fixed.length + kinds.size()];
        System.arraycopy(fixed, 0, out, 0, fixed.length);
        int i = fixed.length;
        for (Region r : kinds.values()) {
            out[i++] = r;
        }
        return out;
    }

    private static Paint fill(Region r, Color otherwise) {
        Background b = r.getBackground();
        return b == null || b.getFills().isEmpty() ? otherwise : b.getFills().getFirst().getFill();
    }

    Paint kind(LaneKind k) {
        return fill(kinds.get(k), Color.GRAY);
    }

    Paint background() {
        return fill(background, Color.WHITE);
    }

    Paint laneAlternate() {
        return fill(laneAlternate, Color.WHITESMOKE);
    }

    Paint grid() {
        return fill(grid, Color.LIGHTGRAY);
    }

    Paint cursor() {
        return fill(cursor, Color.RED);
    }

    Paint outline() {
        return fill(outline, Color.DARKGRAY);
    }

    Paint selected() {
        return fill(selected, Color.BLUE);
    }

    Paint incomplete() {
        return fill(incomplete, Color.ORANGE);
    }

    Paint text() {
        return text.getTextFill();
    }

    Paint mutedText() {
        return muted.getTextFill();
    }

    Font font() {
        return text.getFont();
    }

    Font smallFont() {
        return muted.getFont();
    }

    /** One em in pixels: the lane label's font size. */
    double em() {
        return text.getFont().getSize();
    }
}
