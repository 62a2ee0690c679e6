package org.ompdexplorer.importers.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * A real agent snapshot of a program built with {@code -g} (native/creation_sites.c): its creation sites are
 * symbolized when the snapshot is read, to the line of each construct's pragma, as a core's task functions are;
 * a taskloop's tasks name the taskloop, not {@code __kmpc_taskloop}; a task made behind a tail call is marked
 * possibly inexact; without the program, or with another build of it, the agent's symbols stay and one warning
 * says which file and what to do.
 */
class AgentCreationSitesTest {
    private static final Path SOURCE = Path.of("src/test/resources/native/creation_sites.c").toAbsolutePath();
    @TempDir
    static Path dir;
    private static Path exe;
    private static Path snapshot;
    private static Map<String, Integer> lines;

    @BeforeAll
    static void capture() throws Exception {
        exe = AgentCaptures.compile(SOURCE, dir.resolve("creation_sites"), "-g", "-O2");
        // creation sites only: the threads' stacks (and the modules they bring) are AgentStacksLessonTest's
        List<Path> taken = AgentCaptures.capture(exe, dir.resolve("out"), Map.of("OMPD_EXPLORER_STACKS", "0"));
        assertThat(taken).hasSize(1);
        snapshot = taken.getFirst();
        lines = siteLines();
    }

    /** SITE:name → the line the marker is on. */
    private static Map<String, Integer> siteLines() throws IOException {
        List<String> text = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
        Map<String, Integer> found = new java.util.HashMap<>();
        for (int i = 0; i < text.size(); i++) {
            int at = text.get(i).indexOf("SITE:");
            if (at >= 0) {
                found.put(text.get(i).substring(at + 5).replace("*/", "").strip(), i + 1);
            }
        }
        return found;
    }

    private static LoadResult load(Path file) throws Exception {
        return new SnapshotLoader().load(file, LoadOptions.LENIENT, ProgressListener.NONE);
    }

    /** Each explicit task's creation site as "file-name:line", by task id. */
    private static Map<Long, CodeLocation> sites(Snapshot s) {
        return s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT) && t.creationSite().isKnown())
                .collect(Collectors.toMap(t -> t.id().value(), t -> t.creationSite().get()));
    }

    private static String at(CodeLocation c) {
        return c.file() == null ? "no file" : Path.of(c.file()).getFileName() + ":" + c.line();
    }

    @Test
    void creationSitesAreTheLinesOfTheirConstructs() throws Exception {
        LoadResult r = load(snapshot);
        assertThat(r.diagnostics()).as("a snapshot read where it was taken is clean").isEmpty();
        Snapshot s = r.snapshot();
        assertThat(s.modules()).singleElement().satisfies(m -> {
            assertThat(m.path()).isEqualTo(exe.toString());
            assertThat(m.buildId()).matches("[0-9a-f]{40}");
        });
        Map<String, Long> byLine = sites(s).values().stream()
                .collect(Collectors.groupingBy(AgentCreationSitesTest::at, Collectors.counting()));
        String file = "creation_sites.c:";
        assertThat(byLine).containsEntry(file + lines.get("busy"), 1L)
                .containsEntry(file + lines.get("taskloop"), 4L) // 16 iterations, grainsize 4
                .containsEntry(file + lines.get("spawn"), 3L)
                .containsEntry(file + lines.get("calls_tail"), 1L) // the caller's caller: see below
                .containsEntry(file + lines.get("main"), 1L)
                .hasSize(5);
        ParallelRegion region = s.parallelRegions().stream().filter(p -> p.creationSite().isKnown()).findFirst()
                .orElseThrow();
        assertThat(at(region.creationSite().get())).isEqualTo(file + lines.get("parallel"));
        for (CodeLocation c : sites(s).values()) {
            assertThat(s.modules().getFirst().contains(c.address())).isTrue();
            assertThat(c.symbol()).isIn("main.omp_outlined", "spawn");
        }
    }

    @Test
    void aTaskMadeBehindATailCallIsPossiblyInexact() throws Exception {
        Map<Boolean, List<String>> byExactness = sites(load(snapshot).snapshot()).values().stream()
                .collect(Collectors.partitioningBy(CodeLocation::possiblyInexact,
                        Collectors.mapping(AgentCreationSitesTest::at, Collectors.toList())));
        assertThat(byExactness.get(true)).containsExactly("creation_sites.c:" + lines.get("calls_tail"));
        assertThat(byExactness.get(false)).hasSize(9);
        // and the exact ones are calls known to reach the runtime through the PLT, not calls the decoder gave up on
        Snapshot s = load(snapshot).snapshot();
        long bias = s.modules().getFirst().loadBias();
        try (org.ompdexplorer.importers.elf.ElfFile file = org.ompdexplorer.importers.elf.ElfFile.open(exe)) {
            org.ompdexplorer.importers.elf.CallTargets calls = new org.ompdexplorer.importers.elf.CallTargets(file,
                    org.ompdexplorer.importers.elf.FunctionSymbols.of(file.symbols()));
            Map<ReturnAddresses.Verdict, Long> verdicts = sites(s).values().stream().collect(Collectors.groupingBy(
                    c -> ReturnAddresses.check(calls, c.address() - bias), Collectors.counting()));
            assertThat(verdicts).containsExactlyInAnyOrderEntriesOf(Map.of(ReturnAddresses.Verdict.RUNTIME_CALL, 9L,
                    ReturnAddresses.Verdict.OTHER_CALL, 1L));
        }
        CodeLocation inexact = sites(s).values().stream().filter(CodeLocation::possiblyInexact)
                .findFirst().orElseThrow();
        assertThat(inexact.display()).endsWith("(" + inexact.file() + ":" + lines.get("calls_tail")
                + ", possibly inexact)");
    }

    @Test
    void aMapAfterTheTasksOrWithoutItsAddressesGivesTheSameSites(@TempDir Path out) throws Exception {
        Map<Long, CodeLocation> expected = sites(load(snapshot).snapshot());
        List<String> lines = Files.readAllLines(snapshot, StandardCharsets.UTF_8);
        int at = java.util.stream.IntStream.range(0, lines.size()).filter(i -> lines.get(i).contains("\"modules\": ["))
                .findFirst().orElseThrow();
        // the agent writes the map on three lines: "modules": [, the module, ],
        List<String> map = List.copyOf(lines.subList(at, at + 3));
        List<String> rest = new java.util.ArrayList<>(lines);
        rest.subList(at, at + 3).clear();
        Path unlisted = out.resolve("unlisted.json");
        List<String> noAddresses = new java.util.ArrayList<>(lines);
        noAddresses.set(at + 1, lines.get(at + 1).replaceAll(",\"codeAddresses\": \\[[^]]*]", ""));
        assertThat(noAddresses.get(at + 1)).doesNotContain("codeAddresses");
        Files.write(unlisted, noAddresses);
        Path last = out.resolve("last.json");
        int end = rest.size() - 1; // the closing brace: the map goes before it
        rest.set(end - 1, rest.get(end - 1) + ",");
        rest.addAll(end, map.stream().map(l -> l.equals("  ],") ? "  ]" : l).toList());
        Files.write(last, rest);
        for (Path file : List.of(unlisted, last)) {
            LoadResult r = load(file);
            assertThat(r.diagnostics()).as(file.toString()).isEmpty();
            assertThat(sites(r.snapshot())).as(file.toString()).isEqualTo(expected);
        }
    }

    @Test
    void anExportKeepsTheSitesAndReadsBackTheSame(@TempDir Path out) throws Exception {
        Snapshot s = load(snapshot).snapshot();
        Path exported = out.resolve("export.json");
        new SnapshotJsonExporter().write(s, exported);
        String text = Files.readString(exported);
        assertThat(text).contains("\"version\": \"" + org.ompdexplorer.importers.json.SnapshotFormat.VERSION + "\"", "\"modules\": [", "\"possiblyInexact\":true");
        Snapshot back = load(exported).snapshot();
        assertThat(sites(back)).isEqualTo(sites(s));
        Path again = out.resolve("again.json");
        new SnapshotJsonExporter().write(back, again);
        assertThat(Files.readString(again)).isEqualTo(text);
    }

    @Test
    void withoutTheProgramTheAgentsSymbolsStayWithOneWarning(@TempDir Path out) throws Exception {
        Path moved = out.resolve("snapshot.json");
        Files.writeString(moved, Files.readString(snapshot).replace("\"path\": \"" + exe + "\"",
                "\"path\": \"" + out.resolve("gone/creation_sites") + "\""));
        LoadResult r = load(moved);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.code()).isEqualTo("module-not-found");
            assertThat(d.message()).contains(out.resolve("gone/creation_sites").toString(), "6 distinct code addresses");
            assertThat(d.fix()).contains("build-id " + r.snapshot().modules().getFirst().buildId());
            assertThat(d.location().line()).isGreaterThan(1);
            assertThat(d.location().path()).isEqualTo("$.modules[0]");
        });
        Map<Long, CodeLocation> sites = sites(r.snapshot());
        assertThat(sites.values()).allSatisfy(c -> {
            assertThat(c.file()).isNull();
            assertThat(c.symbol()).isIn("main.omp_outlined", "spawn");
            assertThat(c.possiblyInexact()).isFalse();
        });
    }

    @Test
    void anotherBuildOfTheProgramIsNotUsed(@TempDir Path out) throws Exception {
        Path other = AgentCaptures.compile(SOURCE, out.resolve("creation_sites"), "-g", "-O2", "-DANOTHER_BUILD");
        Path moved = out.resolve("snapshot.json");
        Files.writeString(moved, Files.readString(snapshot).replace("\"path\": \"" + exe + "\"",
                "\"path\": \"" + other + "\""));
        String id = load(snapshot).snapshot().modules().getFirst().buildId();
        LoadResult r = load(moved);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.code()).isEqualTo("module-mismatch");
            assertThat(d.message()).contains(other.toString(), "build-id " + id + " in the snapshot");
        });
        assertThat(sites(r.snapshot()).values()).allSatisfy(c -> assertThat(c.file()).isNull());
    }
}
