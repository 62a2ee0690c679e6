package org.ompdexplorer.importers.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.ompdexplorer.importers.symbols.CodeSymbolizer;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Snapshot;

/**
 * What a load depends on besides its input file: a snapshot with a module map (format 1.2) was symbolized from the
 * module files on this machine with the libdw found then. A cached load stands for the file only while these are as
 * they were: a rebuilt, moved or newly installed program, or libdw installed or upgraded since, makes the entry a
 * miss, so that a reopen shows what a first open would (docs/decisions/0010-reopen-cache.md).
 */
public final class Dependencies {
    /** The name that stands for the symbolizer, whose stamp is the libdw in use: its path, size and time (or {@code none}). */
    static final String SYMBOLIZER = "<symbolizer>";

    private Dependencies() {
    }

    /** One dependency as it was: a module file's path (or {@link #SYMBOLIZER}) and its stamp. */
    public record Stamp(String name, String stamp) {
        /** Whether the dependency is still as stamped. */
        boolean holds() {
            return stampOf(name).equals(stamp);
        }
    }

    /** The dependencies of a load of {@code snapshot}, stamped now; none for a snapshot without modules. */
    public static List<Stamp> of(Snapshot snapshot) {
        if (snapshot.modules().isEmpty()) {
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        for (CodeModule m : snapshot.modules()) {
            names.add(m.path());
        }
        names.add(SYMBOLIZER);
        List<Stamp> stamps = new ArrayList<>(names.size());
        for (String name : names) {
            stamps.add(new Stamp(name, stampOf(name)));
        }
        return stamps;
    }

    /**
     * A file's identity, size, modification and change times (a rebuild copied in with {@code cp -p} keeps the
     * first three), or {@code absent}; the symbolizer's ({@link CodeSymbolizer#symbolizerStamp}).
     */
    static String stampOf(String name) {
        if (name.equals(SYMBOLIZER)) {
            return CodeSymbolizer.symbolizerStamp();
        }
        try {
            Map<String, Object> a = Files.readAttributes(Path.of(name), "unix:size,lastModifiedTime,ctime,fileKey");
            Object key = a.get("fileKey");
            return (key == null ? "" : key.toString()) + " " + a.get("size") + " "
                    + ((FileTime) a.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS) + " "
                    + ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS);
        } catch (IOException | SecurityException | UnsupportedOperationException
                 | IllegalArgumentException e) { // InvalidPathException among the last
            return "absent";
        }
    }
}
