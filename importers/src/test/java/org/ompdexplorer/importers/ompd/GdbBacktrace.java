package org.ompdexplorer.importers.ompd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * gdb's {@code thread apply all bt} for a fixture core ({@code <core>.gdb-ompd-bt.txt}, printed through the OMPD
 * plugin's frame filter, which adds {@code @thread N:} before each function), per thread by LWP: each frame's
 * function and source position, arguments left out. gdb's inlined frames are frames of their own.
 */
record GdbBacktrace(Map<Long, List<Frame>> threads) {
    private static final Pattern THREAD = Pattern.compile("^Thread \\d+ \\(Thread 0x[0-9a-f]+ \\(LWP (\\d+)\\)\\):");
    private static final Pattern FRAME = Pattern.compile("^#(\\d+)\\s+(?:0x([0-9a-f]+) in )?(?:@thread \\d+: )?(.*)$");
    private static final Pattern AT = Pattern.compile(" at (\\S+):(\\d+)$");
    private static final Pattern FROM = Pattern.compile(" from (\\S+)$");

    /**
     * One frame as gdb printed it.
     *
     * @param pc       the address gdb printed, or -1 when it printed none (an inlined frame, or a pc at a line's start)
     * @param function the function without its arguments
     * @param file     the file's base name, or {@code null} when gdb printed no source position
     * @param line     the line, 0 without one
     */
    record Frame(long pc, String function, String file, int line) {
        String place() {
            return function + (file == null ? "" : " " + file + ":" + line);
        }
    }

    static GdbBacktrace read(Path core) throws IOException {
        Map<Long, List<Frame>> threads = new LinkedHashMap<>();
        List<Frame> current = null;
        for (String line : Files.readAllLines(Path.of(core + ".gdb-ompd-bt.txt"))) {
            Matcher m = THREAD.matcher(line);
            if (m.find()) {
                current = new ArrayList<>();
                threads.put(Long.parseLong(m.group(1)), current);
                continue;
            }
            if (current == null || !(m = FRAME.matcher(line)).matches()) {
                continue;
            }
            long pc = m.group(2) == null ? -1 : Long.parseUnsignedLong(m.group(2), 16);
            String rest = m.group(3);
            String file = null;
            int lineNo = 0;
            Matcher at = AT.matcher(rest);
            if (at.find()) {
                String path = at.group(1);
                file = path.substring(path.lastIndexOf('/') + 1);
                lineNo = Integer.parseInt(at.group(2));
                rest = rest.substring(0, at.start());
            } else {
                Matcher from = FROM.matcher(rest);
                if (from.find()) {
                    rest = rest.substring(0, from.start());
                }
            }
            current.add(new Frame(pc, functionOf(rest), file, lineNo));
        }
        return new GdbBacktrace(threads);
    }

    /** The function before its argument list: the first " (" outside template brackets. */
    private static String functionOf(String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (c == ' ' && depth == 0 && i + 1 < text.length() && text.charAt(i + 1) == '(') {
                return text.substring(0, i);
            }
        }
        return text.strip();
    }
}
