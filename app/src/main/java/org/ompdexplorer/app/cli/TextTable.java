package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of text cells printed in aligned columns, two spaces apart, numbers right-aligned where asked. Widths come
 * from the rows themselves, so the same rows always print the same bytes; no line ends in spaces.
 */
final class TextTable {
    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();

    /** @param rightAligned for each column, whether it is right-aligned (numbers) */
    TextTable(boolean... rightAligned) {
        this.rightAligned = rightAligned.clone();
    }

    TextTable add(String... cells) {
        if (cells.length != rightAligned.length) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of "
                    + rightAligned.length + " columns");
        }
        rows.add(cells.clone());
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out, String indent) {
        int[] widths = new int[rightAligned.length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], width(row[c]));
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < row.length; c++) {
                String pad = " ".repeat(widths[c] - width(row[c]));
                line.append(c == 0 ? "" : "  ").append(rightAligned[c] ? pad + row[c] : row[c] + pad);
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /** Characters as a terminal shows them: a code point each (no East Asian wide forms in these reports). */
    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }
}
