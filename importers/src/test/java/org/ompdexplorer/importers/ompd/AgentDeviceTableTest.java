package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.elf.MemoryRead;

/** The capture agent's device table as a core holds it: every field checked, a bad table rejected with its place. */
class AgentDeviceTableTest {
    private static final long BASE = 0x7f00_1234_5000L;

    @Test
    void aGoodTableNamesItsDevicesInTableOrder() {
        ByteBuffer t = table(4, 4, 4);
        for (int i = 0; i < 4; i++) {
            entry(t, i, i, AgentDeviceTable.FLAG_INITIALIZED, "generic-64bit");
        }
        AgentDeviceTable.Table table = (AgentDeviceTable.Table) AgentDeviceTable.read(memory(t, t.capacity()), BASE);
        assertThat(table.address()).isEqualTo(BASE);
        assertThat(table.capacity()).isEqualTo(4);
        assertThat(table.initialDevice()).isEqualTo(4);
        assertThat(table.entries()).extracting(AgentDeviceTable.Entry::deviceNum).containsExactly(0, 1, 2, 3);
        assertThat(table.entries()).allSatisfy(e -> {
            assertThat(e.type()).isEqualTo("generic-64bit");
            assertThat(e.initialized()).isTrue();
            assertThat(e.finalized()).isFalse();
        });
    }

    @Test
    void onlyCountEntriesAreReadAndAnUnknownInitialDeviceIsNull() {
        ByteBuffer t = table(64, 1, -1);
        entry(t, 0, 7, AgentDeviceTable.FLAG_INITIALIZED | AgentDeviceTable.FLAG_FINALIZED, "");
        entry(t, 1, 8, AgentDeviceTable.FLAG_INITIALIZED, "not counted");
        AgentDeviceTable.Table table = (AgentDeviceTable.Table) AgentDeviceTable.read(memory(t, t.capacity()), BASE);
        assertThat(table.initialDevice()).isNull();
        assertThat(table.entries()).containsExactly(new AgentDeviceTable.Entry(7, 3, null));
        assertThat(table.entries().getFirst().finalized()).isTrue();
    }

    @Test
    void aTypeFillingItsFieldOrNotUtf8IsKeptAsText() {
        ByteBuffer t = table(2, 2, 2);
        entry(t, 0, 0, 1, "x".repeat(AgentDeviceTable.TYPE_SIZE));
        entry(t, 1, 1, 1, "");
        t.put(AgentDeviceTable.HEADER_SIZE + AgentDeviceTable.ENTRY_SIZE + 8, (byte) 0xff);
        AgentDeviceTable.Table table = (AgentDeviceTable.Table) AgentDeviceTable.read(memory(t, t.capacity()), BASE);
        assertThat(table.entries().get(0).type()).hasSize(AgentDeviceTable.TYPE_SIZE);
        assertThat(table.entries().get(1).type()).isEqualTo("\uFFFD");
    }

    @Test
    void badMagicIsRejectedAtTheTable() {
        ByteBuffer t = table(4, 0, -1);
        t.put(0, "NOTATABL".getBytes(StandardCharsets.US_ASCII));
        assertThat(rejected(t)).isEqualTo(new AgentDeviceTable.Rejected(BASE,
                "magic \"NOTATABL\", expected \"OMPDXDEV\" (the agent had not set the table up yet, or this is not its"
                        + " table)"));
        t.put(0, new byte[8]);
        assertThat(rejected(t).reason()).startsWith("magic \"\\x00\\x00");
    }

    @Test
    void countBeyondCapacityIsRejectedAtTheCount() {
        ByteBuffer t = table(4, 5, 4);
        assertThat(rejected(t)).isEqualTo(new AgentDeviceTable.Rejected(BASE + 20, "count 5 exceeds its capacity 4"));
        t.putInt(16, 1 << 20).putInt(20, 1 << 20);
        assertThat(rejected(t).reason()).isEqualTo("capacity 1048576, more than any agent has (at most 4096)");
        t.putInt(16, -1);
        assertThat(rejected(t).address()).isEqualTo(BASE + 16);
    }

    @Test
    void aLaterVersionWithLargerEntriesIsReadAtItsStride() {
        int stride = 80; // a later version's entry: 16 bytes added at its end
        ByteBuffer t = ByteBuffer.allocate(AgentDeviceTable.HEADER_SIZE + 2 * stride).order(ByteOrder.LITTLE_ENDIAN);
        t.put(0, AgentDeviceTable.MAGIC).putInt(8, 2).putInt(12, stride).putInt(16, 2).putInt(20, 2).putInt(24, 2);
        for (int i = 0; i < 2; i++) {
            int at = AgentDeviceTable.HEADER_SIZE + i * stride;
            t.putInt(at, i).putInt(at + 4, 1).put(at + 8, "generic-64bit".getBytes(StandardCharsets.US_ASCII));
            t.putLong(at + 64, -1L); // the added field
        }
        AgentDeviceTable.Table table = (AgentDeviceTable.Table) AgentDeviceTable.read(memory(t, t.capacity()), BASE);
        assertThat(table.entries()).containsExactly(new AgentDeviceTable.Entry(0, 1, "generic-64bit"),
                new AgentDeviceTable.Entry(1, 1, "generic-64bit"));
    }

    @Test
    void versionZeroASmallEntrySizeOrANegativeNumberIsRejected() {
        ByteBuffer t = table(4, 1, 4);
        entry(t, 0, 0, 1, "generic-64bit");
        t.putInt(8, 0);
        assertThat(rejected(t)).isEqualTo(new AgentDeviceTable.Rejected(BASE + 8, "version 0, expected 1 or later"));
        t.putInt(8, 1).putInt(12, 48);
        assertThat(rejected(t)).isEqualTo(new AgentDeviceTable.Rejected(BASE + 12,
                "entry size 48, expected 64 (up to 4096 for a later version)"));
        t.putInt(12, 1 << 20);
        assertThat(rejected(t).address()).isEqualTo(BASE + 12);
        t.putInt(12, 64).putInt(24, -2);
        assertThat(rejected(t).address()).isEqualTo(BASE + 24);
        t.putInt(24, 4).putInt(AgentDeviceTable.HEADER_SIZE, -3);
        assertThat(rejected(t)).isEqualTo(new AgentDeviceTable.Rejected(BASE + AgentDeviceTable.HEADER_SIZE,
                "entry 0 has device number -3"));
    }

    @Test
    void memoryThatEndsInsideTheTableIsRejectedWhereItEnds() {
        ByteBuffer t = table(4, 4, 4);
        for (int i = 0; i < 4; i++) {
            entry(t, i, i, 1, "generic-64bit");
        }
        int cut = AgentDeviceTable.HEADER_SIZE + 2 * AgentDeviceTable.ENTRY_SIZE + 10;
        AgentDeviceTable.Rejected r = (AgentDeviceTable.Rejected) AgentDeviceTable.read(memory(t, cut), BASE);
        assertThat(r.address()).isEqualTo(BASE + cut);
        assertThat(r.reason()).startsWith("its 4 entries cannot be read: ").contains("not dumped");
        r = (AgentDeviceTable.Rejected) AgentDeviceTable.read(memory(t, 12), BASE);
        assertThat(r.address()).isEqualTo(BASE + 12);
        assertThat(r.reason()).startsWith("its header cannot be read: ");
    }

    private static AgentDeviceTable.Rejected rejected(ByteBuffer t) {
        return (AgentDeviceTable.Rejected) AgentDeviceTable.read(memory(t, t.capacity()), BASE);
    }

    /** A table header with room for {@code capacity} entries. */
    static ByteBuffer table(int capacity, int count, int initialDevice) {
        ByteBuffer t = ByteBuffer.allocate(AgentDeviceTable.HEADER_SIZE + Math.max(capacity, 2) * AgentDeviceTable.ENTRY_SIZE)
                .order(ByteOrder.LITTLE_ENDIAN);
        t.put(0, AgentDeviceTable.MAGIC).putInt(8, 1).putInt(12, 64).putInt(16, capacity).putInt(20, count)
                .putInt(24, initialDevice);
        return t;
    }

    static void entry(ByteBuffer t, int index, int deviceNum, int flags, String type) {
        int at = AgentDeviceTable.HEADER_SIZE + index * AgentDeviceTable.ENTRY_SIZE;
        t.putInt(at, deviceNum).putInt(at + 4, flags);
        byte[] text = type.getBytes(StandardCharsets.UTF_8);
        t.put(at + 8, text, 0, Math.min(text.length, AgentDeviceTable.TYPE_SIZE));
    }

    /** Memory holding {@code t} at {@link #BASE}, of which only the first {@code readable} bytes were dumped. */
    private static AgentDeviceTable.Memory memory(ByteBuffer t, int readable) {
        return (address, length) -> {
            long from = address - BASE;
            if (from < 0 || from + length > readable) {
                long at = Math.max(address, BASE + readable);
                return new MemoryRead.Failure(at, MemoryRead.Reason.NOT_DUMPED, "0x" + Long.toHexString(at)
                        + " was not dumped");
            }
            byte[] out = new byte[length];
            t.get((int) from, out);
            return new MemoryRead.Bytes(address, out);
        };
    }
}
