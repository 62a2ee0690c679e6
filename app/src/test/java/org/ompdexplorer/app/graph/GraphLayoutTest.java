package org.ompdexplorer.app.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.NodeKind;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;
import org.w3c.dom.Document;

/** Layout with ELK and export: no two nodes overlap, every edge runs between its own nodes, files are well formed. */
class GraphLayoutTest {
    /** Every step of every bundled lesson, as {@code name/step}. */
    static Stream<String> lessons() {
        return BundledResources.lessons().stream().flatMap(l -> java.util.stream.IntStream.rangeClosed(1,
                l.steps().size()).mapToObj(i -> l.name() + "/" + i));
    }

    /** A lesson's step ({@code name/step}), or its first step ({@code name}). */
    static Snapshot lesson(String name) {
        String[] parts = name.split("/");
        int step = parts.length > 1 ? Integer.parseInt(parts[1]) : 1;
        try (InputStream in = BundledResources.openLessonStep(parts[0], step)) {
            return new SnapshotLoader().load(in, name, -1, LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SnapshotLoadException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void everyLessonLaysOutWithoutOverlapsAndWithEdgesBetweenTheirNodes(String name) {
        TaskGraph graph = TaskGraphBuilder.of(lesson(name), GraphScope.whole(), GraphOptions.DEFAULT);
        GraphLayout layout = GraphLayouter.layout(graph);
        assertLaidOut(layout);
    }

    @Test
    void aGeneratedSnapshotWithNestedRegionsLaysOutInsideItsGroups() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 300, 5));
        GraphLayout layout = GraphLayouter.layout(TaskGraphBuilder.of(s, GraphScope.whole(), GraphOptions.DEFAULT));
        assertLaidOut(layout);
        TaskGraph g = layout.graph();
        assertThat(g.groups()).isNotEmpty();
        for (int n = 0; n < g.nodes().size(); n++) {
            int group = g.nodes().get(n).group();
            if (group >= 0) {
                Rect box = layout.groups().get(group);
                Rect node = layout.nodes().get(n);
                assertThat(box.contains(node.x(), node.y()) && box.contains(node.maxX(), node.maxY()))
                        .as("node %d inside its region's box", n).isTrue();
            }
        }
        for (var group : g.groups()) {
            if (group.parent() >= 0) {
                Rect inner = layout.groups().get(group.index());
                Rect outer = layout.groups().get(group.parent());
                assertThat(outer.contains(inner.x(), inner.y()) && outer.contains(inner.maxX(), inner.maxY()))
                        .as("region box %d inside its enclosing one", group.index()).isTrue();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void everyLessonLaysOutInThreadLanesWithoutOverlaps(String name) {
        GraphLayout layout = GraphLayouter.layout(TaskGraphBuilder.of(lesson(name), GraphScope.whole(),
                GraphOptions.DEFAULT.withThreadLanes(true)));
        assertLaidOut(layout);
        for (int i = 0; i < layout.groups().size(); i++) {
            for (int j = i + 1; j < layout.groups().size(); j++) {
                assertThat(layout.groups().get(i).intersects(layout.groups().get(j))).as("lanes %d and %d", i, j)
                        .isFalse();
            }
        }
    }

    @Test
    void theWarmUpTheWindowRunsAtStartIsAProperLayout() {
        GraphLayout warm = GraphLayouter.warmUp();
        assertLaidOut(warm);
        assertThat(warm.graph().edges()).extracting(GraphEdge::kind).containsAll(java.util.EnumSet.allOf(
                org.ompdexplorer.model.graph.EdgeKind.class));
    }

    @Test
    void theSameGraphLaysOutTheSameWayTwice() {
        Snapshot s = lesson(BundledResources.DEFAULT_LESSON);
        TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), GraphOptions.DEFAULT);
        assertThat(GraphLayouter.layout(g).nodes()).isEqualTo(GraphLayouter.layout(g).nodes());
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void svgParsesWithANodeGroupPerNode(String name) throws Exception {
        GraphLayout layout = GraphLayouter.layout(TaskGraphBuilder.of(lesson(name), GraphScope.whole(),
                GraphOptions.DEFAULT));
        byte[] svg = GraphExport.render(layout, GraphFormat.SVG, GraphPalette.LIGHT, GraphPainter.Decorations.NONE);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        var groups = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
        int nodes = 0;
        int edges = 0;
        for (int i = 0; i < groups.getLength(); i++) {
            String cls = groups.item(i).getAttributes().getNamedItem("class").getNodeValue();
            nodes += cls.startsWith("node ") ? 1 : 0;
            edges += cls.startsWith("edge ") ? 1 : 0;
        }
        assertThat(nodes).isEqualTo(layout.graph().nodes().size());
        assertThat(edges).isEqualTo(layout.graph().edges().size());
    }

    @Test
    void pngIsAnImageOfTheGraphsSizeAndNotBlank() throws Exception {
        GraphLayout layout = GraphLayouter.layout(TaskGraphBuilder.of(lesson(BundledResources.DEFAULT_LESSON),
                GraphScope.whole(), GraphOptions.DEFAULT));
        byte[] png = GraphExport.render(layout, GraphFormat.PNG, GraphPalette.LIGHT, GraphPainter.Decorations.NONE);
        var image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image.getWidth()).isEqualTo((int) Math.ceil(layout.width() * 2));
        Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertThat(colours).as("distinct colours in the picture").hasSizeGreaterThan(10);
    }

    @Test
    void aPngOverTheLimitIsRefusedNeverDrawnSmaller() {
        TaskGraph one = new TaskGraph(List.of(new GraphNode(0, NodeKind.EXPLICIT, List.of(1L), 1, "task", "queued",
                -1, -1, List.of())), List.of(), List.of(), 1, false);
        GraphLayout fits = new GraphLayout(one, List.of(new Rect(16, 16, 100, 40)), List.of(), List.of(), 8192, 30);
        assertThat(GraphExport.render(fits, GraphFormat.PNG, GraphPalette.LIGHT, GraphPainter.Decorations.NONE))
                .startsWith(0x89, 'P', 'N', 'G');
        GraphLayout wide = new GraphLayout(one, List.of(new Rect(16, 16, 100, 40)), List.of(), List.of(), 9000.4, 30);
        assertThatThrownBy(() -> GraphExport.render(wide, GraphFormat.PNG, GraphPalette.LIGHT,
                GraphPainter.Decorations.NONE)).isInstanceOfSatisfying(PictureTooLargeException.class, e -> {
                    assertThat(e.width()).isEqualTo(18_001);
                    assertThat(e.height()).isEqualTo(60);
                    assertThat(e.getMessage()).isEqualTo("the graph is 9,001 × 30 px; its PNG, at 2 pixels a px, would "
                            + "be 18,001 × 60 pixels, over the 16,384 a PNG may have on a side");
                });
        // SVG has no such limit
        assertThat(new String(GraphExport.render(wide, GraphFormat.SVG, GraphPalette.LIGHT,
                GraphPainter.Decorations.NONE), java.nio.charset.StandardCharsets.UTF_8)).contains("width=\"9000.4\"");
    }

    @Test
    void aMergedEdgeIsLaidOutWithItsCountAndDrawnWithIt() throws Exception {
        List<GraphNode> nodes = List.of(
                new GraphNode(0, NodeKind.EXPLICIT, List.of(1L), 1, "task in main", "suspended", -1, -1, List.of()),
                new GraphNode(1, NodeKind.AGGREGATE, java.util.stream.LongStream.range(100, 199).boxed().toList(), 99,
                        "99 × produce", "queued", -1, -1, List.of()),
                new GraphNode(2, NodeKind.AGGREGATE, java.util.stream.LongStream.range(300, 399).boxed().toList(), 99,
                        "99 × consume", "blocked on dependences", -1, -1, List.of()));
        String label = "99 dependences · 97 inout→in, 2 out→in";
        TaskGraph g = new TaskGraph(nodes, List.of(new GraphEdge(0, 1, EdgeKind.GENERATING, "", 99),
                new GraphEdge(0, 2, EdgeKind.GENERATING, "", 99), new GraphEdge(1, 2, EdgeKind.DEPENDENCE, label, 99)),
                List.of(), 199, false);
        GraphLayout layout = GraphLayouter.layout(g);
        assertLaidOut(layout);
        Rect box = layout.edges().get(2).label();
        assertThat(box).as("the label has room of its own").isNotNull();
        assertThat(box.w()).isGreaterThanOrEqualTo(TextMetrics.width(label, EdgeStyle.LABEL_SIZE, false));
        String svg = new String(GraphExport.render(layout, GraphFormat.SVG, GraphPalette.LIGHT,
                GraphPainter.Decorations.NONE), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(svg).contains(">" + label + "</text>").contains("<title>dependence · 99 links</title>");
        assertThat(DotWriter.write(g, GraphPalette.LIGHT)).contains("label=\"" + label + "\"")
                .contains("tooltip=\"dependence · 99 links\"");
    }

    @Test
    void dotIsAcceptedByGraphvizWhenInstalled() throws Exception {
        TaskGraph g = TaskGraphBuilder.of(lesson("task-dependences/2"), GraphScope.whole(), GraphOptions.DEFAULT);
        String dot = DotWriter.write(g, GraphPalette.LIGHT);
        assertThat(dot).startsWith("digraph tasks {").contains("cluster_0").contains("->");
        assertThat(dot.lines().filter(l -> l.contains(" -> ")).count()).isEqualTo(g.edges().size());
        var dotTool = java.nio.file.Path.of("/usr/bin/dot");
        if (!java.nio.file.Files.isExecutable(dotTool)) {
            if (System.getenv("CI") != null) {
                throw new AssertionError("graphviz is installed in CI (.ci/run); /usr/bin/dot is missing");
            }
            System.out.println("GraphLayoutTest: DOT not checked by Graphviz; install it with apt-get install graphviz");
            return;
        }
        Process p = new ProcessBuilder(dotTool.toString(), "-Tsvg").redirectErrorStream(true).start();
        p.getOutputStream().write(dot.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).contains("<svg");
    }

    static void assertLaidOut(GraphLayout layout) {
        List<Rect> nodes = layout.nodes();
        assertThat(nodes).hasSize(layout.graph().nodes().size());
        for (int i = 0; i < nodes.size(); i++) {
            Rect a = nodes.get(i);
            assertThat(a.x()).isNotNegative();
            assertThat(a.maxX()).isLessThanOrEqualTo(layout.width());
            assertThat(a.maxY()).isLessThanOrEqualTo(layout.height());
            for (int j = i + 1; j < nodes.size(); j++) {
                assertThat(a.intersects(nodes.get(j))).as("nodes %d and %d overlap: %s %s", i, j, a, nodes.get(j))
                        .isFalse();
            }
        }
        for (int e = 0; e < layout.edges().size(); e++) {
            GraphEdge edge = layout.graph().edges().get(e);
            double[] xy = layout.edges().get(e).points();
            assertThat(xy.length).isGreaterThanOrEqualTo(4);
            assertThat(touches(nodes.get(edge.from()), xy[0], xy[1])).as("edge %s starts on its source %s at %s,%s",
                    edge, nodes.get(edge.from()), xy[0], xy[1]).isTrue();
            assertThat(touches(nodes.get(edge.to()), xy[xy.length - 2], xy[xy.length - 1]))
                    .as("edge %s ends on its target", edge).isTrue();
        }
    }

    private static boolean touches(Rect r, double x, double y) {
        return new Rect(r.x() - 1.5, r.y() - 1.5, r.w() + 3, r.h() + 3).contains(x, y);
    }
}
