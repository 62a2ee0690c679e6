package org.ompdexplorer.model;

/** An operating-system id of a thread, of one kind (pthread_t, LWP). */
public record OsThreadId(OsThreadIdKind kind, long value) {
    @Override
    public String toString() {
        return kind.equals(OsThreadIdKind.LWP) ? kind + "=" + value : kind + "=" + Address.hex(value);
    }
}
