package org.ompdexplorer.app.ui.details;

import java.util.Comparator;

/**
 * How a details table sorts a column of {@link Value}s: by their unsigned number when both have one (bytes,
 * addresses), else by text with runs of digits compared as numbers ({@code TR9} before {@code TR10},
 * {@code 900 B} before {@code 8,000 B}); unavailable values last.
 */
final class ValueOrder implements Comparator<Value> {
    static final ValueOrder INSTANCE = new ValueOrder();

    private ValueOrder() {
    }

    @Override
    public int compare(Value a, Value b) {
        if (a == b) {
            return 0;
        }
        if (a == null || b == null) {
            return a == null ? 1 : -1;
        }
        if (a.unavailable() != b.unavailable()) {
            return a.unavailable() ? 1 : -1;
        }
        if (a.order() != null && b.order() != null) {
            return Long.compareUnsigned(a.order(), b.order());
        }
        return natural(a.text(), b.text());
    }

    /** Text order where digit runs (commas inside them ignored) compare by value. */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                String na = stripped(a, i, ei);
                String nb = stripped(b, j, ej);
                int byLength = Integer.compare(na.length(), nb.length());
                if (byLength != 0) {
                    return byLength;
                }
                int byDigits = na.compareTo(nb);
                if (byDigits != 0) {
                    return byDigits;
                }
                i = ei;
                j = ej;
            } else {
                int c = Character.compare(Character.toLowerCase(ca), Character.toLowerCase(cb));
                if (c != 0) {
                    return c;
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static int digitsEnd(String s, int from) {
        int k = from;
        while (k < s.length() && (Character.isDigit(s.charAt(k))
                || s.charAt(k) == ',' && k + 1 < s.length() && Character.isDigit(s.charAt(k + 1)))) {
            k++;
        }
        return k;
    }

    /** The digits without commas or leading zeros ("0" for zeros only). */
    private static String stripped(String s, int from, int to) {
        String digits = s.substring(from, to).replace(",", "");
        int z = 0;
        while (z < digits.length() - 1 && digits.charAt(z) == '0') {
            z++;
        }
        return digits.substring(z);
    }
}
