package org.ompdexplorer.app.report;

import java.util.List;

/**
 * Writes a {@link ReportDocument} as CommonMark (GitHub-flavoured tables): every piece of text from a snapshot is
 * escaped, so a task named {@code *main*} or {@code a|b} neither formats the report nor breaks a table, and a line
 * break in a name cannot start a block of its own.
 */
public final class MarkdownWriter {
    private MarkdownWriter() {
    }

    public static String write(ReportDocument doc) {
        StringBuilder out = new StringBuilder();
        for (ReportDocument.Block b : doc.blocks()) {
            switch (b) {
                case ReportDocument.Heading h -> out.append("#".repeat(h.level())).append(' ').append(escape(h.text()))
                        .append("\n\n");
                case ReportDocument.Paragraph p -> out.append(p.strong() ? "**" + escape(p.text()) + "**"
                        : escape(p.text())).append("\n\n");
                case ReportDocument.Bullets l -> {
                    for (ReportDocument.Item i : l.items()) {
                        out.append("- ").append(escape(i.text())).append('\n');
                        if (!i.detail().isEmpty()) {
                            out.append("  ").append(escape(i.detail())).append('\n');
                        }
                    }
                    out.append('\n');
                }
                case ReportDocument.Table t -> table(out, t);
            }
        }
        return out.toString();
    }

    private static void table(StringBuilder out, ReportDocument.Table t) {
        row(out, t.header());
        out.append('|');
        for (int i = 0; i < t.header().size(); i++) {
            out.append(t.numeric()[i] ? "---:|" : "---|");
        }
        out.append('\n');
        for (List<String> r : t.rows()) {
            row(out, r);
        }
        out.append('\n');
    }

    private static void row(StringBuilder out, List<String> cells) {
        out.append('|');
        for (String c : cells) {
            out.append(' ').append(escape(c)).append(" |");
        }
        out.append('\n');
    }

    /**
     * Backslash-escapes the punctuation that formats inline text (emphasis, code, links, HTML, tables,
     * strikethrough, entities) and, at the start, what would open a block (a list, a heading, a quote); a line break
     * becomes a space. Other characters stay as they are, so the report still reads as plain text.
     */
    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length() + 8);
        if (!text.isEmpty() && "-+#>=".indexOf(text.charAt(0)) >= 0) {
            s.append('\\');
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&' -> s.append('\\').append(c);
                case '\n', '\r', '\u2028', '\u2029' -> s.append(' ');
                default -> s.append(c);
            }
        }
        return s.toString();
    }
}
