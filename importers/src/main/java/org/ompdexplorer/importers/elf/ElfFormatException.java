package org.ompdexplorer.importers.elf;

import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * A file is not the ELF file or core it should be: truncated, of another class or machine, or with a
 * header or note that contradicts itself. The message names the file, the byte offset and what was
 * expected there, for example {@code core.1234: truncated core: program header 7 at offset 0x1c0
 * extends past end of file (size 4096)}.
 */
public final class ElfFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;
    private final String detail;

    /**
     * @param file   the file being read
     * @param offset the byte offset in the file where the problem is, or -1 if it has no single place
     * @param detail what was expected there and what was found
     */
    public ElfFormatException(Path file, long offset, String detail) {
        super(file + ": " + detail);
        this.file = file;
        this.offset = offset;
        this.detail = detail;
    }

    /** The file being read. */
    public Path file() {
        return file;
    }

    /** The byte offset in the file the problem was found at, if it has one. */
    public OptionalLong offset() {
        return offset < 0 ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /** The message without the file name. */
    public String detail() {
        return detail;
    }
}
