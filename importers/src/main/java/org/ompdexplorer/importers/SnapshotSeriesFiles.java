package org.ompdexplorer.importers;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The snapshot files of a series in time order, for the CLI's timeline and the window's Open Series alike: a
 * directory's {@code *.json} and {@code *.json.gz} files sorted by name with numbers compared as numbers (the agent's
 * {@code ompd-explorer-<pid>-<seq>-<label>.json}: {@code …-9-…} comes before {@code …-10-…} whether or not the
 * sequence number is zero-padded). Hidden files are skipped: an interrupted write leaves its temporary file beside
 * the target with a leading dot.
 */
public final class SnapshotSeriesFiles {
    /** Files by {@link #compareNames} of their names. */
    public static final Comparator<Path> BY_NAME = Comparator.comparing(p -> p.getFileName().toString(),
            SnapshotSeriesFiles::compareNames);

    private SnapshotSeriesFiles() {
    }

    /** The directory's snapshot files, in time order. */
    public static List<Path> list(Path dir) throws IOException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.{json,json.gz}")) {
            for (Path p : entries) {
                if (!p.getFileName().toString().startsWith(".") && Files.isRegularFile(p)) {
                    found.add(p);
                }
            }
        }
        found.sort(BY_NAME);
        return found;
    }

    /** Name order, but a run of digits against a run of digits by value; equal values by the names themselves. */
    public static int compareNames(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            if (isDigit(a.charAt(i)) && isDigit(b.charAt(j))) {
                int startA = i;
                int startB = j;
                while (i < a.length() && isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && isDigit(b.charAt(j))) {
                    j++;
                }
                String numberA = withoutLeadingZeros(a.substring(startA, i));
                String numberB = withoutLeadingZeros(b.substring(startB, j));
                int c = numberA.length() != numberB.length() ? Integer.compare(numberA.length(), numberB.length())
                        : numberA.compareTo(numberB);
                if (c != 0) {
                    return c;
                }
            } else if (a.charAt(i) != b.charAt(j)) {
                return Character.compare(a.charAt(i), b.charAt(j));
            } else {
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String withoutLeadingZeros(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }
}
