package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import javafx.collections.ListChangeListener;
import javafx.scene.control.CheckMenuItem;
import org.ompdexplorer.app.ui.graph.GraphPlacement;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.ompdexplorer.app.ui.navigator.Grouping;

/** The menu bar; every command has a keyboard shortcut. */
final class MainMenu extends MenuBar {
    static final String ID = "menuBar";

    MainMenu(MainViewModel vm, MainView.Actions actions) {
        setId(ID);
        getMenus().addAll(file(vm, actions), edit(vm, actions), view(vm, actions), go(vm),
                RecordingMenu.of(vm, vm.timeline(), actions.recording()), help(actions));
    }

    private static Menu file(MainViewModel vm, MainView.Actions actions) {
        MenuItem open = item("menuOpen", "Open…", KeyCode.O, actions::open);
        MenuItem core = item("menuOpenCore", "Open Core File…", KeyCode.O, actions::openCore);
        core.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        MenuItem capture = item("menuCapture", "Snapshot Running Process…", KeyCode.P, actions::captureProcess);
        capture.setAccelerator(new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_DOWN));
        Menu recent = new Menu("Open Recent");
        recent.setId("menuRecent");
        Runnable fillRecent = () -> {
            recent.getItems().clear();
            for (Path p : vm.recentFiles()) {
                MenuItem item = new MenuItem(p.toString());
                item.setMnemonicParsing(false);
                item.setOnAction(e -> vm.open(p));
                recent.getItems().add(item);
            }
            recent.setDisable(vm.recentFiles().isEmpty());
        };
        vm.recentFiles().addListener((ListChangeListener<Path>) c -> fillRecent.run());
        fillRecent.run();
        MenuItem lessonsPage = new MenuItem("Lessons…");
        lessonsPage.setId("menuLessonsPage");
        lessonsPage.setAccelerator(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_DOWN));
        lessonsPage.setOnAction(e -> vm.lesson().showPage());
        Menu lesson = new Menu("Lessons");
        lesson.setId("menuLessons");
        for (org.ompdexplorer.resources.Lesson l : vm.lesson().lessons()) {
            MenuItem item = new MenuItem(l.title());
            item.setId("menuLesson-" + l.name());
            item.setMnemonicParsing(false);
            item.setOnAction(e -> vm.openLesson(l.name()));
            lesson.getItems().add(item);
        }
        MenuItem compareWith = item("menuCompareWith", "Compare With…", KeyCode.K, actions::compareWith);
        compareWith.disableProperty().bind(vm.snapshotProperty().isNull());
        MenuItem compareTwo = new MenuItem("Compare Two Files…");
        compareTwo.setId("menuCompareTwo");
        compareTwo.setOnAction(e -> actions.compareTwoFiles());
        MenuItem series = new MenuItem("Open Series (a Folder of Snapshots)…");
        series.setId("menuOpenSeries");
        series.setOnAction(e -> actions.openSeries());
        MenuItem seriesFiles = new MenuItem("Open Series (Several Files)…");
        seriesFiles.setId("menuOpenSeriesFiles");
        seriesFiles.setOnAction(e -> actions.openSeriesFiles());
        MenuItem job = new MenuItem("Open Job (a Folder of Rank Snapshots)…");
        job.setId("menuOpenJob");
        job.setAccelerator(new KeyCodeCombination(KeyCode.J, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        job.setOnAction(e -> actions.openJob());
        MenuItem export = item("menuExport", "Export…", KeyCode.E, actions::export);
        export.disableProperty().bind(vm.snapshotProperty().isNull());
        MenuItem quit = item("menuQuit", "Quit", KeyCode.Q, actions::quit);
        Menu menu = new Menu("_File");
        menu.getItems().addAll(open, recent, lessonsPage, lesson, new SeparatorMenuItem(), core, capture, new SeparatorMenuItem(),
                compareWith, compareTwo, series, seriesFiles, new SeparatorMenuItem(), job, new SeparatorMenuItem(), export, new SeparatorMenuItem(), quit);
        return menu;
    }

    private static Menu edit(MainViewModel vm, MainView.Actions actions) {
        MenuItem copy = item("menuCopy", "Copy Selection as Text", KeyCode.C, actions::copy);
        MenuItem find = item("menuFind", "Find…", KeyCode.F, actions::focusSearch);
        MenuItem next = new MenuItem("Find Next");
        next.setAccelerator(new KeyCodeCombination(KeyCode.F3));
        next.setOnAction(e -> vm.search().next());
        MenuItem previous = new MenuItem("Find Previous");
        previous.setAccelerator(new KeyCodeCombination(KeyCode.F3, KeyCombination.SHIFT_DOWN));
        previous.setOnAction(e -> vm.search().previous());
        Menu menu = new Menu("_Edit");
        menu.getItems().addAll(copy, new SeparatorMenuItem(), find, next, previous);
        return menu;
    }

    private static Menu view(MainViewModel vm, MainView.Actions actions) {
        ToggleGroup grouping = new ToggleGroup();
        Menu menu = new Menu("_View");
        for (Grouping g : Grouping.values()) {
            RadioMenuItem item = new RadioMenuItem("Navigator " + g.label().toLowerCase(java.util.Locale.ROOT));
            item.setToggleGroup(grouping);
            item.setAccelerator(new KeyCodeCombination(g == Grouping.STRUCTURE ? KeyCode.DIGIT1 : KeyCode.DIGIT2,
                    KeyCombination.SHORTCUT_DOWN));
            item.setSelected(vm.navigator().groupingProperty().get() == g);
            item.setOnAction(e -> vm.navigator().groupingProperty().set(g));
            vm.navigator().groupingProperty().addListener((obs, old, now) -> item.setSelected(now == g));
            menu.getItems().add(item);
        }
        CheckMenuItem effective = new CheckMenuItem("Effective ICVs (inherited from enclosing scopes)");
        effective.selectedProperty().bindBidirectional(vm.details().effectiveIcvsProperty());
        CheckMenuItem dark = new CheckMenuItem("Dark Theme");
        dark.setId("menuDarkTheme");
        dark.setSelected(vm.preferences().darkTheme());
        dark.setAccelerator(new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        dark.setOnAction(e -> actions.darkTheme(dark.isSelected()));
        MenuItem navigator = item("menuFocusNavigator", "Focus Navigator", KeyCode.L, actions::focusNavigator);
        // presentation zoom; Ctrl+= and the keypad's keys are the scene's (MainView): a menu item has one shortcut
        MenuItem zoomIn = item("menuZoomIn", "Zoom In", KeyCode.PLUS, vm::zoomIn);
        MenuItem zoomOut = item("menuZoomOut", "Zoom Out", KeyCode.MINUS, vm::zoomOut);
        MenuItem actualSize = item("menuActualSize", "Actual Size", KeyCode.DIGIT0, vm::actualSize);
        MenuItem graph = item("menuShowGraph", "Show Task Graph", KeyCode.G, actions::showGraph);
        MenuItem stacks = new MenuItem("Parallel Stacks");
        stacks.setId("menuParallelStacks");
        stacks.setOnAction(e -> actions.showParallelStacks());
        stacks.setAccelerator(new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_DOWN));
        ToggleGroup placement = new ToggleGroup();
        Menu placements = new Menu("Task Graph Placement");
        for (GraphPlacement p : GraphPlacement.values()) {
            RadioMenuItem item = new RadioMenuItem(p == GraphPlacement.TAB ? "As a Tab beside the Details"
                    : "As a Pane in the Centre");
            item.setId("menuGraph" + p.name());
            item.setToggleGroup(placement);
            item.setSelected(actions.graphPlacement() == p);
            item.setOnAction(e -> actions.graphPlacement(p));
            placements.getItems().add(item);
        }
        menu.getItems().addAll(new SeparatorMenuItem(), graph, placements, stacks, new SeparatorMenuItem(), effective, dark,
                new SeparatorMenuItem(), zoomIn, zoomOut, actualSize, new SeparatorMenuItem(), navigator);
        return menu;
    }

    private static Menu go(MainViewModel vm) {
        MenuItem back = new MenuItem("Back");
        back.setAccelerator(new KeyCodeCombination(KeyCode.LEFT, KeyCombination.ALT_DOWN));
        back.setOnAction(e -> vm.back());
        back.disableProperty().bind(vm.history().canGoBackProperty().not());
        MenuItem forward = new MenuItem("Forward");
        forward.setAccelerator(new KeyCodeCombination(KeyCode.RIGHT, KeyCombination.ALT_DOWN));
        forward.setOnAction(e -> vm.forward());
        forward.disableProperty().bind(vm.history().canGoForwardProperty().not());
        MenuItem nextChange = new MenuItem("Next Change");
        nextChange.setId("menuNextChange");
        nextChange.setAccelerator(new KeyCodeCombination(KeyCode.F7));
        nextChange.setOnAction(e -> vm.compare().nextChange());
        nextChange.disableProperty().bind(vm.comparingProperty().not());
        MenuItem previousChange = new MenuItem("Previous Change");
        previousChange.setId("menuPreviousChange");
        previousChange.setAccelerator(new KeyCodeCombination(KeyCode.F7, KeyCombination.SHIFT_DOWN));
        previousChange.setOnAction(e -> vm.compare().previousChange());
        previousChange.disableProperty().bind(vm.comparingProperty().not());
        MenuItem nextStep = new MenuItem("Next Lesson Step");
        nextStep.setId("menuNextLessonStep");
        nextStep.setAccelerator(new KeyCodeCombination(KeyCode.F8));
        nextStep.setOnAction(e -> vm.lesson().nextStep());
        nextStep.disableProperty().bind(vm.lesson().canNextProperty().not());
        MenuItem previousStep = new MenuItem("Previous Lesson Step");
        previousStep.setId("menuPreviousLessonStep");
        previousStep.setAccelerator(new KeyCodeCombination(KeyCode.F8, KeyCombination.SHIFT_DOWN));
        previousStep.setOnAction(e -> vm.lesson().previousStep());
        previousStep.disableProperty().bind(vm.lesson().canPreviousProperty().not());
        MenuItem jobView = item("menuJobView", "Job View", KeyCode.J, () -> vm.job().showPage());
        jobView.disableProperty().bind(vm.job().jobProperty().isNull());
        Menu menu = new Menu("_Go");
        menu.getItems().addAll(back, forward, new SeparatorMenuItem(), nextChange, previousChange,
                new SeparatorMenuItem(), nextStep, previousStep, new SeparatorMenuItem(), jobView);
        return menu;
    }

    private static Menu help(MainView.Actions actions) {
        MenuItem legend = new MenuItem("Legend…");
        legend.setId("menuLegend");
        legend.setAccelerator(new KeyCodeCombination(KeyCode.F1));
        legend.setOnAction(e -> actions.legend());
        Menu menu = new Menu("_Help");
        menu.setId("menuHelp");
        menu.getItems().add(legend);
        return menu;
    }

    private static MenuItem item(String id, String text, KeyCode key, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setId(id);
        item.setAccelerator(new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN));
        item.setOnAction(e -> action.run());
        return item;
    }
}
