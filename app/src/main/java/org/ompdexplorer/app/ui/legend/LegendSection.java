package org.ompdexplorer.app.ui.legend;

import java.util.List;

/** A group of marks in the legend: lifecycle colours, compare marks, navigator badges… */
public record LegendSection(String title, List<LegendEntry> entries) {
    public LegendSection {
        entries = List.copyOf(entries);
        if (title == null || title.isBlank() || entries.isEmpty()) {
            throw new IllegalArgumentException("a legend section needs a title and entries");
        }
    }
}
