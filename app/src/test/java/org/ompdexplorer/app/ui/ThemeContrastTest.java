package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * WCAG 2.1 contrast of the theme tokens, read from colors.css, for every pair of text and background the
 * stylesheets put together: 4.5:1 for text (AA), 3:1 for a control's fill against the text on it and the pane
 * around it. {@code docs/ui.md} lists the ratios this prints.
 */
class ThemeContrastTest {
    /** text token, background token, the least ratio, where the pair is used */
    private static final List<String[]> PAIRS = List.of(
            new String[] {"fg-default", "bg-default", "4.5", "body text"},
            new String[] {"fg-default", "bg-subtle", "4.5", "status bar, toolbar"},
            new String[] {"fg-default", "bg-inset", "4.5", "tables, text fields"},
            new String[] {"fg-default", "selection-muted", "4.5", "selected navigator row"},
            new String[] {"fg-default", "danger-subtle", "4.5", "problem banner message"},
            new String[] {"fg-muted", "bg-default", "4.5", "secondary text, subtitles"},
            new String[] {"fg-muted", "bg-subtle", "4.5", "status bar text, grouping switch"},
            new String[] {"fg-muted", "neutral-subtle", "4.5", "count badges"},
            new String[] {"accent-fg", "bg-default", "4.5", "links"},
            new String[] {"accent-fg", "accent-subtle", "4.5", "kind badges"},
            new String[] {"danger-fg", "danger-subtle", "4.5", "problem title"},
            new String[] {"danger-fg", "bg-default", "4.5", "dialog problems"},
            new String[] {"warning-fg", "warning-subtle", "4.5", "unavailable badges"},
            new String[] {"warning-fg", "bg-default", "4.5", "unavailable values"},
            new String[] {"success-fg", "success-subtle", "4.5", "state badges"},
            new String[] {"done-fg", "done-subtle", "4.5", "lifecycle badges"},
            new String[] {"life-queued-fg", "life-queued-subtle", "4.5", "queued badge"},
            new String[] {"life-blocked-fg", "life-blocked-subtle", "4.5", "blocked on dependences badge"},
            new String[] {"life-running-fg", "life-running-subtle", "4.5", "running badge"},
            new String[] {"life-suspended-fg", "life-suspended-subtle", "4.5", "suspended badge"},
            new String[] {"life-completed-fg", "life-completed-subtle", "4.5", "completed badge"},
            new String[] {"life-waiting-fg", "life-waiting-subtle", "4.5", "waiting at a taskwait badge"},
            new String[] {"life-detached-fg", "life-detached-subtle", "4.5", "detached badge"},
            new String[] {"life-blocked-fg", "bg-default", "4.5", "waits-for badge"},
            new String[] {"done-fg", "bg-default", "4.5", "≠ gen badge"},
            new String[] {"on-emphasis", "accent-emphasis", "4.5", "chosen grouping, selected row with the focus"},
            new String[] {"added-fg", "selection-muted", "4.5", "selected added row without the focus"},
            new String[] {"removed-fg", "selection-muted", "4.5", "selected removed row without the focus"},
            new String[] {"danger-fg", "bg-subtle", "4.5", "still blocked on the timeline"},
            new String[] {"added-fg", "bg-default", "4.5", "added row"},
            new String[] {"removed-fg", "bg-default", "4.5", "removed row"},
            new String[] {"fg-default", "stack-class-0-subtle", "4.5", "parallel stacks: class 0 box text"},
            new String[] {"fg-default", "stack-class-1-subtle", "4.5", "parallel stacks: class 1 box text"},
            new String[] {"fg-default", "stack-class-2-subtle", "4.5", "parallel stacks: class 2 box text"},
            new String[] {"fg-default", "stack-class-3-subtle", "4.5", "parallel stacks: class 3 box text"},
            new String[] {"fg-default", "stack-class-4-subtle", "4.5", "parallel stacks: class 4 box text"},
            new String[] {"fg-default", "stack-class-5-subtle", "4.5", "parallel stacks: class 5 box text"},
            new String[] {"stack-class-0-fg", "bg-default", "3", "parallel stacks: class 0 box outline"},
            new String[] {"stack-class-1-fg", "bg-default", "3", "parallel stacks: class 1 box outline"},
            new String[] {"stack-class-2-fg", "bg-default", "3", "parallel stacks: class 2 box outline"},
            new String[] {"stack-class-3-fg", "bg-default", "3", "parallel stacks: class 3 box outline"},
            new String[] {"stack-class-4-fg", "bg-default", "3", "parallel stacks: class 4 box outline"},
            new String[] {"stack-class-5-fg", "bg-default", "3", "parallel stacks: class 5 box outline"},
            new String[] {"fg-default", "warning-subtle", "4.5", "source view: the frame's line"},
            new String[] {"fg-subtle", "bg-inset", "3", "placeholder (prompt) text"},
            new String[] {"accent-emphasis", "bg-default", "3", "chosen grouping against the pane"});

    @Test
    void everyPairMeetsWcagAaInBothThemes() throws IOException {
        String css;
        try (InputStream in = Theme.class.getResourceAsStream("colors.css")) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int dark = css.indexOf(".root.theme-dark {");
        Map<String, String> light = tokens(css.substring(0, dark));
        Map<String, String> darkTokens = new LinkedHashMap<>(light);
        darkTokens.putAll(tokens(css.substring(dark)));
        StringBuilder table = new StringBuilder("| text | on | where | light | dark | needed |\n|---|---|---|---:|---:|---:|\n");
        for (String[] p : PAIRS) {
            double needed = Double.parseDouble(p[2]);
            double l = ratio(light.get(p[0]), light.get(p[1]));
            double d = ratio(darkTokens.get(p[0]), darkTokens.get(p[1]));
            table.append(String.format(Locale.ROOT, "| `-color-%s` | `-color-%s` | %s | %.1f | %.1f | %s |%n",
                    p[0], p[1], p[3], l, d, p[2]));
            assertThat(l).as("light: %s on %s (%s)", p[0], p[1], p[3]).isGreaterThanOrEqualTo(needed);
            assertThat(d).as("dark: %s on %s (%s)", p[0], p[1], p[3]).isGreaterThanOrEqualTo(needed);
        }
        System.out.print(table);
    }

    private static Map<String, String> tokens(String block) {
        Map<String, String> tokens = new LinkedHashMap<>();
        Matcher m = Pattern.compile("-color-([a-z0-9-]+):\\s*(#[0-9a-fA-F]{6})").matcher(block);
        while (m.find()) {
            tokens.put(m.group(1), m.group(2));
        }
        return tokens;
    }

    /** WCAG 2.1 contrast ratio of two sRGB colors. */
    static double ratio(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            c[i] = v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }
}
