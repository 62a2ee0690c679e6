package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.StateAt;

/**
 * Issue 28 item 1: a recording's header carries the module map of its sites (format 1.1), the state at a moment
 * carries it, and so that state's creation sites are symbolized (file:line) once written and read as a snapshot.
 */
class RecordingModulesTest {
    @TempDir
    Path dir;

    private static final String HEAD = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.1\",\"capture\":"
            + "{\"source\":\"ompt-agent\",\"pid\":7},\"clock\":\"monotonic-ns\",\"start\":0,\"modules\":[";
    private static final String TAIL = "]}\n{\"e\":\"end\",\"t\":1,\"events\":0,\"dropped\":[]}\n";

    private RecordingLoadResult read(String modules) throws Exception {
        Path p = dir.resolve("r.ndjson");
        Files.writeString(p, HEAD + modules + TAIL);
        return new RecordingReader().read(p);
    }

    @Test
    void theHeadersModulesAreRead() throws Exception {
        RecordingLoadResult r = read("{\"path\":\"/bin/prog\",\"buildId\":\"ab12\",\"loadBias\":\"0x0\",\"start\":"
                + "\"0x400000\",\"end\":\"0x402000\",\"fileSize\":9000,\"codeAddresses\":[\"0x401136\"]}");
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.recording().header().modules()).containsExactly(
                new CodeModule("/bin/prog", "ab12", 0, 0x400000, 0x402000, 9000L));
    }

    @Test
    void aModuleWithoutARangeIsReportedAndSkipped() throws Exception {
        RecordingLoadResult r = read("{\"path\":\"/bin/a\",\"loadBias\":\"0x0\",\"start\":\"0x10\"},"
                + "{\"path\":\"/bin/b\",\"loadBias\":\"zero\",\"start\":\"0x10\",\"end\":\"0x20\"},"
                + "{\"path\":\"/bin/c\",\"loadBias\":\"0x0\",\"start\":\"0x10\",\"end\":\"0x20\"}");
        assertThat(r.recording().header().modules()).extracting(CodeModule::path).containsExactly("/bin/c");
        assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("malformed-module",
                "malformed-module");
        assertThat(r.diagnostics()).extracting(d -> d.location().path()).containsExactly("$.modules[0]",
                "$.modules[1]");
    }

    @Test
    void aRecordingWithoutModulesHasNone() throws Exception {
        Path p = dir.resolve("old.ndjson");
        Files.writeString(p, "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\",\"start\":0}\n"
                + "{\"e\":\"end\",\"t\":1,\"events\":0,\"dropped\":[]}\n");
        assertThat(new RecordingReader().read(p).recording().header().modules()).isEmpty();
    }

    @Test
    void theStateAtAMomentOfARecordedProgramShowsItsSitesAsFileAndLine() throws Exception {
        Path source = Path.of("../scripts/lessons/task-backlog.c").toAbsolutePath().normalize();
        Path exe = AgentCaptures.compile(source, dir.resolve("task-backlog"), "-O0", "-g");
        Path out = dir.resolve("out");
        AgentCaptures.capture(exe, out, Map.of("OMPD_EXPLORER_RECORD", "1", "OMPD_EXPLORER_SIGNAL", "none"));
        Path file;
        try (Stream<Path> files = Files.list(out)) {
            file = files.filter(p -> p.getFileName().toString().endsWith("recording.ndjson")).findFirst()
                    .orElseThrow();
        }
        RecordingLoadResult read = new RecordingReader().read(file);
        assertThat(read.diagnostics()).isEmpty();
        Recording r = read.recording();
        assertThat(r.header().modules()).extracting(CodeModule::path).contains(exe.toRealPath().toString());
        // The first snapshot event with explicit tasks: the backlog queued by the lesson.
        StateAt states = new StateAt(r);
        Snapshot state = null;
        for (int i = 0; i < r.size() && state == null; i++) {
            Snapshot s = r.kind(i) == EventKind.SNAPSHOT ? states.after(i + 1) : null;
            if (s != null && s.tasks().stream().anyMatch(t -> t.kind() == TaskKind.EXPLICIT)) {
                state = s;
            }
        }
        assertThat(state).as("a moment with explicit tasks").isNotNull();
        assertThat(state.modules()).isEqualTo(r.header().modules());
        // named as read: the state itself shows file:line, the parallel region's site too
        assertThat(state.tasks().stream().filter(t -> t.kind() == TaskKind.EXPLICIT)
                .map(t -> t.creationSite().asOptional().flatMap(CodeLocation::shortQualifiers).orElse("bare")))
                .isNotEmpty().allMatch(q -> q.startsWith("task-backlog.c:"), "file:line as read");
        assertThat(state.parallelRegions()).anySatisfy(g -> assertThat(g.creationSite().asOptional()
                .flatMap(CodeLocation::shortQualifiers)).hasValueSatisfying(q -> assertThat(q)
                .startsWith("task-backlog.c:")));
        Path written = dir.resolve("state.json");
        new SnapshotJsonExporter().write(state, written);
        Snapshot reread = new SnapshotLoader().load(written, LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
        List<String> sites = reread.tasks().stream().filter(t -> t.kind() == TaskKind.EXPLICIT)
                .map(Task::creationSite).map(f -> f.asOptional().flatMap(CodeLocation::shortQualifiers))
                .flatMap(Optional::stream).distinct().toList();
        assertThat(sites).isNotEmpty().allMatch(s -> s.startsWith("task-backlog.c:"), "file:line in the lesson");
    }
}
