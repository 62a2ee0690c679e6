package org.ompdexplorer.app.ui.legend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The legend's data: every mark the brief names is there, with a meaning; a section cannot be empty. */
class LegendTest {
    private static List<String> names() {
        return Legends.all().stream().flatMap(s -> s.entries().stream()).map(LegendEntry::name).toList();
    }

    @Test
    void namesEveryLifecycleCompareMarkAndBadge() {
        assertThat(names()).contains("queued", "blocked on dependences", "running",
                "waiting at a taskwait / taskgroup / barrier", "suspended", "detached: body done, event not fulfilled",
                "completed",
                "+ added", "− removed", "~ changed", "≠ changed field", "still blocked", "kind", "state", "flags",
                "dependence count", "≠ gen", "specification section");
        assertThat(Legends.all()).allSatisfy(s -> assertThat(s.entries()).allSatisfy(e ->
                assertThat(e.meaning()).endsWith(".")));
    }

    @Test
    void aSectionNeedsEntries() {
        assertThatThrownBy(() -> new LegendSection("Graph", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
