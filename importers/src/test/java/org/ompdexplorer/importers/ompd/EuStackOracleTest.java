package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallFrame;

/**
 * The pcs of every thread's stack on every fixture core equal those {@code eu-stack --core=CORE -e EXE} (elfutils, the
 * unwinder's own command) prints for the same thread, frame by frame; inlined frames, which share their caller's pc,
 * are counted once.
 */
class EuStackOracleTest {
    private static final Pattern TID = Pattern.compile("^TID (\\d+):");
    private static final Pattern FRAME = Pattern.compile("^#\\d+\\s+0x([0-9a-f]+)");

    static Stream<String> cores() {
        return CallStackOracleTest.cores();
    }

    @ParameterizedTest
    @MethodSource("cores")
    void pcsEqualEuStacks(String name) throws IOException, InterruptedException {
        Path core = NativeFixtures.core(name);
        Path exe = NativeFixtures.program(name.substring(0, name.indexOf('.')));
        Map<Long, List<Long>> expected = euStack(core, exe);
        Snapshot snapshot = CoreImports.snapshot(name);
        int frames = 0;
        for (OmpThread thread : snapshot.threads()) {
            long lwp = CoreImports.lwp(thread);
            List<Long> ours = snapshot.index().callStack(thread.id()).orElseThrow().frames().stream()
                    .filter(f -> !f.inlined()).map(CallFrame::pc).toList();
            assertThat(ours).as("pcs of LWP %d in %s (eu-stack's second)", lwp, name)
                    .isEqualTo(expected.get(lwp));
            frames += ours.size();
        }
        assertThat(frames).as("frames compared in %s", name).isGreaterThan(snapshot.threads().size());
        System.out.printf("%s: %d threads, %d pcs equal eu-stack's%n", name, snapshot.threads().size(), frames);
    }

    private static Map<Long, List<Long>> euStack(Path core, Path exe) throws IOException, InterruptedException {
        Path tool = Path.of("/usr/bin/eu-stack");
        NativeFixtures.require(Files.isExecutable(tool), "eu-stack is not installed",
                "scripts/install-native-deps.sh, or apt-get install elfutils");
        Process p = new ProcessBuilder(tool.toString(), "--core=" + core, "-e", exe.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = p.waitFor();
        assertThat(exit).as("eu-stack's exit status on %s (0: every stack whole)", core).isZero();
        Map<Long, List<Long>> threads = new LinkedHashMap<>();
        List<Long> current = null;
        for (String line : out.split("\n")) {
            Matcher m = TID.matcher(line);
            if (m.find()) {
                current = new ArrayList<>();
                threads.put(Long.parseLong(m.group(1)), current);
            } else if (current != null && (m = FRAME.matcher(line)).find()) {
                current.add(Long.parseUnsignedLong(m.group(1), 16));
            }
        }
        return threads;
    }
}
