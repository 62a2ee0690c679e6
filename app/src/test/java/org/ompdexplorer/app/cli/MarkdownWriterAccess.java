package org.ompdexplorer.app.cli;

import java.util.List;
import org.ompdexplorer.app.report.HtmlWriter;
import org.ompdexplorer.app.report.MarkdownWriter;
import org.ompdexplorer.app.report.ReportDocument;

/** One hostile text through both report writers, as a heading, a bullet and a table cell. */
final class MarkdownWriterAccess {
    private MarkdownWriterAccess() {
    }

    private static ReportDocument doc(String text) {
        return new ReportDocument().heading(2, text).bullets(List.of(new ReportDocument.Item(text, text)))
                .table(List.of("a"), new boolean[] {false}, List.of(List.of(text)));
    }

    static String markdown(String text) {
        String md = MarkdownWriter.write(doc(text));
        return md.lines().filter(l -> l.contains("script")).findFirst().orElse("");
    }

    static String html(String text) {
        return HtmlWriter.write(doc(text));
    }
}
