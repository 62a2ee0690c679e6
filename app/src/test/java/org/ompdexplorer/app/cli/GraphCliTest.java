package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/**
 * {@code ompd-explorer graph} in-process: formats by extension or option, scopes, refusals and their exit codes; a big
 * snapshot's picture within its bound, a PNG too large refused, links in a cycle drawn.
 */
class GraphCliTest extends InProcessCli {
    private Path lesson() throws Exception {
        Path file = dir.resolve("fib.json");
        try (var in = BundledResources.openLessonStep("fib-taskwait", 1)) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void theFormatComesFromTheExtensionAndEachFileIsWhatItSays() throws Exception {
        Path in = lesson();
        assertThat(run("graph", in.toString(), "-o", dir.resolve("g.svg").toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(dir.resolve("g.svg"))).startsWith("<?xml").contains("<svg")
                .contains("class=\"node explicit\" id=\"task-11\"");
        assertThat(run("graph", in.toString(), "-o", dir.resolve("g.png").toString())).isEqualTo(ExitCodes.OK);
        byte[] png = Files.readAllBytes(dir.resolve("g.png"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat(run("graph", in.toString(), "--format", "dot", "-o", dir.resolve("g.txt").toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(dir.resolve("g.txt"))).startsWith("digraph tasks {");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aTaskScopeDrawsTheTaskAndWhatItGenerated() throws Exception {
        Path in = lesson();
        assertThat(run("graph", in.toString(), "--task", "#7", "--format", "dot", "-o", "-")).isEqualTo(ExitCodes.OK);
        String dot = out.toString();
        assertThat(dot).contains("#7 task in fib", "#11 task in fib").doesNotContain("#5\\n", "initial task");
    }

    @Test
    void anUnknownRegionOrTaskOrFormatIsAUsageErrorNamingWhatThereIs() throws Exception {
        Path in = lesson();
        assertThat(run("graph", in.toString(), "--region", "P9", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no parallel region P9").contains("[P1, P2]");
        assertThat(run("graph", in.toString(), "--task", "999", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(run("graph", in.toString(), "--format", "gif", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(dir.resolve("x.svg")).doesNotExist();
    }

    /** The width and height an SVG says it has. */
    private static double[] svgSize(Path svg) throws Exception {
        String head = Files.readString(svg).lines().limit(3).collect(java.util.stream.Collectors.joining("\n"));
        var m = java.util.regex.Pattern.compile("<svg [^>]*width=\"([0-9.]+)\" height=\"([0-9.]+)\"").matcher(head);
        assertThat(m.find()).as(head).isTrue();
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
    }

    private static long count(Path svg, String cls) throws Exception {
        String text = Files.readString(svg);
        return java.util.regex.Pattern.compile("<g class=\"" + cls).matcher(text).results().count();
    }

    @Test
    void aBigSnapshotsGraphFitsEightThousandPixelsByDefault() throws Exception {
        Path big = dir.resolve("big.json");
        assertThat(run("generate", "--threads", "8", "--depth", "12", "--tasks", "50000", "-o", big.toString()))
                .isEqualTo(ExitCodes.OK);
        Path svg = dir.resolve("big.svg");
        assertThat(run("graph", big.toString(), "-o", svg.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
        double[] size = svgSize(svg);
        assertThat(size[0]).as("width").isLessThanOrEqualTo(8000);
        assertThat(size[1]).as("height").isLessThanOrEqualTo(8000);
        assertThat(count(svg, "node ")).isGreaterThan(20);
        assertThat(err.toString()).contains("50020 tasks drawn as ").contains("to fit 8,000 px a side")
                .contains("--max-nodes");
        // as a PNG too: twice its size, within the limit
        Path png = dir.resolve("big.png");
        assertThat(run("graph", big.toString(), "-o", png.toString())).isEqualTo(ExitCodes.OK);
        var image = javax.imageio.ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo((int) Math.ceil(size[0] * 2));
    }

    @Test
    void aPngOverTheLimitIsRefusedNamingItsSizeTheLimitAndTheFixNeverDrawnSmaller() throws Exception {
        Path big = dir.resolve("big.json");
        assertThat(run("generate", "--threads", "8", "--depth", "2", "--tasks", "20000", "-o", big.toString()))
                .isEqualTo(ExitCodes.OK);
        Path png = dir.resolve("g.png");
        err.getBuffer().setLength(0);
        assertThat(run("graph", big.toString(), "--max-nodes", "2000", "-o", png.toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(png).doesNotExist();
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString()).containsPattern("its PNG, at 2 pixels a px, would be [0-9,]+ × [0-9,]+ pixels, "
                        + "over the 16,384 a PNG may have on a side; nothing written to " + java.util.regex.Pattern
                        .quote(png.toString()))
                .contains("without --max-nodes 2000 the picture fits 8,000 px a side")
                .contains("--region P or --task ID").contains("-o " + dir.resolve("g.svg"));
        // what it suggests works
        assertThat(run("graph", big.toString(), "--max-nodes", "2000", "-o", dir.resolve("g.svg").toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(run("graph", big.toString(), "-o", png.toString())).isEqualTo(ExitCodes.OK);
    }

    @Test
    void aCycleOfSchedulingLinksThroughEveryTaskIsDrawnWithEdgesBoundedByTheNodes() throws Exception {
        Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, 5_000, 7));
        int first = 0;
        while (!generated.tasks().get(first).kind().equals(TaskKind.EXPLICIT)) {
            first++;
        }
        int start = first;
        int n = generated.tasks().size();
        Path ring = TestSnapshots.write(SnapshotEdits.scheduledOver(generated, p -> p + 1 < n ? p + 1 : start),
                dir.resolve("ring.json"));
        assertThat(run("validate", ring.toString())).isEqualTo(1); // the validator says so; the graph is drawn
        assertThat(out.toString()).contains("schedulingTask links form a cycle");
        for (String budget : new String[] {null, "500"}) {
            Path svg = dir.resolve("ring-" + budget + ".svg");
            String[] args = budget == null ? new String[] {"graph", ring.toString(), "-o", svg.toString()}
                    : new String[] {"graph", ring.toString(), "--max-nodes", budget, "-o", svg.toString()};
            assertThat(run(args)).isEqualTo(ExitCodes.OK);
            long nodes = count(svg, "node ");
            assertThat(count(svg, "edge scheduling")).isPositive().isLessThanOrEqualTo(nodes);
            assertThat(count(svg, "edge ")).isLessThanOrEqualTo(4 * nodes);
            if (budget == null) {
                assertThat(svgSize(svg)[0]).isLessThanOrEqualTo(8000);
                assertThat(svgSize(svg)[1]).isLessThanOrEqualTo(8000);
            }
        }
        assertThat(err.toString()).contains("links between tasks not drawn");
    }

    @Test
    void theInputIsNeverTheOutput() throws Exception {
        Path in = lesson();
        byte[] before = Files.readAllBytes(in);
        assertThat(run("graph", in.toString(), "--format", "svg", "-o", in.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(Files.readAllBytes(in)).isEqualTo(before);
    }
}
