package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.InvalidSnapshotException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.resources.BundledResources;

/** Every kind of bad input gives a located diagnostic or a typed, located exception: never anything else. */
class MalformedInputTest {
    private static final String HEAD = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"hand-written\"},";
    @TempDir
    Path dir;

    private final SnapshotLoader loader = new SnapshotLoader();

    private LoadResult load(String json) throws SnapshotLoadException {
        return load(json.getBytes(StandardCharsets.UTF_8));
    }

    private LoadResult load(byte[] bytes) throws SnapshotLoadException {
        Path file = dir.resolve("input.json");
        try {
            Files.write(file, bytes);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return loader.load(file, LoadOptions.LENIENT, ProgressListener.NONE);
    }

    private static List<String> codes(LoadResult r) {
        return r.diagnostics().stream().map(Diagnostic::code).toList();
    }

    private static byte[] lesson() throws Exception {
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            return in.readAllBytes();
        }
    }

    @Test
    void truncatedFileSaysWhereItEnds() throws Exception {
        byte[] whole = lesson();
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length / 2);
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> load(cut));
        Diagnostic last = e.diagnostics().getLast();
        assertThat(last.code()).isEqualTo("truncated");
        assertThat(last.location().input()).endsWith("input.json");
        assertThat(last.location().line()).isGreaterThan(1);
        assertThat(e.getMessage()).contains("input.json:").contains("truncated").contains("take or copy");
    }

    @Test
    void binaryGarbageIsNotJson() {
        byte[] garbage = new byte[4096];
        new Random(1).nextBytes(garbage);
        garbage[0] = '{';
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> load(garbage));
        assertThat(e.getMessage()).contains("input.json:1:");
        assertThat(e.diagnostics().getLast().code()).isEqualTo("syntax");
    }

    @Test
    void emptyFileAndNonObjectsAreNotSnapshots() {
        assertThat(catchThrowableOfType(UnsupportedFormatException.class, () -> load("")).getMessage())
                .contains("empty");
        assertThat(catchThrowableOfType(UnsupportedFormatException.class, () -> load("[1,2]")).getMessage())
                .contains("not an object");
        assertThat(catchThrowableOfType(UnsupportedFormatException.class, () -> load("{\"a\":1}")).getMessage())
                .contains("no \"format\" field");
        assertThat(catchThrowableOfType(UnsupportedFormatException.class,
                () -> load("{\"format\":\"pprof\"}")).getMessage()).contains("not \"ompd-explorer-snapshot\"");
    }

    @Test
    void anotherMajorVersionIsRefusedNamingTheVersionsRead() {
        UnsupportedFormatException e = catchThrowableOfType(UnsupportedFormatException.class,
                () -> load("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"2.0\",\"tasks\":[]}"));
        assertThat(e.getMessage()).contains("version 2.0 is not supported").contains("reads versions 1.0")
                .contains("update OMPD Explorer").contains(":1:");
    }

    @Test
    void aVersionOfDotsIsRefusedAsNotMajorMinor() {
        for (String version : new String[]{".", "..", ""}) {
            assertThat(catchThrowableOfType(UnsupportedFormatException.class, () -> load(
                    "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"" + version + "\"}")).getMessage())
                    .contains("is not MAJOR.MINOR");
        }
    }

    @Test
    void aNewerMinorVersionLoadsWithOneWarningPerUnknownField() throws Exception {
        LoadResult r = load("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.7\","
                + "\"capture\":{\"source\":\"ompt-agent\",\"gpu\":\"x\"},\"taskgroups\":[{\"id\":1}],"
                + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"affinity\":3},{\"id\":2,\"kind\":\"explicit\",\"affinity\":4}]}");
        assertThat(r.snapshot().tasks()).hasSize(2);
        assertThat(codes(r)).containsExactly("newer-version", "unknown-field", "unknown-field", "unknown-field");
        assertThat(r.diagnostics()).extracting(Diagnostic::message).anyMatch(m -> m.contains("$.tasks[*].affinity")
                && m.contains("newer minor version") && m.contains("2 times"));
        assertThat(r.errorCount()).isZero();
    }

    @Test
    void wrongTypesAreLocatedAndTheRestLoads() throws Exception {
        LoadResult r = load(HEAD + "\n\"threads\":[{\"id\":0,\"currentTask\":\"one\"}],\n"
                + "\"parallelRegions\":[{\"id\":1,\"teamSize\":-2,\"members\":{}}],\n"
                + "\"tasks\":[{\"id\":\"7\",\"kind\":\"explicit\"},{\"id\":8,\"kind\":3},{\"id\":9,\"kind\":\"explicit\",\"frames\":[]}]}");
        assertThat(r.snapshot().threads()).hasSize(1);
        assertThat(r.snapshot().tasks()).extracting(t -> t.id().value()).containsExactly(8L, 9L);
        assertThat(r.diagnostics()).extracting(d -> d.code() + " " + d.location().line() + ":" + d.location().path())
                .contains("wrong-type 2:$.threads[0].currentTask", "out-of-range 3:$.parallelRegions[0].teamSize",
                        "wrong-type 3:$.parallelRegions[0].members", "wrong-type 4:$.tasks[0].id",
                        "missing-field 4:$.tasks[0]", "wrong-type 4:$.tasks[1].kind", "wrong-type 4:$.tasks[2].frames");
        assertThat(r.diagnostics().getFirst().format()).contains("input.json:2:").contains("expected")
                .contains("the string \"one\"");
    }

    @Test
    void danglingIdsAreLocatedAtTheReferringEntity() throws Exception {
        LoadResult r = load(HEAD + "\n\"tasks\":[\n{\"id\":1,\"kind\":\"initial\"},\n"
                + "{\"id\":2,\"kind\":\"explicit\",\"generatingTask\":1,\"schedulingTask\":44}]}");
        Diagnostic d = r.diagnostics().getFirst();
        assertThat(d.code()).isEqualTo("dangling-reference");
        assertThat(d.format()).contains("input.json:4:1 at $.tasks[1].schedulingTask").contains("task #44");
    }

    @Test
    void aGeneratingCycleIsFoundAndTheSnapshotStillLoads() throws Exception {
        LoadResult r = load(HEAD + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"generatingTask\":2},"
                + "{\"id\":2,\"kind\":\"explicit\",\"generatingTask\":1}]}");
        assertThat(codes(r)).containsExactly("link-cycle");
        assertThat(r.diagnostics().getFirst().location().path()).isEqualTo("$.tasks[0].generatingTask");
        assertThat(r.snapshot().tasks()).hasSize(2);
    }

    @Test
    void duplicateIdsAreSkippedWhereTheyStand() throws Exception {
        LoadResult r = load(HEAD + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\"},{\"id\":1,\"kind\":\"implicit\"}]}");
        assertThat(r.snapshot().tasks()).hasSize(1);
        assertThat(r.diagnostics().getFirst().format()).contains("$.tasks[1]").contains("repeats id 1");
    }

    @Test
    void addressesAbove2To63AreValidAndAbove2To64AreNot() throws Exception {
        LoadResult r = load(HEAD + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\","
                + "\"function\":{\"address\":\"0xffffffff81000000\"},\"creationSite\":{\"address\":18446744073709551615},"
                + "\"frames\":{\"exit\":{\"address\":18446744073709551616,\"flags\":33}}},"
                + "{\"id\":2,\"kind\":\"explicit\",\"function\":{\"address\":\"0x1ffffffffffffffff\"}}]}");
        assertThat(r.snapshot().tasks().get(0).function().get().address()).isEqualTo(0xffffffff81000000L);
        assertThat(r.snapshot().tasks().get(0).creationSite().get().address()).isEqualTo(-1L);
        assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("bad-address", "bad-address");
        assertThat(r.diagnostics().getFirst().message()).contains("18446744073709551616");
    }

    @Test
    void deeplyNestedArraysAreRefusedWithoutAStackOverflow() {
        String deep = HEAD + "\"extra\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> load(deep));
        assertThat(e.getMessage()).contains("nested deeper than 64");
    }

    @Test
    void hugeArraysStreamThrough() throws Exception {
        StringBuilder b = new StringBuilder(HEAD).append("\"unknownHuge\":[");
        for (int i = 0; i < 2_000_000; i++) {
            b.append(i).append(',');
        }
        b.append("0],\"displayControlVars\":[");
        for (int i = 0; i < 200_000; i++) {
            b.append("\"V").append(i).append("=x\",");
        }
        b.append("\"LAST=1\"],\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"flags\":[");
        for (int i = 0; i < 100_000; i++) {
            b.append("\"untied\",");
        }
        b.append("\"final\"]}]}");
        LoadResult r = load(b.toString());
        assertThat(r.snapshot().displayControlVars()).hasSize(200_001);
        assertThat(r.snapshot().tasks().getFirst().agent().flags()).hasSize(100_001);
        assertThat(codes(r)).containsExactly("unknown-field");
    }

    @Test
    void strictModeRefusesAnyErrorAndListsThemAll() {
        InvalidSnapshotException e = catchThrowableOfType(InvalidSnapshotException.class, () -> {
            Path file = dir.resolve("bad.json");
            Files.writeString(file, HEAD + "\"tasks\":[{\"id\":2,\"kind\":\"explicit\",\"generatingTask\":9}]}");
            loader.load(file, LoadOptions.STRICT, ProgressListener.NONE);
        });
        assertThat(e.diagnostics()).extracting(Diagnostic::code).containsExactly("dangling-reference");
        assertThat(e.getMessage()).contains("1 error(s)").contains("$.tasks[0].generatingTask");
    }

    @Test
    void missingFilesDirectoriesAndCoresGetTheirOwnMessages() throws Exception {
        assertThat(catchThrowableOfType(InputUnreadableException.class, () -> loader.load(dir.resolve("nope.json"),
                LoadOptions.LENIENT, ProgressListener.NONE)).getMessage()).contains("no such file");
        assertThat(catchThrowableOfType(InputUnreadableException.class, () -> loader.load(dir,
                LoadOptions.LENIENT, ProgressListener.NONE)).getMessage()).contains("is a directory");
        Path elf = dir.resolve("core");
        Files.write(elf, new byte[]{0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        assertThat(catchThrowableOfType(UnsupportedFormatException.class, () -> loader.load(elf,
                LoadOptions.LENIENT, ProgressListener.NONE)).getMessage()).contains("ELF file")
                .contains("ompd-explorer import-core");
    }

    @Test
    void cancellingStopsTheLoad() throws Exception {
        byte[] big = new java.io.ByteArrayOutputStream() {{
            new SnapshotJsonExporter(true).write(org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator.generate(
                    new org.ompdexplorer.model.synthetic.GeneratorSpec(2, 1, 50_000, 1)), this);
        }}.toByteArray();
        ProgressListener cancelAtOnce = new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
            }

            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThat(catchThrowableOfType(LoadCancelledException.class, () -> loader.load(new ByteArrayInputStream(big),
                "big", big.length, LoadOptions.LENIENT, cancelAtOnce))).hasMessageContaining("cancelled");
    }

    @Test
    void inputFilesAreNeverModified() throws Exception {
        Path file = dir.resolve("keep.json");
        byte[] bytes = lesson();
        Files.write(file, bytes);
        java.nio.file.attribute.FileTime before = Files.getLastModifiedTime(file);
        loader.load(file, LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(before);
    }
}
