package org.ompdexplorer.app.ui.details;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.Badge;
import org.ompdexplorer.app.ui.navigator.ChildSource;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.navigator.NavigatorViewModel;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;

/** Devices, target regions and mapped data in the navigator and the details pane (TestSnapshots.withDevices). */
class DevicePagesTest {
    private final DetailsViewModel details = new DetailsViewModel(new SameThreadBackgroundTasks());
    private final NavigatorViewModel navigator = new NavigatorViewModel();

    @BeforeEach
    void open() {
        details.setSnapshot(TestSnapshots.withDevices());
        navigator.setSnapshot(TestSnapshots.withDevices());
    }

    private DetailsPage show(Target target) {
        details.show(target);
        return details.pageProperty().get();
    }

    private static Value value(DetailsPage page, String section, String key) {
        return ((Section.Properties) page.section(section).orElseThrow()).rows().stream()
                .filter(r -> r.key().equals(key)).findFirst().orElseThrow().value();
    }

    private static Section.Table table(DetailsPage page, String id) {
        return (Section.Table) page.section(id).orElseThrow();
    }

    private static NavNode child(NavNode node, String id) {
        ChildSource children = node.children();
        return children.get(children.indexOf(id));
    }

    private static List<String> ids(NavNode node) {
        return node.children().page(0, node.children().size()).stream().map(NavNode::id).toList();
    }

    @Test
    void theProcessListsItsDevicesByNumberWithTheirTargetRegionsUnderThem() {
        NavNode spaces = navigator.rootsProperty().get().stream().filter(n -> n.id().equals("group:spaces"))
                .findFirst().orElseThrow();
        NavNode process = child(spaces, "space:0");
        assertThat(process.badges()).extracting(Badge::text).contains("2 devices");
        assertThat(ids(process)).containsExactly("space:1", "space:2");
        NavNode device0 = child(process, "space:1");
        assertThat(device0.text()).isEqualTo("device 0");
        assertThat(device0.secondary()).isEqualTo("generic-64bit");
        assertThat(device0.badges()).extracting(Badge::text).contains("1 in flight", "2 ranges mapped")
                .as("a refusal every device shares is said on the pages, not as a badge on each row")
                .noneMatch(t -> t.contains("unavailable"));
        assertThat(ids(device0)).containsExactly("target:1", "target:2");
        NavNode running = child(device0, "target:2");
        assertThat(running.text()).isEqualTo("TR2 · target");
        assertThat(running.secondary()).isEqualTo("met by #6");
        assertThat(running.badges()).extracting(Badge::text).containsExactly("in flight", "1 kernel",
                "1 range mapped");
        assertThat(child(device0, "target:1").badges()).extracting(Badge::text).contains("ended");
        assertThat(navigator.pathTo(Target.of(new TargetRegionId(3))))
                .contains(List.of("group:spaces", "space:0", "space:2", "target:3"));
    }

    @Test
    void aTaskWaitingOnATargetRegionSaysSoInItsRowAndLinksToIt() {
        List<String> path = navigator.pathTo(Target.of(new TaskId(6))).orElseThrow();
        NavNode at = navigator.rootsProperty().get().stream().filter(n -> n.id().equals(path.getFirst()))
                .findFirst().orElseThrow();
        for (String id : path.subList(1, path.size())) {
            at = child(at, id);
        }
        assertThat(at.badges()).extracting(Badge::text).contains("waits on TR2");
        DetailsPage page = show(Target.of(new TaskId(6)));
        assertThat(value(page, "links", "awaitedTarget").link()).isEqualTo(Target.of(new TargetRegionId(2)));
        assertThat(show(Target.of(new TaskId(9))).section("links").map(s -> ((Section.Properties) s).rows()
                .stream().noneMatch(r -> r.key().equals("awaitedTarget"))))
                .as("a nowait construct does not make its encountering task wait").contains(true);
        assertThat(value(show(Target.of(new TaskId(7))), "links", "targetRegion").link())
                .isEqualTo(Target.of(new TargetRegionId(3)));
        List<String> toTask7 = navigator.pathTo(Target.of(new TaskId(7))).orElseThrow();
        NavNode task7 = navigator.rootsProperty().get().stream().filter(n -> n.id().equals(toTask7.getFirst()))
                .findFirst().orElseThrow();
        for (String id : toTask7.subList(1, toTask7.size())) {
            task7 = child(task7, id);
        }
        assertThat(task7.badges()).extracting(Badge::text).as("a target task says which construct it runs")
                .contains("runs TR3");
    }

    @Test
    void aDevicePageShowsTheOmpdRefusalItsTargetRegionsAndItsMappingTableWithWhoMappedEachRange() {
        DetailsPage page = show(Target.of(new AddressSpaceId(1)));
        assertThat(page.title()).isEqualTo("device 0");
        assertThat(page.subtitle()).isEqualTo("generic-64bit");
        Value handle = value(page, "properties", "ompdHandle");
        assertThat(handle.text()).isEqualTo("refused: unavailable (ompd_device_initialize)");
        assertThat(handle.unavailable()).isTrue();
        assertThat(value(page, "properties", "toDevice").text()).isEqualTo("8.6 KiB (8,800 B) in 2 ops");
        Section.Table mappings = table(page, "mappingsTable");
        assertThat(mappings.columns()).containsExactly("host range", "bytes", "mapped by", "refcount",
                "device address", "to device", "from device");
        assertThat(mappings.rows()).hasSize(2);
        List<Value> first = mappings.rows().getFirst();
        assertThat(first.get(0).text()).isEqualTo("0x4c0000 – 0x4c1f3f");
        assertThat(first.get(1).text()).isEqualTo("7.8 KiB (8,000 B)");
        assertThat(first.get(2).link()).isEqualTo(Target.of(new TargetRegionId(1)));
        assertThat(first.get(2).text()).isEqualTo("TR1 · target enter data (ended)");
        assertThat(table(page, "targetRegionsTable").rows()).hasSize(2);
        assertThat(table(page, "imagesTable").rows().getFirst().get(1).text()).isEqualTo("15.0 KiB (15,360 B)");
    }

    @Test
    void mappingColumnsSortByNumberNotByText() {
        Section.Table mappings = table(show(Target.of(new AddressSpaceId(1))), "mappingsTable");
        List<Value> bytes = new ArrayList<>(mappings.rows().stream().map(r -> r.get(1)).toList());
        bytes.sort(ValueOrder.INSTANCE);
        assertThat(bytes).extracting(Value::text).containsExactly("800 B", "7.8 KiB (8,000 B)");
        List<Value> hosts = new ArrayList<>(mappings.rows().stream().map(r -> r.get(0)).toList());
        hosts.sort(ValueOrder.INSTANCE);
        assertThat(hosts.getFirst().text()).startsWith("0x4a0000");
        assertThat(ValueOrder.natural("TR9", "TR10")).isNegative();
        assertThat(ValueOrder.natural("900 B", "8,000 B")).isNegative();
    }

    @Test
    void aTargetRegionNamingNoListedDeviceIsListedUnderTheProcessAndReachable() {
        org.ompdexplorer.model.Snapshot s = TestSnapshots.withDevices().snapshot();
        java.util.List<org.ompdexplorer.model.TargetRegion> targets = new java.util.ArrayList<>(s.targetRegions());
        targets.add(new org.ompdexplorer.model.TargetRegion(new TargetRegionId(9),
                org.ompdexplorer.model.TargetKind.UPDATE, new AddressSpaceId(77), 5, true,
                org.ompdexplorer.model.Fact.absent(), org.ompdexplorer.model.Fact.absent(),
                org.ompdexplorer.model.Fact.absent(), java.util.List.of(), 0, null));
        navigator.setSnapshot(org.ompdexplorer.app.ui.entity.LoadedSnapshot.of(new org.ompdexplorer.model.Snapshot(
                s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(), s.displayControlVars(),
                s.threads(), s.parallelRegions(), s.tasks(), targets), "off-device"));
        NavNode spaces = navigator.rootsProperty().get().stream().filter(n -> n.id().equals("group:spaces"))
                .findFirst().orElseThrow();
        assertThat(ids(child(spaces, "space:0"))).containsExactly("space:1", "space:2", "target:9");
        assertThat(navigator.pathTo(Target.of(new TargetRegionId(9))))
                .contains(List.of("group:spaces", "space:0", "target:9"));
    }

    @Test
    void theProcessPageSaysWhatIsKnownOfTheOffloadRuntimeAndListsTheDevices() {
        DetailsPage page = show(Target.of(new AddressSpaceId(0)));
        assertThat(value(page, "offload", "offloadRuntime").text()).endsWith("libomptarget.so.19.1");
        assertThat(value(page, "offload", "deviceCount").text()).isEqualTo("2");
        assertThat(value(page, "offload", "imageTriples").text()).isEqualTo("x86_64-pc-linux-gnu");
        Section.Table devices = table(page, "devicesTable");
        assertThat(devices.rows()).extracting(r -> r.getFirst().text()).containsExactly("device 0", "device 1");
        assertThat(devices.rows().getFirst().get(3).text()).isEqualTo("1");
    }

    @Test
    void aTargetRegionPageLinksItsDeviceTasksAndTheDataItMapped() {
        DetailsPage page = show(Target.of(new TargetRegionId(2)));
        assertThat(page.title()).isEqualTo("TR2 · target");
        assertThat(page.subtitle()).isEqualTo("in flight");
        assertThat(value(page, "properties", "device").link()).isEqualTo(Target.of(new AddressSpaceId(1)));
        assertThat(value(page, "properties", "kernelsRunning").text()).isEqualTo("1 kernel, requesting 1 team");
        assertThat(value(page, "links", "encounteringTask").link()).isEqualTo(Target.of(new TaskId(6)));
        assertThat(value(page, "links", "targetTask").text()).isEqualTo("none (not deferred)");
        assertThat(table(page, "mappingsTable").rows()).singleElement()
                .satisfies(r -> assertThat(r.get(1).text()).isEqualTo("800 B"));
        Section.Explain explain = (Section.Explain) page.section(DetailsPages.EXPLAIN_ID).orElseThrow();
        assertThat(explain.sentences().getFirst().text()).isEqualTo(
                "Target region TR2 is a target construct in flight on device 0.");
        assertThat(explain.sentences().get(1).text()).isEqualTo("Task #6 encountered it and waits on it until it"
                + " ends: without nowait, the target task the construct generates is an included task, run before"
                + " the encountering task goes on.");
        DetailsPage nowait = show(Target.of(new TargetRegionId(3)));
        assertThat(value(nowait, "links", "targetTask").link()).isEqualTo(Target.of(new TaskId(7)));
    }
}
