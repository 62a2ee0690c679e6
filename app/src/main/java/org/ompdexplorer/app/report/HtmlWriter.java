package org.ompdexplorer.app.report;

import java.util.List;

/**
 * Writes a {@link ReportDocument} as one self-contained HTML page (its style inline, no script, nothing fetched):
 * every piece of text is escaped, so a snapshot cannot put markup or script into the report.
 */
public final class HtmlWriter {
    private static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:70em;margin:2em auto;"
            + "padding:0 1em;color:#1f2328}table{border-collapse:collapse;margin:.5em 0}"
            + "th,td{border:1px solid #d0d7de;padding:.2em .6em;text-align:left;vertical-align:top}"
            + "td.n,th.n{text-align:right}li{margin:.2em 0}.detail{color:#59636e}";

    private HtmlWriter() {
    }

    public static String write(ReportDocument doc) {
        String title = doc.blocks().stream().filter(b -> b instanceof ReportDocument.Heading h && h.level() == 1)
                .map(b -> ((ReportDocument.Heading) b).text()).findFirst().orElse("Report");
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>").append(STYLE)
                .append("</style>\n</head>\n<body>\n");
        for (ReportDocument.Block b : doc.blocks()) {
            switch (b) {
                case ReportDocument.Heading h -> out.append("<h").append(h.level()).append('>').append(escape(h.text()))
                        .append("</h").append(h.level()).append(">\n");
                case ReportDocument.Paragraph p -> out.append(p.strong() ? "<p><strong>" + escape(p.text())
                        + "</strong></p>\n" : "<p>" + escape(p.text()) + "</p>\n");
                case ReportDocument.Bullets l -> {
                    out.append("<ul>\n");
                    for (ReportDocument.Item i : l.items()) {
                        out.append("<li>").append(escape(i.text()));
                        if (!i.detail().isEmpty()) {
                            out.append("<br><span class=\"detail\">").append(escape(i.detail())).append("</span>");
                        }
                        out.append("</li>\n");
                    }
                    out.append("</ul>\n");
                }
                case ReportDocument.Table t -> table(out, t);
            }
        }
        return out.append("</body>\n</html>\n").toString();
    }

    private static void table(StringBuilder out, ReportDocument.Table t) {
        out.append("<table>\n<thead><tr>");
        for (int i = 0; i < t.header().size(); i++) {
            out.append(t.numeric()[i] ? "<th class=\"n\">" : "<th>").append(escape(t.header().get(i))).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> r : t.rows()) {
            out.append("<tr>");
            for (int i = 0; i < r.size(); i++) {
                out.append(t.numeric()[i] ? "<td class=\"n\">" : "<td>").append(escape(r.get(i))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '&' -> s.append("&amp;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c < 0xa0
                            || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069) {
                        s.append(String.format("\\u%04x", (int) c)); // a control or bidi override, shown not obeyed
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.toString();
    }
}
