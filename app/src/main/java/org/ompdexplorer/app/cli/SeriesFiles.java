package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The snapshot files of a timeline, in time order: a directory's {@code *.json} files sorted by name with numbers
 * compared as numbers (the agent's {@code ompd-explorer-<pid>-<seq>-<label>.json}: {@code …-9-…} comes before
 * {@code …-10-…} whether or not the sequence number is zero-padded), files in the order given. Hidden files are
 * skipped: an interrupted write leaves its temporary file beside the target with a leading dot.
 */
final class SeriesFiles {
    private SeriesFiles() {
    }

    /** The files, or {@code null} after printing why and setting {@code exit[0]}. */
    static List<Path> expand(List<Path> inputs, PrintWriter err, int[] exit) {
        List<Path> files = new ArrayList<>();
        Path emptyDirectory = null;
        for (Path input : inputs) {
            if (!DiffCommand.isStandardInput(input) && Files.isDirectory(input)) {
                try {
                    List<Path> found = list(input);
                    if (found.isEmpty()) {
                        emptyDirectory = input;
                    }
                    files.addAll(found);
                } catch (IOException e) {
                    return failed(err, exit, ExitCodes.UNREADABLE, "cannot list the directory " + input + ": "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                            + " — check that it exists and may be read");
                }
            } else {
                files.add(input);
            }
        }
        if (files.stream().filter(DiffCommand::isStandardInput).count() > 1) {
            return failed(err, exit, ExitCodes.USAGE, "standard input (-) can be given only once");
        }
        if (files.size() < 2) {
            String got = emptyDirectory != null && files.isEmpty()
                    ? emptyDirectory + " holds no *.json snapshot"
                    : "got " + (files.isEmpty() ? "none" : "only " + SnapshotInput.name(files.getFirst()));
            return failed(err, exit, ExitCodes.USAGE, "a timeline needs at least two snapshots, " + got
                    + ": give a directory of snapshots, or two or more files in time order");
        }
        return files;
    }

    private static List<Path> list(Path dir) throws IOException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.json")) {
            for (Path p : entries) {
                if (!p.getFileName().toString().startsWith(".") && Files.isRegularFile(p)) {
                    found.add(p);
                }
            }
        }
        found.sort(Comparator.comparing(p -> p.getFileName().toString(), SeriesFiles::compareNames));
        return found;
    }

    /** Name order, but a run of digits against a run of digits by value; equal values by the names themselves. */
    static int compareNames(String a, String b) {
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

    private static List<Path> failed(PrintWriter err, int[] exit, int code, String message) {
        err.println("ompd-explorer: " + message);
        err.flush();
        exit[0] = code;
        return null;
    }
}
