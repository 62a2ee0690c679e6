package org.ompdexplorer.importers.debuginfo;

/** What debuginfod serves for a build-id: the separate debug file, or the (possibly unstripped) executable itself. */
public enum DebugFileKind {
    /** {@code GET …/buildid/HEX/debuginfo}: the file with the DWARF and the full symbol table. */
    DEBUGINFO("debuginfo", "debug file"),
    /** {@code GET …/buildid/HEX/executable}: the loadable ELF file (a program or a shared library). */
    EXECUTABLE("executable", "executable");

    private final String pathSegment;
    private final String description;

    DebugFileKind(String pathSegment, String description) {
        this.pathSegment = pathSegment;
        this.description = description;
    }

    /** The last segment of the request path, and the file's name in the cache: "debuginfo" or "executable". */
    public String pathSegment() {
        return pathSegment;
    }

    /** For messages: "debug file" or "executable". */
    public String description() {
        return description;
    }
}
