package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One frame of a task, as {@code ompd_frame_info_t} / {@code ompt_frame_t} gives it: an address (0 when the
 * task has no such frame yet) and flags.
 *
 * @param address the frame address (unsigned); 0 means none
 * @param flags   {@code ompt_frame_flag_t} bits
 */
public record FrameInfo(long address, int flags) {
    public static final int RUNTIME = 0x00;
    public static final int APPLICATION = 0x01;
    public static final int CFA = 0x10;
    public static final int FRAMEPOINTER = 0x20;
    public static final int STACKADDRESS = 0x30;

    public boolean isPresent() {
        return address != 0;
    }

    /** The flags in the spec's words, e.g. {@code application|framepointer}. */
    public String flagNames() {
        List<String> names = new ArrayList<>();
        names.add((flags & APPLICATION) != 0 ? "application" : "runtime");
        switch (flags & 0x30) {
            case CFA -> names.add("cfa");
            case FRAMEPOINTER -> names.add("framepointer");
            case STACKADDRESS -> names.add("stackaddress");
            default -> { }
        }
        int rest = flags & ~0x31;
        if (rest != 0) {
            names.add("0x" + Integer.toHexString(rest));
        }
        return String.join("|", names);
    }

    @Override
    public String toString() {
        return isPresent() ? Address.hex(address) + " [" + flagNames() + "]" : "none";
    }
}
