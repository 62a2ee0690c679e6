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
 * What LLVM's gdb OMPD plugin printed for a fixture core ({@code <core>.gdb-ompd.txt}: {@code thread apply all
 * -ascending ompd parallel}; {@code <core>.gdb-ompd-icvs.txt}: {@code ... ompd icvs}), parsed per thread.
 *
 * @param threads by LWP, in gdb's order
 */
record GdbOracle(Map<Long, ThreadView> threads) {
    private static final Pattern THREAD = Pattern.compile("^Thread \\d+ \\(Thread 0x[0-9a-f]+ \\(LWP (\\d+)\\)\\):");
    private static final Pattern REGION = Pattern.compile("^Parallel Region: Nesting Level (\\d+): Team Size: (\\d+)");
    private static final Pattern MEMBER = Pattern.compile(
            "^\\s*(\\d+)\\s+(?:\\(master\\)\\s+)?(\\S+)\\s+(-?\\d+)\\s+0x([0-9a-f]+)\\s+(\\S+)\\s+(\\S+):(\\d+)\\s*$");

    /** One thread: the regions `ompd parallel` printed (innermost first, level 0 left out) and its ICVs. */
    record ThreadView(long lwp, List<RegionView> regions, Map<String, IcvLine> icvs) {
    }

    /** One region and a row per team member. */
    record RegionView(int level, int teamSize, List<MemberRow> members) {
    }

    /** One member: its thread's state and wait id, its implicit task's entry point, function and source line. */
    record MemberRow(int threadNum, String state, long waitId, long entry, String function, String file, int line) {
    }

    /** One line of `ompd icvs`: name, scope as the plugin names it, and the value as printed. */
    record IcvLine(String name, String scope, String value) {
    }

    static GdbOracle read(Path core) throws IOException {
        Map<Long, ThreadView> threads = new LinkedHashMap<>();
        ThreadView thread = null;
        RegionView region = null;
        for (String line : Files.readAllLines(Path.of(core + ".gdb-ompd.txt"))) {
            Matcher m;
            if ((m = THREAD.matcher(line)).find()) {
                thread = new ThreadView(Long.parseLong(m.group(1)), new ArrayList<>(), new LinkedHashMap<>());
                threads.put(thread.lwp(), thread);
                region = null;
            } else if (thread != null && (m = REGION.matcher(line)).find()) {
                region = new RegionView(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), new ArrayList<>());
                thread.regions().add(region);
            } else if (region != null && (m = MEMBER.matcher(line)).matches()) {
                region.members().add(new MemberRow(Integer.parseInt(m.group(1)), m.group(2), Long.parseLong(m.group(3)),
                        Long.parseUnsignedLong(m.group(4), 16), m.group(5), m.group(6), Integer.parseInt(m.group(7))));
            }
        }
        ThreadView current = null;
        boolean inTable = false;
        for (String line : Files.readAllLines(Path.of(core + ".gdb-ompd-icvs.txt"))) {
            Matcher m = THREAD.matcher(line);
            if (m.find()) {
                current = threads.get(Long.parseLong(m.group(1)));
                inTable = false;
            } else if (line.startsWith("=====")) {
                inTable = current != null;
            } else if (inTable && line.length() > 32 && !line.isBlank()) {
                // "%-31s %-26s %s": name, scope, value (which may be empty or hold spaces)
                String name = line.substring(0, 31).strip();
                String scope = line.substring(32, Math.min(line.length(), 58)).strip();
                String value = line.length() > 59 ? line.substring(59).strip() : "";
                current.icvs().put(name, new IcvLine(name, scope, value));
            }
        }
        return new GdbOracle(threads);
    }
}
