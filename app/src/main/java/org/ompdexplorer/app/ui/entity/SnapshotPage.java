package org.ompdexplorer.app.ui.entity;

/** The snapshot-level pages: facts about the whole snapshot rather than one entity. */
public enum SnapshotPage {
    CAPTURE("Capture", "How and when the snapshot was taken"),
    RUNTIME("Runtime and OMPD", "ompd_get_omp_version, ompd_get_version_string"),
    DISPLAY_CONTROL_VARS("Display control variables", "ompd_get_display_control_vars"),
    STATES("Thread states", "ompd_enumerate_states"),
    ICV_CATALOGUE("ICV catalogue", "ompd_enumerate_icvs"),
    DIAGNOSTICS("Diagnostics", "What the importer found wrong or odd in the input");

    private final String title;
    private final String source;

    SnapshotPage(String title, String source) {
        this.title = title;
        this.source = source;
    }

    public String title() {
        return title;
    }

    /** Where the page's facts come from, in the spec's words. */
    public String source() {
        return source;
    }
}
