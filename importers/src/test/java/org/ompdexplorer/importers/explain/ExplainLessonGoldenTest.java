package org.ompdexplorer.importers.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.explain.Explainer;
import org.ompdexplorer.model.explain.Explanation;
import org.ompdexplorer.model.explain.Part;
import org.ompdexplorer.resources.BundledResources;

/**
 * The explanation engine on the bundled lessons: one text golden per situation, from the real captures. Update with
 * {@code -Dgolden.update=true} and read the diff.
 */
class ExplainLessonGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/explain");
    private static final Map<String, Snapshot> LESSONS = new HashMap<>();

    static Stream<Arguments> situations() {
        return Stream.of(
                Arguments.of("stolen-task", "fib-taskwait", EntityKind.TASK, 3),
                Arguments.of("scheduled-over-generator", "fib-taskwait", EntityKind.TASK, 7),
                Arguments.of("suspended-below-another", "fib-taskwait", EntityKind.TASK, 5),
                Arguments.of("queued-task", "fib-taskwait", EntityKind.TASK, 6),
                Arguments.of("initial-task", "fib-taskwait", EntityKind.TASK, 1),
                Arguments.of("implicit-task", "fib-taskwait", EntityKind.TASK, 4),
                Arguments.of("thread-working", "fib-taskwait", EntityKind.THREAD, 1),
                Arguments.of("encountered-a-region", "nested-parallel/2", EntityKind.TASK, 2),
                Arguments.of("region-nesting", "nested-parallel/2", EntityKind.PARALLEL_REGION, 3),
                Arguments.of("implicit-region", "nested-parallel/2", EntityKind.PARALLEL_REGION, 1),
                Arguments.of("untied-stolen-task", "taskgroup-flags/3", EntityKind.TASK, 3),
                Arguments.of("final-task", "taskgroup-flags/3", EntityKind.TASK, 6),
                Arguments.of("included-undeferred-task", "taskgroup-flags/3", EntityKind.TASK, 7),
                Arguments.of("blocked-in-after-inout", "task-dependences/2", EntityKind.TASK, 5),
                Arguments.of("blocked-inout-after-inout", "task-dependences/2", EntityKind.TASK, 9),
                Arguments.of("thread-stack", "task-backlog", EntityKind.THREAD, 2),
                Arguments.of("process", "fib-taskwait", EntityKind.ADDRESS_SPACE, 0));
    }

    private static Snapshot lesson(String name) {
        return LESSONS.computeIfAbsent(name, n -> {
            // "name/step", or "name" for a lesson's first step
            String[] parts = n.split("/");
            int step = parts.length > 1 ? Integer.parseInt(parts[1]) : 1;
            try (InputStream in = BundledResources.openLessonStep(parts[0], step)) {
                return new SnapshotLoader().load(in, n + ".json", -1, LoadOptions.LENIENT, ProgressListener.NONE)
                        .snapshot();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("situations")
    void matchesItsGolden(String situation, String lesson, EntityKind kind, long id) throws IOException {
        Snapshot snapshot = lesson(lesson);
        Explanation e = new Explainer(snapshot).explain(new EntityRef(kind, id));
        assertThat(e.sentences()).isNotEmpty();
        e.sentences().forEach(s -> {
            assertThat(s.sections()).as("every sentence cites the specification: " + s.text()).isNotEmpty();
            s.parts().stream().filter(p -> p instanceof Part.Mention).map(p -> ((Part.Mention) p).ref())
                    .forEach(r -> assertThat(snapshot.index().position(r) >= 0 || snapshot.index()
                            .addressSpace(new org.ompdexplorer.model.AddressSpaceId(r.id())).isPresent())
                            .as("a mention resolves: " + r).isTrue());
        });
        String text = "# " + lesson + ": " + new EntityRef(kind, id) + "\n" + e.asText();
        Path golden = GOLDEN.resolve(situation + ".txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, text);
        }
        assertThat(text).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}
