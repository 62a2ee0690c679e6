package org.ompdexplorer.app.ui.job;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Whether a folder named on the command line holds the snapshots of a job's ranks, as the capture agent names them
 * in a shared directory ({@code ompd-explorer-<job>-r<rank>-<seq>-<pid>-<label>.json}, docs/agent.md "MPI jobs"),
 * or what {@code import-core DIR} writes from rank cores is opened through File → Open Job… instead. Judged by the
 * names alone, reading no file: a folder is opened as a job when one of its first entries is named as a rank's.
 */
public final class JobFolders {
    private static final Pattern RANK_FILE = Pattern.compile("ompd-explorer-(?:.+-)?r\\d{4,10}-\\d+-\\d+-.*\\.json(?:\\.gz)?");
    /** Entries looked at: a folder of many thousands of files is judged by its first ones. */
    private static final int LOOKED_AT = 4_096;

    private JobFolders() {
    }

    /** Whether {@code folder} is a folder with a rank snapshot among its first entries, as the agent names them. */
    public static boolean holdsRankSnapshots(Path folder) {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        int seen = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                if (RANK_FILE.matcher(entry.getFileName().toString()).matches()) {
                    return true;
                }
                if (++seen >= LOOKED_AT) {
                    return false;
                }
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            return false; // opened as before (a series), which says what is wrong with the folder
        }
        return false;
    }
}
