package org.ompdexplorer.app.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.ompdexplorer.app.cli.Cli;
import org.ompdexplorer.resources.BundledResources;

/**
 * The command line on arbitrary argument lists: every run ends with a documented exit code (never 70, never an
 * exception), inputs are never modified, and no temp file is left. Arguments come from the CLI's own words, small
 * numbers at the edges of each range, and file names that always resolve inside a sandbox directory — a fuzzer
 * must not write over the machine's files, stop real processes or open a window, so every path, PID and root
 * argument is drawn from that safe vocabulary.
 */
class CliArgumentsFuzzTest {
    private static final Set<Integer> DOCUMENTED = Set.of(0, 1, 2, 64);
    private static final String[] COMMANDS = {"summary", "validate", "export", "generate", "import-core", "capture",
        "diff", "timeline", "graph"};
    /** Commands whose output is a report: its size is bounded by the inputs' (issue 23). */
    private static final Set<String> REPORTS = Set.of("summary", "validate", "diff", "timeline", "graph");
    /**
     * The documented bound of a report (README, "Reports are bounded"): at most this many characters per byte of
     * its inputs, plus {@link #REPORT_SLACK} (help, headers, messages).
     */
    private static final long REPORT_PER_INPUT_BYTE = 16;
    private static final long REPORT_SLACK = 256 * 1024;
    private static final String[] OPTIONS = {"-o", "--output", "--strict", "--compact", "--max-tasks", "--max-regions",
        "--threads", "--depth", "--tasks", "--seed", "--exe", "--sysroot", "--solib-search-path", "--debug-dir",
        "--ompd-lib", "--no-source-lines", "--accept-truncated", "--no-stacks", "--progress", "--gcore-timeout", "--help",
        "--version", "-h", "-V", "--", "--bogus", "-z", "-oz", "--json", "--changes-only", "--max",
        "--max-diagnostics", "--region", "--task", "--format", "--all-scheduling", "--lanes", "--no-aggregate",
        "--max-nodes", "--dark"};
    /** Inputs made to stress a report's size: long names, deep nesting, repeated keys, a directory of a series. */
    private static final String[] REPORT_INPUTS = {"long-a.json", "long-b.json", "deep.json", "deep-b.json",
        "dup.json", "many.json", "series", "lesson.json", "out.svg", "out.dot", "out.png"};
    private static final String[] NUMBERS = {"-1", "0", "1", "2", "3", "7", "64", "65", "100", "5000001", "65537",
        "2147483647", "2147483648", "-2147483649", "1e3", "0x10", "", " ", "abc", "NaN"};
    /** PIDs that are never a live process here: capture must say so, and never attach to anything. */
    private static final String[] PIDS = {"0", "-1", "99999999", "4194305", "abc", "", "1.5"};
    private static final String[] SPECIAL = {"-", "/dev/null", "/dev/full", "/"};

    private static Path sandbox;
    /** What the working directory held before: a vocabulary word taken as a relative output name lands there. */
    private static Set<Path> workingDirectory;
    private static Map<Path, String> inputs;
    private static InputStream savedIn;

    @BeforeAll
    static void sandbox() throws Exception {
        sandbox = Files.createTempDirectory("ompd-explorer-cli-fuzz-");
        Path lesson = sandbox.resolve("lesson.json");
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            Files.copy(in, lesson);
        }
        Files.writeString(sandbox.resolve("broken.json"), "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"tas");
        Files.write(sandbox.resolve("core"), new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0});
        Files.createSymbolicLink(sandbox.resolve("link.json"), lesson);
        Path ro = Files.writeString(sandbox.resolve("readonly.json"), "{}");
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r--r--r--"));
        Files.createDirectory(sandbox.resolve("dir"));
        ReportInputs.write(sandbox, Files.readString(lesson));
        inputs = new LinkedHashMap<>();
        for (String name : List.of("lesson.json", "broken.json", "core", "readonly.json", "long-a.json", "long-b.json",
                "deep.json", "deep-b.json", "dup.json", "many.json", "series/1.json", "series/2.json",
                "series/compile_commands.json")) {
            inputs.put(sandbox.resolve(name), digest(sandbox.resolve(name)));
        }
        workingDirectory = listing(Path.of("").toAbsolutePath());
        savedIn = System.in;
        System.setIn(new ByteArrayInputStream(new byte[0])); // '-' must never read the test runner's own stdin
    }

    @AfterAll
    static void cleanUp() throws IOException {
        System.setIn(savedIn);
        try (Stream<Path> all = Files.walk(sandbox)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @FuzzTest(maxDuration = "10s")
    void arguments(FuzzedDataProvider data) throws Exception {
        List<String> args = new ArrayList<>();
        if (data.consumeInt(0, 15) == 0) {
            args.add(data.pickValue(new String[] {"--help", "--version", "-h", "-V", "--bogus", "unknown-word", "sumary"}));
        } else {
            args.add(data.pickValue(COMMANDS));
        }
        int n = data.consumeInt(0, 8);
        for (int i = 0; i < n; i++) {
            args.add(switch (data.consumeInt(0, 6)) {
                case 0, 1 -> data.pickValue(OPTIONS);
                case 2 -> args.getFirst().equals("capture") ? data.pickValue(PIDS) : data.pickValue(NUMBERS);
                case 3 -> data.pickValue(SPECIAL);
                case 4 -> sandbox.resolve(data.pickValue(REPORT_INPUTS)).toString();
                default -> inSandbox(data.consumeString(40));
            });
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));

        assertThat(DOCUMENTED).as("exit code of %s; stderr: %s", args, err).contains(code);
        assertThat(err.toString()).as("stderr of %s", args).doesNotContain("internal error").doesNotContain("Exception");
        for (Map.Entry<Path, String> input : inputs.entrySet()) {
            assertThat(digest(input.getKey())).as("%s after %s", input.getKey(), args).isEqualTo(input.getValue());
        }
        assertThat(Files.isSymbolicLink(sandbox.resolve("link.json"))).as("link after %s", args).isTrue();
        if (REPORTS.contains(args.getFirst())) {
            long bound = REPORT_PER_INPUT_BYTE * inputBytes(args) + REPORT_SLACK;
            long printed = (writesToStandardOutput(args) ? 0 : out.getBuffer().length()) + err.getBuffer().length();
            assertThat(printed).as("characters printed by %s (inputs %s bytes)", args, inputBytes(args))
                    .isLessThanOrEqualTo(bound);
        }
        try (Stream<Path> left = Files.list(sandbox)) {
            assertThat(left.filter(p -> p.getFileName().toString().endsWith(".tmp"))).as("temps after %s", args).isEmpty();
        }
        resetOutputs();
    }

    /** The bytes of the files (and directories' files) the arguments name; standard input is empty here. */
    private static long inputBytes(List<String> args) throws IOException {
        long total = 0;
        for (String a : args) {
            Path p = Path.of(a.isEmpty() ? "." : a);
            if (!a.isEmpty() && p.isAbsolute() && p.startsWith(sandbox) && Files.isDirectory(p)) {
                try (Stream<Path> files = Files.list(p)) {
                    for (Path f : files.toList()) {
                        total += Files.isRegularFile(f) ? Files.size(f) : 0;
                    }
                }
            } else if (!a.isEmpty() && p.isAbsolute() && p.startsWith(sandbox) && Files.isRegularFile(p)) {
                total += Files.size(p);
            }
        }
        return total;
    }

    /** A picture or snapshot written to standard output is no report: graph's own bound is its node cap. */
    private static boolean writesToStandardOutput(List<String> args) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if ((args.get(i).equals("-o") || args.get(i).equals("--output")) && args.get(i + 1).equals("-")) {
                return true;
            }
        }
        return false;
    }

    /** Any fuzzer-made word names a file in the sandbox: no separators, no "..", never empty. */
    private static String inSandbox(String word) {
        String name = word.replace('/', '_').replace('\0', '_');
        if (name.isEmpty() || name.equals(".") || name.equals("..")) {
            name = "out.json";
        }
        return sandbox.resolve(name).toString();
    }

    private static Set<Path> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return Set.copyOf(files.toList());
        }
    }

    /** Removes what a run wrote, so the next starts from the same sandbox. */
    private static void resetOutputs() throws IOException {
        for (Path p : listing(Path.of("").toAbsolutePath())) {
            if (!workingDirectory.contains(p) && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(p); // a relative -o like "abc" or "--sysroot": a file this run made, never one it found
            }
        }
        try (Stream<Path> files = Files.list(sandbox)) {
            for (Path p : files.toList()) {
                if (!inputs.containsKey(p) && !p.getFileName().toString().equals("link.json")
                        && !p.getFileName().toString().equals("dir") && !p.getFileName().toString().equals("series")) {
                    Files.deleteIfExists(p);
                }
            }
        }
        try (Stream<Path> files = Files.list(sandbox.resolve("dir"))) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String digest(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
