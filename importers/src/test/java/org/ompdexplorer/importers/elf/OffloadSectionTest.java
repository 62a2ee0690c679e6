package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * clang's offload binaries in {@code .llvm.offloading}: the real section of a program built with
 * {@code -fopenmp-targets=x86_64-pc-linux-gnu} (the offload fixture), binaries built here byte by byte, and
 * malformed ones, each a problem at its offset and never an exception.
 */
class OffloadSectionTest {

    @Test
    void theFixtureProgramCarriesOneOpenMpImageForX8664() throws Exception {
        try (ElfFile exe = ElfFile.open(NativeFixtures.offloadProgram())) {
            SectionHeader section = OffloadSection.find(exe).orElseThrow();
            assertThat(section.type()).isEqualTo(OffloadSection.SHT_LLVM_OFFLOADING);
            OffloadSection.Contents contents = OffloadSection.read(exe, section);
            assertThat(contents.problem()).isEmpty();
            assertThat(contents.triples()).containsExactly("x86_64-pc-linux-gnu");
            OffloadSection.Binary image = contents.binaries().getFirst();
            assertThat(contents.binaries()).hasSize(1);
            assertThat(image.offloadKind()).isEqualTo(1); // OpenMP
            assertThat(image.imageKind()).isEqualTo(1);   // an object file
            assertThat(image.strings()).containsKeys("triple", "arch");
            byte[] elf = exe.readBytes(section.offset() + image.imageOffset(), 4);
            assertThat(elf).containsExactly(0x7f, 'E', 'L', 'F');
            assertThat(image.imageSize()).isGreaterThan(1024).isLessThan(section.size());

            // The same bytes, parsed from memory, and every prefix and single-byte change of them: never a throw.
            byte[] bytes = exe.readBytes(section.offset(), (int) section.size());
            assertThat(OffloadSection.parse(bytes)).isEqualTo(contents);
            for (int cut = 0; cut < bytes.length; cut += 7) {
                OffloadSection.Contents part = OffloadSection.parse(Arrays.copyOf(bytes, cut));
                assertThat(part.binaries()).as("cut at %d", cut).isEmpty();
                assertThat(part.problem().isPresent() || cut == 0).as("cut at %d", cut).isTrue();
            }
            Random random = new Random(12);
            for (int i = 0; i < 2000; i++) {
                byte[] damaged = bytes.clone();
                damaged[random.nextInt(0x90)] = (byte) random.nextInt(256);
                OffloadSection.parse(damaged);
            }
        }
    }

    @Test
    void binariesFollowEachOtherAtEightByteAlignmentWithZeroPaddingAfterTheLast() {
        byte[] one = binary(Map.of("triple", "x86_64-pc-linux-gnu", "arch", ""), 5);
        byte[] two = binary(linked("triple", "nvptx64-nvidia-cuda", "arch", "sm_80"), 16);
        byte[] section = concat(one, new byte[pad(one.length)], two, new byte[24]);
        OffloadSection.Contents contents = OffloadSection.parse(section);
        assertThat(contents.problem()).isEmpty();
        assertThat(contents.triples()).containsExactly("x86_64-pc-linux-gnu", "nvptx64-nvidia-cuda");
        assertThat(contents.binaries().get(1).offset()).isEqualTo(one.length + pad(one.length));
        assertThat(contents.binaries().get(1).strings()).containsEntry("arch", "sm_80");
        assertThat(OffloadSection.parse(new byte[0])).isEqualTo(OffloadSection.Contents.NONE);
    }

    @Test
    void aSecondImageForTheSameTripleIsNamedOnce() {
        byte[] a = binary(Map.of("triple", "x86_64-pc-linux-gnu"), 8);
        OffloadSection.Contents contents = OffloadSection.parse(concat(a, new byte[pad(a.length)], a));
        assertThat(contents.binaries()).hasSize(2);
        assertThat(contents.triples()).containsExactly("x86_64-pc-linux-gnu");
    }

    @Test
    void badMagicStopsTheWalkAndKeepsWhatCameBefore() {
        byte[] good = binary(Map.of("triple", "x86_64-pc-linux-gnu"), 8);
        byte[] bad = binary(Map.of("triple", "amdgcn-amd-amdhsa"), 8);
        bad[0] = 0x7f;
        OffloadSection.Contents contents = OffloadSection.parse(concat(good, new byte[pad(good.length)], bad));
        assertThat(contents.triples()).containsExactly("x86_64-pc-linux-gnu");
        assertThat(contents.problem().orElseThrow().offset()).isEqualTo(good.length + pad(good.length));
        assertThat(contents.problem().orElseThrow().detail()).contains("magic 7f ff 10 ad");
    }

    @Test
    void malformedHeadersEntriesAndStringsAreProblemsAtTheBinary() {
        byte[] good = binary(Map.of("triple", "x86_64-pc-linux-gnu"), 8);
        assertThat(problem(with(good, 4, 2, 4))).contains("version 2");
        assertThat(problem(with(good, 8, good.length + 8, 8))).contains("does not fit");
        assertThat(problem(with(good, 8, 16, 8))).contains("size 16");
        assertThat(problem(with(good, 16, good.length, 8))).contains("its entry");
        assertThat(problem(with(good, 32 + 16, 1L << 40, 8))).contains("string table");     // string count
        assertThat(problem(with(good, 32 + 8, -8, 8))).contains("string table");           // string offset
        assertThat(problem(with(good, 32 + 32, Long.MAX_VALUE, 8))).contains("its image"); // image size
        long keyOffset = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN).getLong(72);
        assertThat(problem(with(good, 72, good.length, 8))).contains("string 0");
        byte[] unterminated = good.clone();
        Arrays.fill(unterminated, (int) keyOffset, unterminated.length, (byte) 'x');
        assertThat(problem(unterminated)).contains("no terminating NUL");
        assertThat(problem(Arrays.copyOf(good, 20))).contains("too few");
        assertThat(problem(concat(good, new byte[pad(good.length) + 5]))).isNull(); // zeros only: padding, not damage
    }

    @Test
    void aSectionHeaderPastTheFileIsAProblemNotAnException() throws Exception {
        try (ElfFile exe = ElfFile.open(NativeFixtures.offloadProgram())) {
            SectionHeader real = OffloadSection.find(exe).orElseThrow();
            SectionHeader past = new SectionHeader(real.index(), real.name(), real.type(), real.flags(),
                    real.address(), exe.size() - 16, 4096, 0, 0, 8, 0);
            assertThat(OffloadSection.read(exe, past).problem().orElseThrow().detail()).contains("past the end");
        }
    }

    private static String problem(byte[] section) {
        return OffloadSection.parse(section).problem().map(OffloadSection.Problem::detail).orElse(null);
    }

    /** {@code bytes} with the little-endian value of {@code width} bytes at {@code offset} replaced. */
    private static byte[] with(byte[] bytes, int offset, long value, int width) {
        byte[] copy = bytes.clone();
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        if (width == 4) {
            b.putInt(offset, (int) value);
        } else {
            b.putLong(offset, value);
        }
        return copy;
    }

    /**
     * One offload binary as clang writes it: header, entry, string table, strings, then the image (here
     * {@code imageBytes} bytes of 0xcc), offsets from the binary's start.
     */
    static byte[] binary(Map<String, String> strings, int imageBytes) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int stringTable = 32 + 40;
        int textAt = stringTable + 16 * strings.size();
        long[][] offsets = new long[strings.size()][2];
        int i = 0;
        for (Map.Entry<String, String> e : strings.entrySet()) {
            offsets[i][0] = textAt + text.size();
            text.writeBytes((e.getKey() + "\0").getBytes(StandardCharsets.UTF_8));
            offsets[i][1] = textAt + text.size();
            text.writeBytes((e.getValue() + "\0").getBytes(StandardCharsets.UTF_8));
            i++;
        }
        int imageAt = textAt + text.size();
        int size = imageAt + imageBytes;
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x10, (byte) 0xff, 0x10, (byte) 0xad}).putInt(1).putLong(size).putLong(32).putLong(40);
        b.putShort((short) 1).putShort((short) 1).putInt(0).putLong(stringTable).putLong(strings.size())
                .putLong(imageAt).putLong(imageBytes);
        for (long[] o : offsets) {
            b.putLong(o[0]).putLong(o[1]);
        }
        b.put(text.toByteArray());
        byte[] image = new byte[imageBytes];
        Arrays.fill(image, (byte) 0xcc);
        b.put(image);
        return b.array();
    }

    private static Map<String, String> linked(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static int pad(int length) {
        return (8 - length % 8) % 8;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List.of(parts).forEach(out::writeBytes);
        return out.toByteArray();
    }
}
