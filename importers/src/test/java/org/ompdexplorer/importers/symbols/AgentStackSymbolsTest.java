package org.ompdexplorer.importers.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.elf.CallTargets;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfHeader;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.FunctionSymbols;
import org.ompdexplorer.importers.elf.ProgramHeader;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * A raw call stack as the capture agent writes it (format 1.3: pcs, CFAs, module indexes; no symbols, no tasks) of a
 * real program built with {@code clang-19 -g -fopenmp} (native/call_stacks.c): the pcs are the entry of a function
 * and the return addresses of known calls, found in the program's own code, with the module map of the program and
 * of libomp as the agent would write it (path, build-id, load bias). Read, each frame gets its function and file:line
 * — a return address the line of its call, not of the statement after it — and its task and role by the rule of
 * {@code ompd bt}; without the program, or with another build of it, its frames keep module+offset and one warning
 * names the file.
 */
class AgentStackSymbolsTest {
    private static final Path SOURCE = Path.of("src/test/resources/native/call_stacks.c").toAbsolutePath();
    private static final Path CLANG = Path.of("/usr/bin/clang-19");
    private static final Path LIBOMP = Path.of("/usr/lib/llvm-19/lib/libomp.so.5");
    private static final long PROGRAM_BIAS = 0x555555554000L;
    private static final long LIBOMP_BIAS = 0x7ffff7c00000L;
    @TempDir
    static Path dir;
    private static Path exe;
    private static Map<String, Integer> lines;
    /** The frames' pcs, innermost first: leaf's entry, then the return addresses of middle's, the body's, main's calls. */
    private static List<Long> pcs;
    private static String outlined;

    @BeforeAll
    static void build() throws Exception {
        NativeFixtures.require(Files.isExecutable(CLANG), "no clang-19",
                "apt-get install clang-19 libomp-19-dev (scripts/install-deps.sh)");
        NativeFixtures.require(Files.exists(LIBOMP), "no " + LIBOMP, "apt-get install libomp-19-dev");
        exe = compile(dir.resolve("call_stacks"));
        lines = markers();
        pcs = new ArrayList<>();
        try (ElfFile file = ElfFile.open(exe)) {
            FunctionSymbols functions = FunctionSymbols.of(file.symbols());
            CallTargets calls = new CallTargets(file, functions);
            long bias = bias(file, PROGRAM_BIAS);
            pcs.add(bias + symbol(file, "leaf").value());
            pcs.add(bias + returnAddressOfCall(file, calls, symbol(file, "middle"), "leaf"));
            ElfSymbol body = file.symbols().all().filter(s -> s.type() == ElfSymbol.Type.FUNC)
                    .filter(s -> returnAddressOfCallOrZero(file, calls, s, "middle") != 0).findFirst().orElseThrow();
            outlined = body.name();
            pcs.add(bias + returnAddressOfCall(file, calls, body, "middle"));
        }
        try (ElfFile omp = ElfFile.open(LIBOMP)) {
            pcs.add(LIBOMP_BIAS + symbol(omp, "__kmpc_fork_call").value() + 16);
        }
        try (ElfFile file = ElfFile.open(exe)) {
            pcs.add(bias(file, PROGRAM_BIAS) + returnAddressOfCall(file, new CallTargets(file,
                    FunctionSymbols.of(file.symbols())), symbol(file, "main"), "__kmpc_fork_call"));
        }
    }

    private static Path compile(Path out, String... flags) throws Exception {
        List<String> command = new ArrayList<>(List.of(CLANG.toString(), "-g", "-O0", "-fopenmp"));
        command.addAll(List.of(flags));
        command.addAll(List.of(SOURCE.toString(), "-o", out.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("clang-19 finished").isTrue();
        assertThat(p.exitValue()).as(said).isZero();
        return out;
    }

    /** LINE:name → the line the marker is on. */
    private static Map<String, Integer> markers() throws Exception {
        List<String> text = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
        Map<String, Integer> found = new HashMap<>();
        for (int i = 0; i < text.size(); i++) {
            int at = text.get(i).indexOf("LINE:");
            if (at >= 0) {
                found.put(text.get(i).substring(at + 5).replace("*/", "").strip(), i + 1);
            }
        }
        return found;
    }

    /** The bias the loader gives a PIE ({@code pie}), 0 for an executable linked at its address. */
    private static long bias(ElfFile file, long pie) {
        return file.header().type() == ElfHeader.ET_DYN ? pie : 0;
    }

    private static ElfSymbol symbol(ElfFile file, String name) throws Exception {
        return file.symbols().lookupAll(name).stream().filter(s -> s.type() == ElfSymbol.Type.FUNC && s.value() != 0)
                .findFirst().orElseThrow(() -> new AssertionError("no function " + name + " in " + file.path()));
    }

    private static long returnAddressOfCall(ElfFile file, CallTargets calls, ElfSymbol in, String callee) {
        long ra = returnAddressOfCallOrZero(file, calls, in, callee);
        assertThat(ra).as("a call to " + callee + " in " + in.name()).isNotZero();
        return ra;
    }

    /** The link-time return address of the first direct call ({@code e8 rel32}) in {@code in} to {@code callee}. */
    private static long returnAddressOfCallOrZero(ElfFile file, CallTargets calls, ElfSymbol in, String callee) {
        byte[] code = calls.read(in.value(), (int) in.size()).orElse(new byte[0]);
        for (int i = 0; i + 5 <= code.length; i++) {
            if ((code[i] & 0xff) == 0xe8) {
                long ra = in.value() + i + 5;
                long rel = (code[i + 1] & 0xff) | (code[i + 2] & 0xff) << 8 | (code[i + 3] & 0xff) << 16
                        | (long) code[i + 4] << 24;
                if (calls.direct(ra + rel).filter(callee::equals).isPresent()) {
                    return ra;
                }
            }
        }
        return 0;
    }

    /** A module of the map as the agent writes it: its loaded range from its program headers. */
    private static String module(Path path, Path file, long pie, String buildId) throws Exception {
        try (ElfFile elf = ElfFile.open(file)) {
            long bias = bias(elf, pie);
            long start = Long.MAX_VALUE;
            long end = 0;
            for (ProgramHeader h : elf.programHeaders()) {
                if (h.isLoad()) {
                    start = Math.min(start, h.vaddr());
                    end = Math.max(end, h.vaddr() + h.memSize());
                }
            }
            String id = buildId != null ? buildId : elf.buildId().orElseThrow();
            return "{\"path\": \"" + path + "\", \"buildId\": \"" + id + "\", \"loadBias\": \"" + Address.hex(bias)
                    + "\", \"start\": \"" + Address.hex(bias + start) + "\", \"end\": \"" + Address.hex(bias + end)
                    + "\"}";
        }
    }

    /**
     * The snapshot the agent would write of thread 1 stopped in {@code leaf}: its implicit task #2 (exit frame: the
     * outlined body's CFA) scheduled on the initial task #1 (enter frame: where main called into libomp), and the
     * stack; the program's module at {@code programPath}, with {@code buildId} (null: the file's own).
     */
    private static String snapshot(Path programPath, String buildId) throws Exception {
        long[] cfas = {0x7ffe00001000L, 0x7ffe00001100L, 0x7ffe00001200L, 0x7ffe00001300L, 0x7ffe00001400L};
        int[] modules = {0, 0, 0, 1, 0};
        StringBuilder frames = new StringBuilder();
        for (int i = 0; i < pcs.size(); i++) {
            frames.append(i == 0 ? "" : ",").append("{\"pc\": \"").append(Address.hex(pcs.get(i))).append("\", \"cfa\": \"")
                    .append(Address.hex(cfas[i])).append('"').append(i == 0 ? ", \"activation\": true" : "")
                    .append(", \"module\": ").append(modules[i]).append('}');
        }
        return "{\"format\": \"ompd-explorer-snapshot\", \"version\": \"" + org.ompdexplorer.importers.json.SnapshotFormat.VERSION + "\", \"capture\": {\"source\": \"ompt-agent\"},\n"
                + "\"modules\": [" + module(programPath, exe, PROGRAM_BIAS, buildId) + ",\n"
                + module(LIBOMP, LIBOMP, LIBOMP_BIAS, null) + "],\n"
                + "\"threads\": [{\"id\": 1, \"currentTask\": 2, \"stack\": {\"frames\": [" + frames + "]}}],\n"
                + "\"tasks\": [{\"id\": 1, \"kind\": \"initial\", \"thread\": 1, \"frames\": {\"exit\": {\"address\": \"0x0\", "
                + "\"flags\": 0}, \"enter\": {\"address\": \"0x7ffe00001390\", \"flags\": 17}}},\n"
                + "{\"id\": 2, \"kind\": \"implicit\", \"generatingTask\": 1, \"schedulingTask\": 1, \"thread\": 1, "
                + "\"frames\": {\"exit\": {\"address\": \"0x7ffe00001200\", \"flags\": 17}, \"enter\": {\"address\": \"0x0\", "
                + "\"flags\": 0}}}]}\n";
    }

    private static LoadResult load(String json, Path out) throws Exception {
        Path file = out.resolve("agent-stack.json");
        Files.writeString(file, json);
        return new SnapshotLoader().load(file, LoadOptions.LENIENT, ProgressListener.NONE);
    }

    private static CallStack stack(LoadResult r) {
        return r.snapshot().index().callStack(new ThreadId(1)).orElseThrow();
    }

    private static String place(CallFrame f) {
        return f.function() + " " + (f.file() == null ? "no file" : Path.of(f.file()).getFileName() + ":" + f.line());
    }

    @Test
    void eachFrameGetsItsFunctionAndTheLineOfItsCall(@TempDir Path out) throws Exception {
        LoadResult r = load(snapshot(exe, null), out);
        assertThat(r.diagnostics()).as("read where it was taken: clean").isEmpty();
        CallStack s = stack(r);
        assertThat(s.isPartial()).isFalse();
        assertThat(s.frames()).extracting(CallFrame::pc).containsExactlyElementsOf(pcs);
        String c = "call_stacks.c:";
        assertThat(s.frames()).extracting(AgentStackSymbolsTest::place).containsExactly(
                "leaf " + c + lines.get("leaf"),
                "middle " + c + lines.get("call_leaf"),
                outlined + " " + c + lines.get("call_middle"),
                "__kmpc_fork_call no file",
                "main " + c + lines.get("parallel"));
    }

    @Test
    void eachFrameBelongsToTheTaskWhoseSegmentHoldsIt(@TempDir Path out) throws Exception {
        CallStack s = stack(load(snapshot(exe, null), out));
        assertThat(s.frames()).extracting(CallFrame::task).containsExactly(new TaskId(2), new TaskId(2),
                new TaskId(2), new TaskId(1), new TaskId(1));
        assertThat(s.frames()).extracting(CallFrame::role).containsExactly(FrameRole.USER, FrameRole.USER,
                FrameRole.USER, FrameRole.RUNTIME, FrameRole.USER);
        assertThat(s.innermostUserFrame(load(snapshot(exe, null), out).snapshot().modules()))
                .map(CallFrame::function).contains("leaf");
    }

    @Test
    void withoutTheProgramItsFramesKeepModuleAndOffsetWithOneWarning(@TempDir Path out) throws Exception {
        Path gone = out.resolve("gone/call_stacks");
        LoadResult r = load(snapshot(gone, null), out);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.code()).isEqualTo("module-not-found");
            assertThat(d.message()).contains(gone.toString(), "4 distinct code addresses");
            assertThat(d.location().path()).isEqualTo("$.modules[0]");
            assertThat(d.location().line()).isEqualTo(2);
        });
        CallStack s = stack(r);
        List<String> shown = s.frames().stream().map(f -> f.display(r.snapshot().modules())).toList();
        assertThat(shown.get(0)).isEqualTo("call_stacks+0x" + Long.toHexString(pcs.get(0) - PROGRAM_BIAS));
        assertThat(shown.get(1)).isEqualTo("call_stacks+0x" + Long.toHexString(pcs.get(1) - PROGRAM_BIAS));
        assertThat(shown.get(3)).isEqualTo("__kmpc_fork_call");
        assertThat(s.frames()).extracting(CallFrame::task).containsExactly(new TaskId(2), new TaskId(2),
                new TaskId(2), new TaskId(1), new TaskId(1));
    }

    @Test
    void anotherBuildOfTheProgramIsNotUsed(@TempDir Path out) throws Exception {
        Path other = compile(out.resolve("call_stacks"), "-DANOTHER_BUILD");
        String id;
        try (ElfFile file = ElfFile.open(exe)) {
            id = file.buildId().orElseThrow();
        }
        LoadResult r = load(snapshot(other, id), out);
        assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("module-mismatch");
        assertThat(r.diagnostics().getFirst().message()).contains(other.toString(), "build-id " + id
                + " in the snapshot");
        assertThat(stack(r).frames()).filteredOn(f -> f.module() == 0).hasSize(4).allSatisfy(f -> {
            assertThat(f.function()).isNull();
            assertThat(f.file()).isNull();
            assertThat(f.display(r.snapshot().modules())).startsWith("call_stacks+0x");
        });
    }

    /** The 1-based column where {@code text} starts on the line of the marker {@code marker}. */
    private static int column(String marker, String text) throws Exception {
        String line = Files.readAllLines(SOURCE, StandardCharsets.UTF_8).get(lines.get(marker) - 1);
        assertThat(line).contains(text);
        return line.indexOf(text) + 1;
    }

    @Test
    void aReturnAddressInInlinedCodeGetsTheInlinedCallAndColumnsFromDwarf(@TempDir Path out) throws Exception {
        long leafEntry = pcs.getFirst();
        long returnAddress;
        try (ElfFile file = ElfFile.open(exe)) {
            returnAddress = bias(file, PROGRAM_BIAS) + returnAddressOfCall(file, new CallTargets(file,
                    FunctionSymbols.of(file.symbols())), symbol(file, "outer"), "leaf");
        }
        String json = "{\"format\": \"ompd-explorer-snapshot\", \"version\": \"" + org.ompdexplorer.importers.json.SnapshotFormat.VERSION + "\", \"capture\": {\"source\":"
                + " \"ompt-agent\"},\n\"modules\": [" + module(exe, exe, PROGRAM_BIAS, null) + "],\n"
                + "\"threads\": [{\"id\": 1, \"currentTask\": 1, \"stack\": {\"frames\": ["
                + "{\"pc\": \"" + Address.hex(leafEntry) + "\", \"cfa\": \"0x7ffe00001000\", \"activation\": true,"
                + " \"module\": 0}, {\"pc\": \"" + Address.hex(returnAddress) + "\", \"cfa\": \"0x7ffe00001100\","
                + " \"module\": 0}]}}],\n"
                + "\"tasks\": [{\"id\": 1, \"kind\": \"initial\", \"thread\": 1}]}\n";

        LoadResult r = load(json, out);

        assertThat(r.diagnostics()).extracting(Diagnostic::code).noneMatch(c -> c.startsWith("module-"));
        CallStack s = stack(r);
        String c = "call_stacks.c:";
        // the return address is outer's code, and step's: step inlined at outer's call, leaf called from step
        assertThat(s.frames()).extracting(f -> f.function() + " " + Path.of(f.file()).getFileName() + ":" + f.line()
                + ":" + f.column() + (f.inlined() ? " inlined" : "")).containsExactly(
                "leaf " + c + lines.get("leaf") + ":" + s.frames().getFirst().column(),
                "step " + c + lines.get("inlined_call_leaf") + ":" + column("inlined_call_leaf", "leaf(v)")
                        + " inlined",
                "outer " + c + lines.get("call_step") + ":" + column("call_step", "step(&v)"));
        assertThat(s.frames()).extracting(CallFrame::pc).containsExactly(leafEntry, returnAddress, returnAddress);
        assertThat(Path.of(s.frames().get(1).file())).as("the source as a debugger opens it").isAbsolute();
    }
}
