package org.ompdexplorer.importers.ompd;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.importers.elf.MemoryRead;

/**
 * The device table the capture agent publishes in the process it is loaded into ({@code ompd_explorer_devices},
 * agent/src): which devices OMPT's {@code device_initialize} and {@code device_finalize} reported, and the host's
 * device number. libomptarget keeps its own device list private, so in a core this table is the one place that
 * names the devices without guessing at a private layout.
 *
 * <p>Layout (little-endian; docs/agent.md, "Published device table"): {@code char magic[8] = "OMPDXDEV"; uint32
 * version = 1; uint32 entry_size = 64; uint32 capacity = 64; uint32 count; int32 initial_device (-1 unknown);
 * uint32 reserved;} then {@code capacity} entries of {@code int32 device_num; uint32 flags (bit 0 initialized,
 * bit 1 finalized); char type[56]} from offset 32. As that ABI says, a later version only adds fields (in
 * {@code reserved}, after the entries, or at the end of a larger entry), so any version from 1 and any entry size
 * from 64 are read, the entries at {@code entry_size} strides. Every field is checked before it is trusted; a
 * table that fails a check is {@link Rejected}.
 */
final class AgentDeviceTable {
    /** The symbol the agent exports. */
    static final String SYMBOL = "ompd_explorer_devices";
    static final byte[] MAGIC = "OMPDXDEV".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    static final int HEADER_SIZE = 32;
    static final int ENTRY_SIZE = 64;
    static final int TYPE_SIZE = 56;
    /** Bounds against a damaged table (the agent has 64 entries of 64 bytes); beyond them it is refused. */
    static final int MAX_CAPACITY = 4096;
    static final int MAX_ENTRY_SIZE = 4096;
    static final int FLAG_INITIALIZED = 1;
    static final int FLAG_FINALIZED = 2;

    /** Process memory, as {@link org.ompdexplorer.importers.elf.MemoryImage#read} gives it. */
    @FunctionalInterface
    interface Memory {
        MemoryRead read(long address, int length);
    }

    /** What reading the table gave. */
    sealed interface Read permits Table, Rejected {
    }

    /**
     * One device the agent saw.
     *
     * @param deviceNum the OpenMP device number
     * @param flags     bit 0: initialized, bit 1: finalized
     * @param type      the device type OMPT gave, or {@code null} when empty
     */
    record Entry(int deviceNum, int flags, String type) {
        boolean initialized() {
            return (flags & FLAG_INITIALIZED) != 0;
        }

        boolean finalized() {
            return (flags & FLAG_FINALIZED) != 0;
        }
    }

    /**
     * A valid table.
     *
     * @param address       where it is in the process
     * @param capacity      its entry slots
     * @param initialDevice the host's device number, or {@code null} when the agent did not know it
     * @param entries       the first {@code count} entries, in table order
     */
    record Table(long address, int capacity, Integer initialDevice, List<Entry> entries) implements Read {
        Table {
            entries = List.copyOf(entries);
        }
    }

    /**
     * A table that failed a check.
     *
     * @param address where the failing part is
     * @param reason  what was expected there and what was found
     */
    record Rejected(long address, String reason) implements Read {
    }

    private AgentDeviceTable() {
    }

    /** Reads and checks the table at {@code address}. */
    static Read read(Memory memory, long address) {
        MemoryRead head = memory.read(address, HEADER_SIZE);
        if (head instanceof MemoryRead.Failure f) {
            return new Rejected(f.address(), "its header cannot be read: " + f.detail());
        }
        ByteBuffer h = ByteBuffer.wrap(((MemoryRead.Bytes) head).bytes()).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = Arrays.copyOf(((MemoryRead.Bytes) head).bytes(), MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
            return new Rejected(address, "magic " + printable(magic) + ", expected \"OMPDXDEV\" (the agent had not"
                    + " set the table up yet, or this is not its table)");
        }
        long version = Integer.toUnsignedLong(h.getInt(8));
        long entrySize = Integer.toUnsignedLong(h.getInt(12));
        long capacity = Integer.toUnsignedLong(h.getInt(16));
        long count = Integer.toUnsignedLong(h.getInt(20));
        int initial = h.getInt(24);
        if (version < VERSION) {
            return new Rejected(address + 8, "version " + version + ", expected " + VERSION + " or later");
        }
        if (entrySize < ENTRY_SIZE || entrySize > MAX_ENTRY_SIZE) {
            return new Rejected(address + 12, "entry size " + entrySize + ", expected " + ENTRY_SIZE + " (up to "
                    + MAX_ENTRY_SIZE + " for a later version)");
        }
        if (capacity > MAX_CAPACITY) {
            return new Rejected(address + 16, "capacity " + capacity + ", more than any agent has (at most "
                    + MAX_CAPACITY + ")");
        }
        if (count > capacity) {
            return new Rejected(address + 20, "count " + count + " exceeds its capacity " + capacity);
        }
        if (initial < -1) {
            return new Rejected(address + 24, "initial device " + initial + ", expected a device number or -1");
        }
        long entriesAt = address + HEADER_SIZE;
        int stride = (int) entrySize;
        MemoryRead body = memory.read(entriesAt, (int) count * stride);
        if (body instanceof MemoryRead.Failure f) {
            return new Rejected(f.address(), "its " + count + " entries cannot be read: " + f.detail());
        }
        ByteBuffer b = ByteBuffer.wrap(((MemoryRead.Bytes) body).bytes()).order(ByteOrder.LITTLE_ENDIAN);
        List<Entry> entries = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            int at = i * stride;
            int deviceNum = b.getInt(at);
            if (deviceNum < 0) {
                return new Rejected(entriesAt + at, "entry " + i + " has device number " + deviceNum);
            }
            byte[] type = new byte[TYPE_SIZE];
            b.get(at + 8, type);
            entries.add(new Entry(deviceNum, b.getInt(at + 4), cString(type)));
        }
        return new Table(address, (int) capacity, initial == -1 ? null : initial, entries);
    }

    /** The bytes up to the first NUL (or all of them), decoded as UTF-8 with bad bytes replaced. */
    private static String cString(byte[] bytes) {
        int n = 0;
        while (n < bytes.length && bytes[n] != 0) {
            n++;
        }
        return n == 0 ? null : new String(bytes, 0, n, StandardCharsets.UTF_8);
    }

    /** Bytes as text for a message: printable ASCII as is, anything else as {@code \xNN}. */
    private static String printable(byte[] bytes) {
        StringBuilder s = new StringBuilder("\"");
        for (byte x : bytes) {
            if (x >= 0x20 && x < 0x7f && x != '"' && x != '\\') {
                s.append((char) x);
            } else {
                s.append(String.format("\\x%02x", x & 0xff));
            }
        }
        return s.append('"').toString();
    }
}
