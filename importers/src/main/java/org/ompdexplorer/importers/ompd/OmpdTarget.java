package org.ompdexplorer.importers.ompd;

import java.lang.foreign.MemorySegment;

/**
 * The tool's side of an OMPD session: what libompd's callbacks ask about the address space under inspection.
 * Every method returns an {@code ompd_rc_t}; contexts are the opaque pointers the tool handed to libompd
 * (address-space context, thread context; 0 for none).
 */
interface OmpdTarget {
    /**
     * The address of symbol {@code name} (a thread-local one needs a thread context), written to
     * {@code address[0]}. A symbol that is not found is an error code, never "ok" with a made-up address.
     */
    int symbolAddress(long context, long threadContext, String name, String fileName, long[] address);

    /** Copies {@code into.byteSize()} bytes at {@code address} into {@code into}. */
    int readMemory(long context, long threadContext, long address, MemorySegment into);

    /** Copies the NUL-terminated string at {@code address} into {@code into}, at most {@code into.byteSize()} bytes. */
    int readString(long context, long threadContext, long address, MemorySegment into);

    /** The thread context for OS thread id {@code id} of kind {@code kind}, written to {@code threadContext[0]}. */
    int threadContext(long context, long kind, MemorySegment id, long[] threadContext);

    /** A message libompd prints (debug output, warnings). */
    void print(String text, int category);
}
