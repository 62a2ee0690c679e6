package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** What the window shows, headless: the chosen grouping reads as chosen in both themes; status texts stay apart. */
@ExtendWith(ApplicationExtension.class)
class WindowLookJourneyTest {
    private static final Color ACCENT_LIGHT = Color.web("#0969da");
    private static final Color ACCENT_DARK = Color.web("#1f6feb");
    private FxBackgroundTasks tasks;
    private Stage stage;
    private MainViewModel vm;
    /** As a previous run left them: the divider moved to 0.3. */
    private final ExplorerPreferences preferences = seeded();

    private static ExplorerPreferences seeded() {
        ExplorerPreferences p = ExplorerPreferences.inMemory();
        p.remember(MainView.DIVIDER_KEY, "0.3");
        return p;
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, preferences);
        ExplorerApp.show(stage, vm);
        vm.openBundledLesson();
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private static Color fill(FxRobot robot, String id) {
        ToggleButton b = robot.lookup("#" + id).queryAs(ToggleButton.class);
        java.util.List<BackgroundFill> fills = b.getBackground().getFills();
        return (Color) fills.getLast().getFill();
    }

    @Test
    void theChosenGroupingIsFilledWithTheAccentAndTheOtherIsNotInBothThemes(FxRobot robot) {
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> Theme.apply(stage.getScene(), dark));
            robot.interact(() -> stage.getScene().getRoot().applyCss());
            Color accent = dark ? ACCENT_DARK : ACCENT_LIGHT;
            assertThat(fill(robot, "groupByStructure")).as("chosen, dark=" + dark).isEqualTo(accent);
            assertThat(fill(robot, "groupByThread")).as("not chosen, dark=" + dark).isNotEqualTo(accent);
            Color other = fill(robot, "groupByThread");
            double distance = Math.sqrt(Math.pow(other.getRed() - accent.getRed(), 2)
                    + Math.pow(other.getGreen() - accent.getGreen(), 2) + Math.pow(other.getBlue() - accent.getBlue(), 2));
            assertThat(distance).as("the other one is plainly not the accent, dark=" + dark).isGreaterThan(0.5);
        }
    }

    @Test
    void theStatusMessageStandsApartFromTheSnapshotsSource(FxRobot robot, @org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        java.nio.file.Path broken = TestSnapshots.malformed(dir);
        robot.interact(() -> vm.open(broken));
        javafx.scene.control.Label message = robot.lookup("#statusMessage").queryAs(javafx.scene.control.Label.class);
        new ExplorerRobot(robot).waitFor(20, () -> message.getText().endsWith("stays open"));
        org.controlsfx.control.StatusBar bar = robot.lookup("#statusBar").queryAs(org.controlsfx.control.StatusBar.class);
        javafx.scene.control.Label source = robot.lookup("#statusBar .label").queryAllAs(javafx.scene.control.Label.class)
                .stream().filter(l -> l != message && l.getText() != null && l.getText().equals(bar.getText()))
                .findFirst().orElseThrow();
        robot.interact(() -> { });
        double messageEnd = message.lookup(".text").localToScene(message.lookup(".text").getBoundsInLocal()).getMaxX();
        double sourceStart = source.lookup(".text").localToScene(source.lookup(".text").getBoundsInLocal()).getMinX();
        double gap = sourceStart - messageEnd; // the status bar lays its left items out before its text
        assertThat(message.isVisible()).isTrue();
        assertThat(gap).as("space between \"%s\" and the message", bar.getText()).isGreaterThanOrEqualTo(8);
    }

    private void show(FxRobot robot, org.ompdexplorer.app.ui.entity.Target target) {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        robot.interact(() -> vm.navigate(target));
        robot.interact(() -> { });
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.TableView<Object> table(FxRobot robot, String id) {
        return robot.lookup("#" + id).queryAs(javafx.scene.control.TableView.class);
    }

    @Test
    void tableColumnsAreAsWideAsTheirTextAndARepeatingColumnIsHidden(FxRobot robot) {
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.STATES));
        var states = table(robot, "statesTable");
        javafx.scene.text.Text probe = new javafx.scene.text.Text("ompt_state_wait_barrier_implicit_workshare");
        assertThat(states.getColumns().get(1).getWidth()).as("the name column holds the longest state name")
                .isGreaterThanOrEqualTo(probe.getLayoutBounds().getWidth());

        show(robot, org.ompdexplorer.app.ui.entity.Target.of(
                org.ompdexplorer.app.ui.entity.SnapshotPage.ICV_CATALOGUE));
        var catalogue = table(robot, "icvCatalogueTable");
        assertThat(catalogue.getColumns()).filteredOn(c -> c.getText().equals("OpenMP 5.2 name"))
                .singleElement().satisfies(c -> assertThat(c.isVisible()).as("same as the runtime name on every row")
                        .isFalse());
    }

    /** A page that is one long table fills the pane with it, rather than scrolling 14 rows above empty space. */
    @Test
    void aLongTableGrowsIntoTheRoomBelowItAndAShortPageStillScrolls(FxRobot robot) {
        robot.interact(vm::closeLesson); // the whole height for the panes, as when a file is open
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.STATES));
        var states = table(robot, "statesTable");
        javafx.scene.control.ScrollPane scroll = robot.lookup(".details-scroll").queryAs(javafx.scene.control.ScrollPane.class);
        javafx.scene.layout.Region sections = (javafx.scene.layout.Region) robot.lookup("#detailsSections").query();
        int firstRows = 14; // SectionViews.VISIBLE_ROWS: what a table shows at least, 26 px a row under a 30 px header
        assertThat(states.getItems().size()).isGreaterThan(firstRows);
        double bottomGap = scroll.getViewportBounds().getHeight()
                - states.localToScene(states.getBoundsInLocal()).getMaxY()
                + sections.localToScene(sections.getBoundsInLocal()).getMinY();
        assertThat(states.getHeight()).as("taller than its first rows")
                .isGreaterThan(30 + 26 * firstRows + 2);
        assertThat(bottomGap).as("no empty band under a table that still has rows to scroll").isLessThan(40);

        // a table that shows all its rows grows no further: the room goes below the last section, not between them
        new ExplorerRobot(robot).keepingStageBounds(stage, () -> {
            // taller, within the headless screen (1000x1000)
            robot.interact(() -> { stage.setX(0); stage.setY(0); stage.setWidth(1000); stage.setHeight(960); });
            // a short page, with two tables: the process's (a thread's page has its call stack too)
            var process = vm.snapshotProperty().get().snapshot().addressSpaces().getFirst();
            robot.interact(() -> vm.details().explainShownProperty().set(false)); // the tables' room, not the prose
            show(robot, org.ompdexplorer.app.ui.entity.Target.of(process.id()));
            assertThat(sections.prefHeight(sections.getWidth())).as("room to spare")
                    .isLessThan(scroll.getViewportBounds().getHeight() - 50);
            java.util.List<javafx.scene.Node> shown = sections.getChildrenUnmodifiable();
            for (int i = 1; i < shown.size(); i++) {
                javafx.scene.Node above = ((javafx.scene.Parent) shown.get(i - 1)).getChildrenUnmodifiable().getLast();
                double aboveEnd = sections.sceneToLocal(above.localToScene(above.getBoundsInLocal())).getMaxY();
                double gap = shown.get(i).getBoundsInParent().getMinY() - aboveEnd; // from what the section shows
                assertThat(gap).as("gap above section %d of the process page (spacing 18)", i).isLessThan(20);
            }

            robot.interact(() -> stage.setHeight(500));
            robot.interact(() -> { });
            assertThat(sections.getHeight()).as("squeezed no smaller than the sections need; the page scrolls")
                    .isGreaterThanOrEqualTo(sections.prefHeight(sections.getWidth()) - 1);
        });
    }

    /** Diagnostics are read whole: message, fix and where, wrapped to the pane, none cut with "…". */
    @Test
    void diagnosticsShowTheirMessageFixAndPlaceWhole(FxRobot robot, @org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        String lesson;
        try (var in = org.ompdexplorer.resources.BundledResources.openLesson("fib-taskwait")) {
            lesson = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        java.nio.file.Path broken = java.nio.file.Files.writeString(dir.resolve("dangling.json"),
                lesson.replace("\"currentTask\":11", "\"currentTask\":555")
                        .replaceFirst("\"generatingTask\":5", "\"generatingTask\":999"));
        robot.interact(() -> vm.open(broken));
        explorer.waitFor(20, () -> vm.snapshotProperty().get().sourceName().endsWith("dangling.json"));
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(
                org.ompdexplorer.app.ui.entity.SnapshotPage.DIAGNOSTICS));
        robot.interact(() -> stage.setWidth(900)); // a narrow details pane: everything wraps
        robot.interact(() -> { });
        var labels = robot.lookup("#diagnosticsList .label").queryAllAs(javafx.scene.control.Label.class);
        java.util.List<String> texts = labels.stream().map(javafx.scene.control.Label::getText).toList();
        assertThat(texts).anyMatch(t -> t.contains("task #555")).anyMatch(t -> t.contains("task #999"))
                .anyMatch(t -> t.startsWith("correct the id"));
        assertThat(labels).filteredOn(javafx.scene.control.Label::isTextTruncated)
                .extracting(javafx.scene.control.Label::getText).as("cut with …").isEmpty();
        assertThat(robot.lookup("#diagnosticsList .hyperlink").queryAllAs(javafx.scene.control.Hyperlink.class))
                .as("where each one is, as a link").extracting(javafx.scene.control.Hyperlink::getText)
                .anyMatch(t -> t.contains("$.threads[0].currentTask"));
        robot.interact(() -> stage.setWidth(1280));
    }

    /** Every bundled lesson is one click away: File → Lessons lists them all by title and each opens. */
    @Test
    void fileLessonsListsEveryBundledLessonAndEachOpens(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        javafx.scene.control.Menu lessons = (javafx.scene.control.Menu) bar.getMenus().getFirst().getItems().stream()
                .filter(i -> "menuLessons".equals(i.getId())).findFirst().orElseThrow();
        java.util.List<org.ompdexplorer.resources.Lesson> all = org.ompdexplorer.resources.BundledResources.lessons();
        assertThat(lessons.getItems()).extracting(javafx.scene.control.MenuItem::getText)
                .containsExactlyElementsOf(all.stream().map(org.ompdexplorer.resources.Lesson::title).toList())
                .hasSizeGreaterThanOrEqualTo(6);
        for (int i = 0; i < all.size(); i++) {
            String name = all.get(i).name();
            javafx.scene.control.MenuItem item = lessons.getItems().get(i);
            assertThat(item.getId()).isEqualTo("menuLesson-" + name);
            robot.interact(item::fire);
            explorer.waitFor(20, () -> vm.lesson().lessonProperty().get() != null
                    && vm.lesson().lessonProperty().get().name().equals(name)
                    && vm.snapshotProperty().get().sourceName().startsWith("bundled lesson " + name + ", step 1"));
            assertThat(vm.problemProperty().get()).as(name).isNull();
            // "1 task" for a lesson whose first step has one (target-offload), "N tasks" otherwise
            assertThat(robot.lookup("#statusCounts").queryAs(javafx.scene.control.Label.class).getText())
                    .as(name).containsPattern("\\d+ tasks?\\b");
        }
    }

    /**
     * A table cell is one line: an unavailable value shows its short text in full, and its reason (which the
     * snapshot row already says once when it is true of every task) only in the tooltip, not cut at the edge.
     */
    @Test
    void anUnavailableValueInATableShowsItsShortTextAndItsReasonInTheTooltip(FxRobot robot,
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        // the lesson without creation sites: a task is then named by its function, which OMPT does not report
        String lesson;
        try (java.io.InputStream in = org.ompdexplorer.resources.BundledResources.openLessonStep("fib-taskwait", 1)) {
            lesson = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        java.nio.file.Path unnamed;
        try {
            unnamed = java.nio.file.Files.writeString(dir.resolve("no-sites.json"),
                    lesson.replaceAll(",\"creationSite\":\\{[^}]*\\}", ""));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        robot.interact(() -> vm.open(unnamed));
        explorer.waitFor(20, () -> vm.snapshotProperty().get().sourceName().endsWith("no-sites.json"));
        // the first page whose table has an unavailable value: a thread's, a region's, a task's
        var s = vm.snapshotProperty().get().snapshot();
        java.util.List<org.ompdexplorer.app.ui.entity.Target> pages = new java.util.ArrayList<>();
        s.threads().forEach(t -> pages.add(org.ompdexplorer.app.ui.entity.Target.of(t.id())));
        s.parallelRegions().forEach(r -> pages.add(org.ompdexplorer.app.ui.entity.Target.of(r.id())));
        s.tasks().forEach(t -> pages.add(org.ompdexplorer.app.ui.entity.Target.of(t.id())));
        javafx.scene.control.TableCell<?, ?> cell = null;
        for (var page : pages) {
            show(robot, page);
            cell = robot.lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class).stream()
                    .filter(c -> c.getText() != null && c.getText().startsWith("unavailable")).findFirst()
                    .orElse(null);
            if (cell != null) {
                break;
            }
        }
        assertThat(cell).as("a table cell with an unavailable value on some page").isNotNull();
        assertThat(cell.getText()).isEqualTo("unavailable (unsupported)");
        assertThat(cell.getTooltip().getText()).startsWith("unavailable (unsupported) — ").contains("OMPT");
        javafx.scene.text.Text probe = new javafx.scene.text.Text(cell.getText());
        probe.setFont(cell.getFont());
        assertThat(cell.getTableColumn().getWidth()).as("the column holds the whole short text")
                .isGreaterThan(probe.getLayoutBounds().getWidth());
    }

    /**
     * Glyphs draw outside their text's bounds (an underscore below, a stem to the left): a shorter subtitle left
     * bits of the old one on screen. Each page gives the header a new background, so all of it is repainted.
     */
    @Test
    void theDetailsHeaderIsRepaintedWholeWhenThePageChanges(FxRobot robot) {
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.STATES));
        javafx.scene.layout.Region header = (javafx.scene.layout.Region) robot.lookup(".details-header").query();
        java.util.concurrent.atomic.AtomicInteger changes = new java.util.concurrent.atomic.AtomicInteger();
        robot.interact(() -> header.backgroundProperty().addListener((obs, old, now) -> changes.incrementAndGet()));
        javafx.scene.layout.Background before = header.getBackground();
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.RUNTIME));
        assertThat(changes).as("the background was replaced, which repaints the whole header").hasValueGreaterThan(0);
        assertThat(header.getBackground()).as("and is the stylesheet's again").isEqualTo(before);
    }

    /** A failed open says its message once, wrapped and whole however long, with no scroll bar over it. */
    @Test
    void theProblemBannerShowsALongMessageOnceAndInFull(FxRobot robot, @org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        java.nio.file.Path deep = java.nio.file.Files.createDirectories(dir.resolve("a-rather-long-directory-name-"
                .repeat(3) + "/and-another-one-that-goes-on-and-on-".repeat(3)));
        java.nio.file.Path broken = TestSnapshots.malformed(deep);
        robot.interact(() -> vm.open(broken));
        new ExplorerRobot(robot).waitFor(20, () -> robot.lookup("#problemMessage").tryQuery().isPresent());
        robot.interact(() -> { });
        javafx.scene.control.Label title = robot.lookup("#problemTitle").queryAs(javafx.scene.control.Label.class);
        javafx.scene.control.Label message = robot.lookup("#problemMessage").queryAs(javafx.scene.control.Label.class);
        assertThat(title.isTextTruncated()).as("title: %s", title.getText()).isFalse();
        assertThat(message.isTextTruncated()).as("message: %s", message.getText()).isFalse();
        robot.lookup("#problemDiagnostics").tryQueryAs(javafx.scene.control.ListView.class).ifPresent(list ->
                assertThat(list.getItems()).as("the message is not listed again").doesNotContain(message.getText()));
    }

    @Test
    void thePaneDividerIsWhereItWasLeftAndIsRememberedWhereItIsLeftNow(FxRobot robot) throws Exception {
        javafx.scene.control.SplitPane split = robot.lookup("#mainSplit").queryAs(javafx.scene.control.SplitPane.class);
        assertThat(split.getDividerPositions()[0]).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));

        // the window changing size is not the user moving the divider: nothing is saved, and the fraction is kept
        robot.interact(() -> stage.setWidth(stage.getWidth() - 200));
        robot.interact(() -> { });
        assertThat(preferences.remembered(MainView.DIVIDER_KEY)).contains("0.3");
        assertThat(split.getDividerPositions()[0]).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));
        robot.interact(() -> stage.setWidth(stage.getWidth() + 200));
        robot.interact(() -> { });

        // a drag of the divider, as its skin sees one (the headless robot's drags do not reach it): moved, released
        javafx.scene.Node handle = robot.lookup("#mainSplit > .split-pane-divider").query();
        robot.interact(() -> {
            split.setDividerPositions(0.6);
            javafx.geometry.Point2D at = handle.localToScreen(2, 2);
            javafx.event.Event.fireEvent(handle, new javafx.scene.input.MouseEvent(
                    javafx.scene.input.MouseEvent.MOUSE_RELEASED, 2, 2, at.getX(), at.getY(),
                    javafx.scene.input.MouseButton.PRIMARY, 1, false, false, false, false, false, false, false,
                    false, false, false, null));
        });
        double now = split.getDividerPositions()[0];
        assertThat(now).as("dragged to the right").isGreaterThan(0.5);
        assertThat(preferences.remembered(MainView.DIVIDER_KEY).map(Double::parseDouble)).hasValueSatisfying(p ->
                assertThat(p).isCloseTo(now, org.assertj.core.data.Offset.offset(0.001)));
    }

    private static javafx.scene.control.TreeItem<org.ompdexplorer.app.ui.navigator.NavNode> item(
            javafx.scene.control.TreeItem<org.ompdexplorer.app.ui.navigator.NavNode> root, String... path) {
        var at = root;
        for (String id : path) {
            at = at.getChildren().stream().filter(c -> c.getValue().id().equals(id)).findFirst().orElseThrow(
                    () -> new AssertionError("no " + id + " in " + java.util.Arrays.toString(path)));
        }
        return at;
    }

    @Test
    void switchingGroupingAndBackKeepsWhatWasOpenAndWhatWasClosed(FxRobot robot) {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        @SuppressWarnings("unchecked")
        javafx.scene.control.TreeView<org.ompdexplorer.app.ui.navigator.NavNode> tree =
                robot.lookup("#navigatorTree").queryAs(javafx.scene.control.TreeView.class);
        String[] taskTwo = {"group:regions", "region:1", "task:1", "region:2", "task:2"};
        robot.interact(() -> {
            item(tree.getRoot(), taskTwo).setExpanded(true);
            item(tree.getRoot(), "group:spaces").setExpanded(false);
        });
        robot.interact(() -> vm.navigator().groupingProperty().set(
                org.ompdexplorer.app.ui.navigator.Grouping.THREADS));
        robot.interact(() -> vm.navigator().groupingProperty().set(
                org.ompdexplorer.app.ui.navigator.Grouping.STRUCTURE));
        robot.interact(() -> {
            assertThat(item(tree.getRoot(), taskTwo).isExpanded()).as("opened by the user").isTrue();
            assertThat(item(tree.getRoot(), "group:spaces").isExpanded()).as("closed by the user").isFalse();
        });
    }

    @Test
    void searchMarksItsMatchesInTheTreeAndOnlyMatchesListsThem(FxRobot robot) {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        robot.clickOn("#searchField").write("queued");
        new ExplorerRobot(robot).waitFor(10, () -> vm.search().result().size() == 3);
        javafx.css.PseudoClass match = javafx.css.PseudoClass.getPseudoClass("match");
        java.util.function.Supplier<java.util.List<String>> marked = () -> robot.lookup(".nav-cell")
                .queryAllAs(javafx.scene.control.TreeCell.class).stream()
                .filter(c -> c.getItem() != null && c.getPseudoClassStates().contains(match))
                .map(c -> ((org.ompdexplorer.app.ui.navigator.NavNode) c.getItem()).id()).sorted().toList();
        robot.type(javafx.scene.input.KeyCode.ENTER); // to the first match, which opens the rows around it
        new ExplorerRobot(robot).waitFor(10, () -> marked.get().contains("task:6"));
        assertThat(marked.get()).as("only matches are marked").isSubsetOf("task:6", "task:8", "task:10");

        robot.clickOn("#searchOnlyMatches");
        @SuppressWarnings("unchecked")
        javafx.scene.control.TreeView<org.ompdexplorer.app.ui.navigator.NavNode> tree =
                robot.lookup("#navigatorTree").queryAs(javafx.scene.control.TreeView.class);
        new ExplorerRobot(robot).waitFor(10, () -> tree.getRoot().getChildren().size() == 1
                && tree.getRoot().getChildren().getFirst().getValue().id().equals("group:matches"));
        robot.clickOn("#searchOnlyMatches");
        new ExplorerRobot(robot).waitFor(10, () -> tree.getRoot().getChildren().size() > 1);
    }
}
