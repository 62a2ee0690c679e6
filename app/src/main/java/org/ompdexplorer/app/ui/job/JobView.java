package org.ompdexplorer.app.ui.job;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.RankClass;
import org.ompdexplorer.model.job.SeriesStep;

/**
 * The job's page, in the centre of the window: the job in a line, the outliers first (a sentence each), the classes
 * of the same OpenMP state as a table (a click on a representative, or Enter, opens it; two selected, or two ranks
 * typed, open in compare mode), the merged stacks with rank sets, the series when each rank has several snapshots,
 * and the inputs not merged. Escape or Back returns to what was shown before.
 */
public final class JobView extends BorderPane {
    public static final String ID = "jobView";

    private final JobViewModel vm;
    private final Label headline = new Label();
    private final VBox outliers = new VBox(4);
    private final Label outliersTitle = sectionTitle("Outliers");
    private final JobClassesTable classes;
    private final JobStacksTree stacks = new JobStacksTree();
    private final VBox series = new VBox(4);
    private final VBox selectedThreads = new VBox(2);
    private final VBox problems = new VBox(4);
    private final Label problemsTitle = sectionTitle("");
    private final VBox stacksSection;
    private final VBox seriesSection;
    private final VBox problemsSection;

    public JobView(JobViewModel vm) {
        this.vm = vm;
        setId(ID);
        getStyleClass().add("job-view");
        classes = new JobClassesTable(vm::openRepresentative, this::compareSelected);
        headline.setId("jobHeadline");
        headline.getStyleClass().add("job-headline");
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        headline.setMinWidth(0);
        HBox.setHgrow(headline, Priority.ALWAYS);
        headline.setMaxWidth(Double.MAX_VALUE);
        Button back = new Button("Back");
        back.setId("jobBack");
        back.setTooltip(new Tooltip("Escape: back to what was shown before; Go → Job View (Ctrl+J) returns here"));
        back.setOnAction(e -> vm.hidePage());
        back.setMinWidth(Region.USE_PREF_SIZE);
        HBox top = new HBox(8, headline, back);
        top.setAlignment(Pos.CENTER_LEFT);
        outliers.setId("jobOutliers");
        series.setId("jobSeries");
        problems.setId("jobProblems");
        selectedThreads.setId("jobSelectedThreads");
        selectedThreads.getStyleClass().add("job-selected-threads");
        classes.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> showThreads());
        VBox outliersSection = new VBox(6, outliersTitle, outliers);
        VBox classesSection = new VBox(6, sectionTitle("Classes of the same OpenMP state, largest first"),
                hint("Ranks in one class have every thread in the same state, wait and innermost frame of the "
                        + "program, and the same task counts. A click on a representative, or Enter, opens its "
                        + "snapshot; select two classes (Ctrl+click) or type two ranks to compare them."),
                classes, actions(), selectedThreads);
        stacksSection = new VBox(6, sectionTitle("Merged stacks (every thread of every rank; outermost frame first)"),
                hint("A frame in colour is one that not every rank passes through: the way to an odd rank."), stacks);
        seriesSection = new VBox(6, sectionTitle("Series (each rank's snapshots, earliest first)"), series);
        problemsSection = new VBox(6, problemsTitle, problems);
        VBox page = new VBox(18, top, outliersSection, classesSection, stacksSection, seriesSection, problemsSection);
        page.getStyleClass().add("job-page");
        ScrollPane scroll = new ScrollPane(page);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("job-scroll");
        setCenter(scroll);
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                vm.hidePage();
                e.consume();
            }
        });
        vm.jobProperty().addListener((obs, old, now) -> show(now));
        show(vm.jobProperty().get());
    }

    /** Open / compare the selected classes, and a field to type one rank or two. */
    private Node actions() {
        Button open = new Button();
        open.setId("jobOpenSelected");
        open.textProperty().bind(Bindings.createStringBinding(() -> {
            RankClass c = classes.getSelectionModel().getSelectedItem();
            return c == null ? "Open the representative" : "Open rank " + c.representative().rank();
        }, classes.getSelectionModel().selectedItemProperty()));
        open.disableProperty().bind(Bindings.size(classes.getSelectionModel().getSelectedItems()).isNotEqualTo(1));
        open.setOnAction(e -> vm.openRepresentative(classes.getSelectionModel().getSelectedItem()));
        Button compare = new Button("Compare the two selected");
        compare.setId("jobCompareSelected");
        compare.setTooltip(new Tooltip("Their representatives in compare mode, the larger class as A"));
        compare.disableProperty().bind(Bindings.size(classes.getSelectionModel().getSelectedItems()).isNotEqualTo(2));
        compare.setOnAction(e -> compareSelected());
        Label ranksLabel = new Label("Ranks:");
        TextField typed = new TextField();
        typed.setId("jobRanksField");
        typed.setPromptText("5, or 0 5 to compare");
        typed.setPrefColumnCount(12);
        ranksLabel.setLabelFor(typed);
        Button openTyped = new Button("Open");
        openTyped.setId("jobOpenRanks");
        openTyped.setOnAction(e -> vm.openTyped(typed.getText()));
        typed.setOnAction(e -> vm.openTyped(typed.getText()));
        openTyped.disableProperty().bind(typed.textProperty().isEmpty());
        Label problem = new Label();
        problem.setId("jobRankProblem");
        problem.getStyleClass().add("job-rank-problem");
        problem.textProperty().bind(vm.rankProblemProperty());
        problem.setWrapText(true);
        problem.setMinWidth(0);
        HBox.setHgrow(problem, Priority.ALWAYS);
        for (Node n : List.of(open, compare, ranksLabel, openTyped)) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox row = new HBox(8, open, compare, new Region(), ranksLabel, typed, openTyped, problem);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** The threads of the class selected last, one a line: what the table's last column holds, whole. */
    private void showThreads() {
        selectedThreads.getChildren().clear();
        RankClass c = classes.getSelectionModel().getSelectedItem();
        if (c == null) {
            return;
        }
        String file = c.representative().file();
        Label title = new Label("Threads of " + c.ranks().named() + ", as rank " + c.representative().rank() + " ("
                + file.substring(file.lastIndexOf('/') + 1) + "):");
        title.getStyleClass().add("job-selected-title");
        selectedThreads.getChildren().add(title);
        JobClassesTable.threadLines(c).forEach(line -> selectedThreads.getChildren().add(sentence(line,
                "job-thread-line")));
        selectedThreads.getChildren().add(sentence(c.state().taskCounts().equals("no explicit tasks")
                ? "no explicit tasks" : "tasks: " + c.state().taskCounts(), "job-thread-line"));
    }

    private void compareSelected() {
        List<RankClass> selected = List.copyOf(classes.getSelectionModel().getSelectedItems());
        if (selected.size() == 2) {
            List<RankClass> ordered = selected.stream().sorted(RankClass.LARGEST_FIRST).toList();
            vm.compareRepresentatives(ordered.get(0), ordered.get(1));
        }
    }

    private void show(OpenedJob job) {
        outliers.getChildren().clear();
        series.getChildren().clear();
        problems.getChildren().clear();
        if (job == null) {
            headline.setText("");
            classes.show(List.of());
            return;
        }
        JobFindings f = job.findings();
        headline.setText(job.headline());
        headline.setTooltip(f.program() == null ? null : new Tooltip(f.program()));
        outliersTitle.setText(f.classes().size() <= 1 ? "No outlier" : "Outliers");
        for (int i = 0; i < f.outliers().size(); i++) {
            Label l = sentence(f.outliers().get(i), i == 0 && f.classes().size() > 1 ? "job-outlier-first"
                    : "job-outlier");
            l.setId("jobOutlier-" + i);
            outliers.getChildren().add(l);
        }
        classes.show(f.classes());
        stacks.show(f.stacks(), f.ranks());
        visible(stacksSection, f.stacks().threads() > 0);
        f.series().stream().map(SeriesStep::sentence).forEach(s -> series.getChildren().add(sentence(s, "job-line")));
        visible(seriesSection, !f.series().isEmpty());
        problemsTitle.setText("Not merged or merged with a remark (" + f.problems().size() + ")");
        for (JobProblem p : f.problems()) {
            Label l = sentence(p.message(), "job-problem");
            l.getProperties().put(JobProblem.class, p);
            problems.getChildren().add(l);
        }
        visible(problemsSection, !f.problems().isEmpty());
    }

    /** Gives the focus to the classes table, where the keyboard starts on this page. */
    public void focusClasses() {
        classes.requestFocus();
    }

    private static void visible(Node n, boolean shown) {
        n.setVisible(shown);
        n.setManaged(shown);
    }

    private static Label sentence(String text, String styleClass) {
        Label l = new Label(text);
        l.getStyleClass().add(styleClass);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label sectionTitle(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("job-section-title");
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label hint(String text) {
        Label l = sentence(text, "job-hint");
        return l;
    }
}
