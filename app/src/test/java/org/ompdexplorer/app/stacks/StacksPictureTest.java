package org.ompdexplorer.app.stacks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.ui.StackSnapshots;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadId;

class StacksPictureTest {
    private final Snapshot snapshot = StackSnapshots.snapshot("/build/prog/prog.c");

    private List<ThreadId> threads(int... indexes) {
        return java.util.Arrays.stream(indexes).mapToObj(i -> snapshot.threads().get(i).id()).toList();
    }

    @Test
    void chainsSharedByTheSameThreadsAreOneBoxAndEachClassEndsInItsOwnBox() {
        StacksPicture p = StacksLayouter.of(snapshot, true);
        assertThat(p.threadCount()).isEqualTo(6);
        // the root: (runtime) shared by T1-T5, main by T0; then work under it, then the two classes
        assertThat(p.blocks()).extracting(StacksPicture.Block::heading).containsExactly(
                StacksLayouter.threads(new java.util.TreeSet<>(threads(0))) + "  · class C",
                StacksLayouter.threads(new java.util.TreeSet<>(threads(1, 2, 3, 4, 5))),
                StacksLayouter.threads(new java.util.TreeSet<>(threads(1, 2, 3))) + "  · class A",
                StacksLayouter.threads(new java.util.TreeSet<>(threads(4, 5))) + "  · class B");
        assertThat(p.blocks().getFirst().frames()).containsExactly("main (prog.c:5)",
                "(OpenMP runtime)", "work (prog.c:12)", "solve (prog.c:40)");
        assertThat(p.blocks().get(2).frames()).containsExactly("work (prog.c:14)", "(OpenMP runtime)");
        assertThat(p.blocks().get(2).runtime()).containsExactly(false, true);
        assertThat(p.classes()).extracting(StacksPicture.StackClass::label, c -> List.copyOf(c.threads()),
                StacksPicture.StackClass::block).containsExactly(
                org.assertj.core.groups.Tuple.tuple("A", threads(1, 2, 3), 2),
                org.assertj.core.groups.Tuple.tuple("B", threads(4, 5), 3),
                org.assertj.core.groups.Tuple.tuple("C", threads(0), 0));
        assertThat(p.edges()).extracting(StacksPicture.Edge::from, StacksPicture.Edge::to)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 2), org.assertj.core.groups.Tuple.tuple(1, 3));
        StacksPicture.Block parent = p.blocks().get(1);
        for (int child : List.of(2, 3)) {
            assertThat(p.blocks().get(child).bounds().y()).as("outermost at the top")
                    .isGreaterThan(parent.bounds().maxY());
        }
        assertThat(p.blocks().get(2).bounds().maxX()).as("siblings side by side")
                .isLessThan(p.blocks().get(3).bounds().x());
    }

    @Test
    void unfoldedEveryRuntimeFrameIsALineOfItsOwnMarkedRuntime() {
        StacksPicture p = StacksLayouter.of(snapshot, false);
        StacksPicture.Block barrier = p.blocks().stream().filter(b -> b.frames().contains("__kmpc_barrier"))
                .findFirst().orElseThrow();
        assertThat(barrier.frames()).endsWith("work (prog.c:14)", "__kmpc_barrier", "__kmp_wait");
        assertThat(barrier.runtime()).endsWith(false, true, true);
    }

    @Test
    void theDotAndSvgExportsHoldEveryBoxWithItsThreadsFramesAndClassColour() {
        StacksPicture p = StacksLayouter.of(snapshot, true);
        String dot = new String(StacksExport.render(p, GraphFormat.DOT, StacksPalette.LIGHT), StandardCharsets.UTF_8);
        String classA = StacksLayouter.threads(new java.util.TreeSet<>(threads(1, 2, 3)));
        assertThat(dot).startsWith("digraph stacks {\n")
                .contains("  b2 [label=\"" + classA + "  · class A\\lwork (prog.c:14)\\l(OpenMP runtime)"
                        + "\\l\", fillcolor=\"" + StacksPalette.LIGHT.classFill()[0] + "\", color=\""
                        + StacksPalette.LIGHT.classFg()[0] + "\", penwidth=2];\n")
                .contains("  b1 -> b2;\n", "  b1 -> b3;\n").endsWith("}\n");
        String svg = new String(StacksExport.render(p, GraphFormat.SVG, StacksPalette.DARK), StandardCharsets.UTF_8);
        assertThat(svg).startsWith("<?xml").contains("<rect width=\"100%\" height=\"100%\" fill=\"#0d1117\"/>")
                .contains("<g class=\"block\" id=\"b3\"><title>" + StacksLayouter.threads(new java.util.TreeSet<>(
                        threads(4, 5))) + "  · class B\nwork (prog.c:20)")
                .contains(">fixture_hold (prog.c:31)</text>")
                .contains("fill=\"" + StacksPalette.DARK.classFill()[1] + "\" stroke=\"" + StacksPalette.DARK.classFg()[1])
                .endsWith("</svg>\n");
        assertThat(svg.split("<g class=\"block\"", -1)).hasSize(p.blocks().size() + 1);
        byte[] png = StacksExport.render(p, GraphFormat.PNG, StacksPalette.LIGHT);
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void aSnapshotWithoutStacksIsAnEmptyPicture() {
        StacksPicture p = StacksLayouter.of(org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator.generate(
                new org.ompdexplorer.model.synthetic.GeneratorSpec(2, 1, 2, 1)), true);
        assertThat(p.isEmpty()).isTrue();
        assertThat(StacksExport.render(p, GraphFormat.SVG, StacksPalette.LIGHT)).isNotEmpty();
    }

    @Test
    void thePaletteHasTheValuesOfTheWindowsTokensInBothThemes() throws IOException {
        String css;
        try (InputStream in = org.ompdexplorer.app.ui.Theme.class.getResourceAsStream("colors.css")) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int dark = css.indexOf(".root.theme-dark {");
        for (var theme : Map.of(css.substring(0, dark), StacksPalette.LIGHT, css.substring(dark),
                StacksPalette.DARK).entrySet()) {
            for (int i = 0; i < StacksPalette.CLASSES; i++) {
                assertThat(token(theme.getKey(), "stack-class-" + i + "-fg")).isEqualTo(theme.getValue().classFg()[i]);
                assertThat(token(theme.getKey(), "stack-class-" + i + "-subtle"))
                        .isEqualTo(theme.getValue().classFill()[i]);
            }
            assertThat(token(theme.getKey(), "fg-default")).isEqualTo(theme.getValue().fg());
            assertThat(token(theme.getKey(), "bg-default")).isEqualTo(theme.getValue().background());
        }
    }

    private static String token(String block, String name) {
        Matcher m = Pattern.compile("-color-" + name + ":\\s*(#[0-9a-fA-F]{6})").matcher(block);
        assertThat(m.find()).as(name).isTrue();
        return m.group(1);
    }
}
