package org.ompdexplorer.importers.debuginfo;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;

/**
 * The client's own cache: {@code DIR/BUILDID/debuginfo} and {@code DIR/BUILDID/executable} hold verified files;
 * {@code DIR/BUILDID/debuginfo.missing} (or {@code executable.missing}) remembers for {@link #MISS_TTL} that no
 * server had it (its time and the servers asked). A download is written by {@link OutputFile} to its temporary
 * file beside the final name ({@code .ompd-explorer-PID-….tmp}), verified there and only then renamed.
 */
final class DebuginfodCache {
    /** How long "no server has it" is believed, so repeated imports do not ask again and again. */
    static final Duration MISS_TTL = Duration.ofMinutes(10);

    private final Path directory;
    private final Clock clock;
    private final CacheWriter writer;

    DebuginfodCache(Path directory, Clock clock, CacheWriter writer) {
        this.directory = directory;
        this.clock = clock;
        this.writer = writer;
    }

    Path directory() {
        return directory;
    }

    Path directoryOf(String buildId) {
        return directory.resolve(buildId);
    }

    /**
     * The cached file, if there is one. It was verified before it was renamed into place, so only its ELF magic is
     * checked again (a full check maps the file: several ms, and the import opens it next anyway); a file that is not
     * an ELF file (damaged, replaced by hand) is removed and asked for again.
     */
    Optional<Path> cached(String buildId, DebugFileKind kind) {
        Path file = fileOf(buildId, kind);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        if (hasElfMagic(file)) {
            return Optional.of(file);
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // asked for again; storing the new one replaces it
        }
        return Optional.empty();
    }

    private static boolean hasElfMagic(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(4);
            while (head.hasRemaining() && channel.read(head) >= 0) {
                // a regular file gives its first bytes in one read; loop for the rules' sake
            }
            return !head.hasRemaining() && head.get(0) == 0x7f && head.get(1) == 'E' && head.get(2) == 'L'
                    && head.get(3) == 'F';
        } catch (IOException e) {
            return false;
        }
    }

    /** When no server of {@code servers} had it, if that was less than {@link #MISS_TTL} ago. */
    Optional<Instant> rememberedMiss(String buildId, DebugFileKind kind, List<URI> servers) {
        Path marker = marker(buildId, kind);
        try {
            if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS) || Files.size(marker) > 64 * 1024) {
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
            if (lines.size() < 2 || !lines.get(1).equals(serverList(servers))) {
                return Optional.empty(); // other servers now: ask them
            }
            Instant when = Instant.ofEpochMilli(Long.parseLong(lines.get(0).strip()));
            Instant now = clock.instant();
            return when.isAfter(now.plusSeconds(60)) || !when.plus(MISS_TTL).isAfter(now) ? Optional.empty()
                    : Optional.of(when);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // an unreadable marker is no marker
        }
    }

    /** Remembers that no server of {@code servers} had it; best effort, as it only spares requests. */
    void rememberMiss(String buildId, DebugFileKind kind, List<URI> servers) {
        String text = clock.millis() + "\n" + serverList(servers) + "\n";
        try {
            writer.write(marker(buildId, kind), out -> out.write(text.getBytes(StandardCharsets.UTF_8)), written -> { });
        } catch (OutputException e) {
            // the next import asks again
        }
    }

    void forgetMiss(String buildId, DebugFileKind kind) {
        try {
            Files.deleteIfExists(marker(buildId, kind));
        } catch (IOException e) {
            // it expires by itself
        }
    }

    /** Creates the build-id's directory. */
    Path prepare(String buildId) throws IOException {
        return Files.createDirectories(directoryOf(buildId));
    }

    /** Where the {@code kind} file of {@code buildId} is kept. */
    Path fileOf(String buildId, DebugFileKind kind) {
        return directoryOf(buildId).resolve(kind.pathSegment());
    }

    /**
     * Why {@code file} is not the build-id's file, or empty when it is.
     *
     * @return a phrase: "is not a usable ELF file (…)", "has no build-id" or "is of build-id X"
     */
    static Optional<String> verify(Path file, String buildId) {
        try (ElfFile elf = ElfFile.open(file)) {
            Optional<String> id = elf.buildId();
            if (id.isEmpty()) {
                return Optional.of("has no build-id");
            }
            return id.get().equals(buildId) ? Optional.empty() : Optional.of("is of build-id " + id.get());
        } catch (ElfFormatException e) {
            return Optional.of("is not a usable ELF file (" + e.detail() + ")");
        } catch (IOException e) {
            return Optional.of("could not be read back (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            return Optional.of("is not a usable ELF file (" + e + ")");
        }
    }

    private Path marker(String buildId, DebugFileKind kind) {
        return directoryOf(buildId).resolve(kind.pathSegment() + ".missing");
    }

    private static String serverList(List<URI> servers) {
        return servers.stream().map(URI::toString).collect(Collectors.joining(" "));
    }

    /** Writes one file of the cache; {@link OutputFile#write} but in tests that fill a disk. */
    @FunctionalInterface
    interface CacheWriter {
        void write(Path target, OutputFile.Body body, OutputFile.Check check) throws OutputException;
    }

    /** {@link OutputFile#write}, as a class: a method reference would bootstrap a lambda on the cache-hit path. */
    static final class OutputFileWriter implements CacheWriter {
        @Override
        public void write(Path target, OutputFile.Body body, OutputFile.Check check) throws OutputException {
            OutputFile.write(target, List.of(), body, check);
        }
    }
}
