package org.ompdexplorer.model;

import java.util.Collection;
import java.util.Iterator;
import java.util.TreeSet;

/** A set of ids written as compressed ranges, as STAT and TotalView write rank and thread lists: {@code 0-16,18-255}. */
public final class IdRanges {
    private IdRanges() {
    }

    /** The ids ascending, each run of consecutive ids as {@code first-last}, separated by commas; {@code prefix} before each. */
    public static String format(Collection<Long> ids, String prefix) {
        TreeSet<Long> sorted = new TreeSet<>(ids);
        StringBuilder out = new StringBuilder();
        Iterator<Long> it = sorted.iterator();
        if (!it.hasNext()) {
            return "";
        }
        long first = it.next();
        long last = first;
        while (it.hasNext()) {
            long next = it.next();
            if (next == last + 1) {
                last = next;
                continue;
            }
            append(out, prefix, first, last);
            first = next;
            last = next;
        }
        append(out, prefix, first, last);
        return out.toString();
    }

    private static void append(StringBuilder out, String prefix, long first, long last) {
        if (!out.isEmpty()) {
            out.append(',');
        }
        out.append(prefix).append(first);
        if (last != first) {
            out.append('-').append(prefix).append(last);
        }
    }
}
