package org.ompdexplorer.app.ui.ompd;

/**
 * The fields of the Open Core File dialog, each one option of {@code import-core}.
 *
 * @param label what the dialog calls it
 * @param flag  the {@code import-core} option, or empty for the core itself (a parameter)
 * @param kind  what it holds
 */
public enum CoreField {
    CORE("Core file", "", Kind.FILE, true, "the core of the crashed or hung program (kernel core or gcore)"),
    EXECUTABLE("Executable", "--exe", Kind.FILE, false, "the program the core is of (default: as the core names it)"),
    SYSROOT("Sysroot", "--sysroot", Kind.DIRECTORY, false, "prefix for every library path the core names"),
    SOLIB_SEARCH_PATH("Library search path", "--solib-search-path", Kind.DIRECTORY_LIST, false,
            "more directories to look for the program's libraries in, separated by ':'"),
    DEBUG_DIRECTORIES("Debug directories", "--debug-dir", Kind.DIRECTORY_LIST, false,
            "where separate debug files are, before /usr/lib/debug, separated by ':'"),
    OMPD_LIBRARY("libompd", "--ompd-lib", Kind.FILE, false,
            "the libompd.so to use (default: as the runtime names it, then beside libomp)"),
    DEBUGINFOD("Debuginfod servers", "--debuginfod", Kind.URL_LIST, false,
            "servers asked for missing debug files by build-id, separated by spaces (default: $DEBUGINFOD_URLS)");

    /** What a field holds. */
    public enum Kind {
        FILE, DIRECTORY, DIRECTORY_LIST,
        /** http(s) base addresses separated by spaces: typed, not browsed for. */
        URL_LIST
    }

    private final String label;
    private final String flag;
    private final Kind kind;
    private final boolean required;
    private final String help;

    CoreField(String label, String flag, Kind kind, boolean required, String help) {
        this.label = label;
        this.flag = flag;
        this.kind = kind;
        this.required = required;
        this.help = help;
    }

    public String label() {
        return label;
    }

    public String flag() {
        return flag;
    }

    public Kind kind() {
        return kind;
    }

    public boolean required() {
        return required;
    }

    public String help() {
        return help;
    }

    /** The key under which the dialog remembers the field. */
    String key() {
        return "openCore." + name().toLowerCase(java.util.Locale.ROOT);
    }
}
