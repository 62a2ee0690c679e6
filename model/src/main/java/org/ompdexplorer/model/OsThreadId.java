package org.ompdexplorer.model;

/**
 * An operating-system id of a thread, of one kind (pthread_t, LWP).
 *
 * @param value the id, unsigned 64-bit: a value above 2^63 − 1 is a negative {@code long}
 */
public record OsThreadId(OsThreadIdKind kind, long value) {
    @Override
    public String toString() {
        return kind.equals(OsThreadIdKind.LWP) ? kind + "=" + Long.toUnsignedString(value) : kind + "=" + Address.hex(value);
    }
}
