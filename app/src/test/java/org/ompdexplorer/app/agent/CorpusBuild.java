package org.ompdexplorer.app.agent;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Compiles the corpus programs with clang-19 ({@code -fopenmp -g -O1}, warnings as errors) into
 * {@code ${XDG_CACHE_HOME:-~/.cache}/ompd-explorer/corpus/<key>/}, the key a hash of the source, {@code corpus.h},
 * the flags and the compiler's version: a binary is compiled once per change, as the other native fixtures are.
 */
final class CorpusBuild {
    static final Path SOURCES = AgentRun.REPO.resolve("native-fixtures/corpus");
    static final String LLVM_LIB = "/usr/lib/llvm-19/lib";
    private static final List<String> FLAGS = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-g", "-O1");
    private static final String OFFLOAD_FLAG = "-fopenmp-targets=x86_64-pc-linux-gnu";
    private static String compilerVersion;

    private CorpusBuild() {
    }

    /** The program's executable, compiled now unless the cache has it. */
    static Path binary(CorpusProgram program) throws IOException, InterruptedException {
        Path source = SOURCES.resolve(program.source());
        List<String> flags = new ArrayList<>(FLAGS);
        if (program.offload()) {
            flags.add(OFFLOAD_FLAG);
        }
        String stem = program.source().replace(".c", "") + (program.offload() ? "-offload" : "");
        Path dir = cacheRoot().resolve(key(source, flags));
        Path exe = dir.resolve(stem);
        if (Files.isExecutable(exe)) {
            return exe;
        }
        Files.createDirectories(dir);
        Path partial = dir.resolve(stem + ".tmp-" + ProcessHandle.current().pid());
        List<String> command = new ArrayList<>(List.of("clang-19"));
        command.addAll(flags);
        command.addAll(List.of("-o", partial.toString(), source.toString()));
        Process cc = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!cc.waitFor(120, TimeUnit.SECONDS) || cc.exitValue() != 0) {
            cc.destroyForcibly();
            Files.deleteIfExists(partial);
            fail("clang-19 failed on " + source + ": " + String.join(" ", command) + "\n" + said);
        }
        Files.move(partial, exe, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return exe;
    }

    private static Path cacheRoot() {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base = cache != null && !cache.isEmpty() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("ompd-explorer/corpus");
    }

    private static String key(Path source, List<String> flags) throws IOException, InterruptedException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        sha.update(Files.readAllBytes(source));
        sha.update(Files.readAllBytes(SOURCES.resolve("corpus.h")));
        sha.update(String.join(" ", flags).getBytes(StandardCharsets.UTF_8));
        sha.update(version().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha.digest(), 0, 8);
    }

    private static synchronized String version() throws IOException, InterruptedException {
        if (compilerVersion == null) {
            Process v = new ProcessBuilder("clang-19", "--version").redirectErrorStream(true).start();
            compilerVersion = new String(v.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                    .findFirst().orElse("");
            v.waitFor(30, TimeUnit.SECONDS);
        }
        return compilerVersion;
    }
}
