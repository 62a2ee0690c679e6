package org.ompdexplorer.app.graph;

/**
 * Text widths in the graph's font, DejaVu Sans (installed with the app), from its advance widths: the same on the
 * canvas, in SVG and in PNG, and computed without a toolkit so that layouts can be made off the FX thread and in
 * the CLI.
 */
public final class TextMetrics {
    /** Advance widths of ASCII 32–126 in thousandths of an em, regular then bold. */
    private static final short[] REGULAR = {
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838};
    private static final short[] BOLD = {
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838};
    /** The font the graph is drawn in, first choice; the others stand in where it is missing. */
    public static final String FONT_FAMILY = "DejaVu Sans";

    private TextMetrics() {
    }

    /** The width of {@code text} at {@code size} pixels. */
    public static double width(String text, double size, boolean bold) {
        short[] table = bold ? BOLD : REGULAR;
        double em = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            em += c >= 32 && c < 127 ? table[c - 32] : c == '·' ? table[0] : 838;
        }
        return em * size / 1000;
    }

    /** {@code text}, cut with an ellipsis to fit {@code max} pixels. */
    public static String fit(String text, double size, boolean bold, double max) {
        if (width(text, size, bold) <= max) {
            return text;
        }
        double room = max - width("…", size, bold);
        int end = 0;
        double used = 0;
        while (end < text.length()) {
            double w = width(text.substring(end, end + 1), size, bold);
            if (used + w > room) {
                break;
            }
            used += w;
            end++;
        }
        return text.substring(0, end) + "…";
    }
}
