package org.ompdexplorer.app.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A small document — headings, paragraphs, bullet lists and tables of plain text — that one renderer writes as
 * Markdown and another as HTML, each escaping the text for its format: a report is built once and exported either
 * way.
 */
public final class ReportDocument {
    /** One block of the document. */
    public sealed interface Block {
    }

    /** A heading of level 1 (the title) to 3. */
    public record Heading(int level, String text) implements Block {
    }

    /** A paragraph; {@code strong} for the verdict. */
    public record Paragraph(String text, boolean strong) implements Block {
    }

    /** A bullet list; each item a line, with an optional second line of detail. */
    public record Bullets(List<Item> items) implements Block {
    }

    /** A bullet: its text and detail (empty for none). */
    public record Item(String text, String detail) {
    }

    /** A table with a header row; {@code numeric[i]} right-aligns column i. */
    public record Table(List<String> header, boolean[] numeric, List<List<String>> rows) implements Block {
    }

    private final List<Block> blocks = new ArrayList<>();

    public ReportDocument heading(int level, String text) {
        blocks.add(new Heading(level, text));
        return this;
    }

    public ReportDocument paragraph(String text) {
        blocks.add(new Paragraph(text, false));
        return this;
    }

    public ReportDocument strong(String text) {
        blocks.add(new Paragraph(text, true));
        return this;
    }

    public ReportDocument bullets(List<Item> items) {
        blocks.add(new Bullets(List.copyOf(items)));
        return this;
    }

    public ReportDocument table(List<String> header, boolean[] numeric, List<List<String>> rows) {
        blocks.add(new Table(List.copyOf(header), numeric.clone(), List.copyOf(rows)));
        return this;
    }

    public List<Block> blocks() {
        return List.copyOf(blocks);
    }
}
