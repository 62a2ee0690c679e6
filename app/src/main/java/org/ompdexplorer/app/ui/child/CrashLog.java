package org.ompdexplorer.app.ui.child;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a child JVM's fatal-error log ({@code hs_err_pid*.log}) says about its crash: the signal and the native
 * frame it hit. A JVM that crashes in native code (a SIGSEGV in libompd) handles the signal itself, writes this
 * log and exits with code 1 (with core dumps off), so the log is the only place where the crash shows.
 *
 * @param signal the signal's name, e.g. {@code SIGSEGV}
 * @param number the signal's number, e.g. 11
 * @param frame  the problematic frame, e.g. {@code libompd.so+0x1a2b ompd_get_thread_handle+0x3b}; may be empty
 */
record CrashLog(String signal, int number, String frame) {
    static final String FILE_PATTERN = "hs_err_pid%p.log";
    private static final Pattern SIGNAL = Pattern.compile("^#\\s+(SIG[A-Z0-9]+) \\(0x([0-9a-fA-F]+)\\)");
    private static final Pattern FRAME = Pattern.compile("^#\\s+[A-Za-z]\\s+\\[?([^\\]]*)\\]?\\s*(.*)$");
    private static final int HEADER_LINES = 60;

    /** The crash log a child JVM left in {@code workDir}, if it left one. */
    static Optional<CrashLog> find(Path workDir) {
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(workDir, "hs_err_pid*.log")) {
            for (Path log : logs) {
                return read(log);
            }
        } catch (IOException e) {
            // no log to read: the message then names the signal the parent saw
        }
        return Optional.empty();
    }

    static Optional<CrashLog> read(Path log) throws IOException {
        String signal = null;
        int number = 0;
        String frame = "";
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
            boolean frameNext = false;
            String line;
            for (int n = 0; n < HEADER_LINES && (line = in.readLine()) != null; n++) {
                Matcher s = SIGNAL.matcher(line);
                if (signal == null && s.find()) {
                    signal = s.group(1);
                    number = Integer.parseInt(s.group(2), 16);
                } else if (frameNext) {
                    Matcher f = FRAME.matcher(line);
                    frame = f.matches() ? (f.group(1) + (f.group(2).isBlank() ? "" : " " + f.group(2).strip())).strip()
                            : line.substring(1).strip();
                    frameNext = false;
                } else if (line.startsWith("# Problematic frame:")) {
                    frameNext = true;
                }
            }
        }
        return signal == null ? Optional.empty() : Optional.of(new CrashLog(signal, number, frame));
    }
}
