package org.ompdexplorer.app.ui.job;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * A bar above the window's content while a job is open and its page is not shown (a rank opened from it, or two
 * compared): the job in a line, Back to the Job and Close Job.
 */
public final class JobBar extends HBox {
    public static final String ID = "jobBar";

    public JobBar(JobViewModel vm) {
        super(8);
        setId(ID);
        getStyleClass().add("job-bar");
        setAlignment(Pos.CENTER_LEFT);
        Label text = new Label();
        text.setId("jobBarText");
        text.getStyleClass().add("job-bar-text");
        text.setWrapText(true);
        text.setMinWidth(0);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button back = new Button("Back to the Job");
        back.setId("jobBarBack");
        back.setTooltip(new Tooltip("The job's page: outliers, classes, merged stacks (Ctrl+J)"));
        back.setOnAction(e -> vm.showPage());
        back.setMinWidth(Region.USE_PREF_SIZE);
        Button close = new Button("Close Job");
        close.setId("jobBarClose");
        close.setTooltip(new Tooltip("Forget the job; what is shown stays"));
        close.setOnAction(e -> vm.close());
        close.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().addAll(text, back, close);
        Runnable update = () -> {
            OpenedJob job = vm.jobProperty().get();
            boolean shown = job != null && !vm.pageShownProperty().get();
            setVisible(shown);
            setManaged(shown);
            text.setText(job == null ? "" : job.headline());
        };
        vm.jobProperty().addListener((obs, old, now) -> update.run());
        vm.pageShownProperty().addListener((obs, old, now) -> update.run());
        update.run();
    }
}
