package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** {@code .json.gz} through every command that reads or writes a snapshot, as a user would type them. */
class CompressedCliTest extends InProcessCli {
    private Path generated(String name, int tasks) {
        assertThat(run("generate", "--tasks", String.valueOf(tasks), "--seed", "5", "-o", dir.resolve(name).toString()))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        return dir.resolve(name);
    }

    private void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    @Test
    void generateAndExportWriteGzipForAGzNameAndTheModelsAreTheSame() throws Exception {
        Path plain = generated("a.json", 500);
        Path gz = generated("a.json.gz", 500);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(plain));
        }
        Path back = dir.resolve("back.json");
        Path again = dir.resolve("again.json.gz");
        assertThat(run("export", gz.toString(), "-o", back.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("export", back.toString(), "-o", again.toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(plain));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(again))) {
            assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(plain));
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp"))).isEmpty();
        }
    }

    @Test
    void everyReadingCommandTakesGzip() throws Exception {
        Path a = generated("a.json.gz", 300);
        Path b = generated("b.json", 300);
        clear();
        assertThat(run("validate", a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains(" 0 error(s)");
        clear();
        assertThat(run("summary", a.toString())).isEqualTo(ExitCodes.OK);
        String summaryOfGz = out.toString();
        clear();
        assertThat(run("summary", b.toString())).isEqualTo(ExitCodes.OK);
        assertThat(summaryOfGz).isEqualTo(out.toString());
        clear();
        assertThat(run("diff", a.toString(), b.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
        clear();
        assertThat(run("graph", a.toString(), "-o", dir.resolve("g.svg").toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(dir.resolve("g.svg"))).contains("<svg");
        clear();
        assertThat(run("timeline", a.toString(), b.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void aSeriesFolderMayHoldCompressedSnapshots() throws Exception {
        Path series = Files.createDirectory(dir.resolve("series"));
        generated("series/s-1.json.gz", 100);
        generated("series/s-2.json", 100);
        generated("series/s-10.json.gz", 100);
        clear();
        assertThat(run("timeline", series.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("s-1.json.gz").contains("s-2.json").contains("s-10.json.gz");
        assertThat(out.toString().indexOf("s-2.json")).isLessThan(out.toString().indexOf("s-10.json.gz"));
    }

    @Test
    void aTruncatedOrCorruptFileIsOneLocatedMessageAndExitTwo() throws Exception {
        byte[] whole = Files.readAllBytes(generated("whole.json.gz", 2000));
        Path cut = Files.write(dir.resolve("cut.json.gz"), Arrays.copyOf(whole, whole.length / 2));
        for (String command : new String[] {"validate", "summary", "export"}) {
            clear();
            int exit = command.equals("export") ? run(command, cut.toString(), "-o", dir.resolve("x.json").toString())
                    : run(command, cut.toString());
            assertThat(exit).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(err.toString()).contains(cut.toString(), "gzip-compressed", "ends in the middle",
                    "compressed bytes").doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(err.toString().lines().count()).isEqualTo(1);
        }
        assertThat(dir.resolve("x.json")).doesNotExist();

        byte[] bad = whole.clone();
        for (int i = whole.length / 3; i < whole.length / 3 + 32; i++) {
            bad[i] = (byte) ~bad[i];
        }
        Path corrupt = Files.write(dir.resolve("corrupt.json.gz"), bad);
        clear();
        assertThat(run("validate", corrupt.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains(corrupt + " @0x", "is damaged", "gzip -t").doesNotContain("Exception");
    }

    @Test
    void theNameDoesNotDecideAndStandardInputMayBeCompressed() throws Exception {
        Path gz = generated("real.json.gz", 200);
        Path plain = generated("real.json", 200);
        Path gzNamedPlain = Files.copy(plain, dir.resolve("named.json.gz"));
        Path plainNamedGz = Files.copy(gz, dir.resolve("named.json"));
        for (Path p : new Path[] {gzNamedPlain, plainNamedGz}) {
            clear();
            assertThat(run("validate", p.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
        }
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(gz)));
            clear();
            assertThat(run("export", "-", "-o", dir.resolve("from-stdin.json").toString())).isEqualTo(ExitCodes.OK);
        } finally {
            System.setIn(saved);
        }
        assertThat(Files.readAllBytes(dir.resolve("from-stdin.json"))).isEqualTo(Files.readAllBytes(plain));
    }

    @Test
    void validateSaysWherePositionsCountInACompressedFile() throws Exception {
        String json = new String(new GZIPInputStream(Files.newInputStream(generated("v.json.gz", 20)))
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        Path duplicated = dir.resolve("dup.json.gz");
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(duplicated))) {
            gz.write(json.replaceFirst("\"format\"", "\"unknownField\": 1, \"format\"")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        clear();
        run("validate", duplicated.toString());
        assertThat(out.toString()).contains(duplicated + ":")
                .contains(duplicated + " is gzip-compressed: line:column count in the decompressed JSON");
    }

    @Test
    void aCompressedInputIsNeverItsOwnOutput() throws Exception {
        Path gz = generated("in.json.gz", 100);
        byte[] before = Files.readAllBytes(gz);
        Path link = Files.createSymbolicLink(dir.resolve("link.json.gz"), gz);
        for (Path target : new Path[] {gz, link}) {
            clear();
            assertThat(run("export", gz.toString(), "-o", target.toString())).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("refusing to write " + target);
        }
        assertThat(Files.readAllBytes(gz)).isEqualTo(before);
    }
}
