package org.ompdexplorer.model;

/** Formats and parses 64-bit addresses, which are unsigned: an address above 2^63 is a negative {@code long}. */
public final class Address {
    private Address() {
    }

    /** {@code 0x}-prefixed lower-case hex of the unsigned value. */
    public static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }

    /**
     * Parses {@code 0x…} hex or a decimal string as an unsigned 64-bit value.
     *
     * @throws NumberFormatException naming the text when it is not an address or exceeds 2^64 − 1
     */
    public static long parse(String text) {
        String t = text.strip();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return Long.parseUnsignedLong(t.substring(2), 16);
            }
            return Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw new NumberFormatException("'" + text + "' is not a 64-bit address (expected 0x… hex up to "
                    + "0xffffffffffffffff, or an unsigned decimal)");
        }
    }
}
