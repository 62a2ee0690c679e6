package org.ompdexplorer.app.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The canvas, SVG and PNG cannot read CSS: their palette must say what colors.css says, in both themes. */
class GraphPaletteTest {
    private static Map<String, String> tokens(boolean dark) throws IOException {
        String css;
        try (InputStream in = GraphPaletteTest.class.getResourceAsStream("/org/ompdexplorer/app/ui/colors.css")) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int darkStart = css.indexOf(".root.theme-dark {");
        Map<String, String> light = parse(css.substring(0, darkStart));
        Map<String, String> result = new HashMap<>(light);
        if (dark) {
            result.putAll(parse(css.substring(darkStart)));
        }
        return result;
    }

    private static Map<String, String> parse(String block) {
        Map<String, String> m = new HashMap<>();
        Matcher matcher = Pattern.compile("(-color-[a-z-]+):\\s*(#[0-9a-fA-F]{6})").matcher(block);
        while (matcher.find()) {
            m.put(matcher.group(1), matcher.group(2).toLowerCase(java.util.Locale.ROOT));
        }
        return m;
    }

    @Test
    void lifecycleAndMarkColoursAreTheStylesheetsTokensInBothThemes() throws IOException {
        check(GraphPalette.LIGHT, tokens(false));
        check(GraphPalette.DARK, tokens(true));
    }

    private static void check(GraphPalette p, Map<String, String> t) {
        String[] names = {"queued", "blocked", "running", "suspended", "completed", "waiting", "detached"};
        for (int i = 0; i < names.length; i++) {
            assertThat(p.lifeFg()[i]).as(names[i] + " fg").isEqualTo(t.get("-color-life-" + names[i] + "-fg"));
            assertThat(p.lifeFill()[i]).as(names[i] + " fill").isEqualTo(t.get("-color-life-" + names[i] + "-subtle"));
        }
        assertThat(p.background()).isEqualTo(t.get("-color-bg-default"));
        assertThat(p.fg()).isEqualTo(t.get("-color-fg-default"));
        assertThat(p.muted()).isEqualTo(t.get("-color-fg-muted"));
        assertThat(p.border()).isEqualTo(t.get("-color-border-default"));
        assertThat(p.groupFill()).isEqualTo(t.get("-color-bg-inset"));
        assertThat(p.accent()).isEqualTo(t.get("-color-accent-fg"));
        assertThat(p.scheduling()).isEqualTo(t.get("-color-accent-fg"));
        assertThat(p.dependence()).isEqualTo(t.get("-color-done-fg"));
        assertThat(p.waitsFor()).isEqualTo(t.get("-color-removed-fg"));
        assertThat(p.unknownFill()).isEqualTo(t.get("-color-bg-subtle"));
        assertThat(p.added()).isEqualTo(t.get("-color-added-fg"));
        assertThat(p.removed()).isEqualTo(t.get("-color-removed-fg"));
        assertThat(p.changed()).isEqualTo(t.get("-color-changed-fg"));
    }
}
