package org.ompdexplorer.app.ui.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The canvas's view (issue 24 item 9): a graph that changes is fitted again unless the user zoomed or panned. */
class GraphViewportTest {
    private static GraphViewport fittedTo(double w, double h) {
        GraphViewport v = new GraphViewport();
        v.setViewSize(800, 600);
        v.setContent(w, h, false);
        return v;
    }

    @Test
    void aGraphThatGrowsIsFittedAgainWhenTheUserHasNotMovedTheView() {
        GraphViewport v = fittedTo(400, 300);
        assertThat(v.scale()).isEqualTo(1); // at most actual size
        assertThat(v.setContent(1600, 600, true)).as("the next step of a lesson, twice as wide").isTrue();
        assertThat(v.scale()).isCloseTo(0.5, within(1e-9));
        assertThat(v.view().w()).isGreaterThanOrEqualTo(1600);
    }

    @Test
    void aViewTheUserZoomedOrPannedStaysAcrossSteps() {
        GraphViewport v = fittedTo(400, 300);
        v.zoomAbout(2, 400, 300, true);
        assertThat(v.setContent(1600, 600, true)).isFalse();
        assertThat(v.scale()).isEqualTo(2);
        GraphViewport panned = fittedTo(400, 300);
        panned.pan(30, 0);
        double tx = panned.tx();
        assertThat(panned.setContent(1600, 600, true)).isFalse();
        assertThat(panned.tx()).isEqualTo(tx);
        panned.fit(); // "Fit" (F) makes it the fit's view again: the next change is fitted
        assertThat(panned.setContent(2400, 600, true)).isTrue();
        assertThat(panned.scale()).isCloseTo(1 / 3.0, within(1e-9));
    }

    @Test
    void anotherSnapshotIsAlwaysFittedAndThePresentationZoomBoundsTheFit() {
        GraphViewport v = fittedTo(400, 300);
        v.zoomAbout(3, 0, 0, true);
        assertThat(v.setContent(400, 300, false)).isTrue();
        assertThat(v.scale()).isEqualTo(1);
        v.setPresentationScale(2); // 200 %: the fitted graph's text is twice as large
        assertThat(v.scale()).isEqualTo(2);
        assertThat(v.isFitted()).isTrue();
        assertThat(v.setContent(1600, 1200, true)).isTrue();
        assertThat(v.scale()).isEqualTo(0.5);
    }

    /**
     * The walk (issue 24 item 11): at 200 % in a 900 px high window the canvas is some 60–100 px high, and a lesson's
     * graph fitted whole was 7–27 %, where no text is drawn. A fit never goes below the text scale: the top of the
     * graph, centred, readable, and the rest scrolls; the user may still zoom out past it.
     */
    @Test
    void aFitNeverShowsTheGraphBelowTheScaleItsTextIsDrawnAt() {
        GraphViewport v = new GraphViewport();
        v.setViewSize(1200, 80);
        v.setPresentationScale(2);
        v.setContent(900, 600, false);
        assertThat(v.scale()).isEqualTo(GraphViewport.READABLE_SCALE);
        assertThat(v.ty()).as("the top, where the root is").isZero();
        assertThat(v.tx()).as("centred").isCloseTo((1200 - 900 * GraphViewport.READABLE_SCALE) / 2, within(1e-9));
        v.zoomAbout(0.1, 600, 40, true);
        assertThat(v.scale()).as("zoomed out by the user").isLessThan(GraphViewport.READABLE_SCALE);
        assertThat(GraphViewport.fitScale(900, 600, 1200, 80, 0.25))
                .as("a presentation zoom below the text scale bounds the fit").isEqualTo(0.25);
    }
}
