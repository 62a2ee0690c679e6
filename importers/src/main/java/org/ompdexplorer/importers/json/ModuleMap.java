package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.ompdexplorer.importers.symbols.SnapshotSymbolizer;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.diagnostics.Severity;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;

/**
 * One read's module map (format 1.2, {@code modules[]}: the executables and shared objects holding the snapshot's
 * code addresses and, from 1.3, its frames' pcs) and the symbolization of the read's code locations and raw stacks by
 * it ({@link SnapshotSymbolizer}): the code locations read after the map are built symbolized ({@link #resolve}); the
 * rest, and the stacks, after the read ({@link #finish}).
 * Its findings are located at the module they concern. A module without a usable path, load bias or range is
 * reported and skipped; a bad build-id, file size or listed address is reported and left out.
 */
final class ModuleMap {
    private static final String[] FIELDS = {"path", "buildId", "loadBias", "start", "end", "fileSize",
        "codeAddresses"};
    /** GNU ld writes 16 or 20 bytes, up to 64 with --build-id=0x…; the agent up to 64. */
    private static final Pattern BUILD_ID = Pattern.compile("(?:[0-9a-f]{2}){1,256}");
    private final JsonCursor c;
    private final List<Placed> modules = new ArrayList<>();
    /** Per element of the file's {@code modules} (both sections of a repeated key, in order), its index kept, or -1. */
    private final List<Integer> keptIndexes = new ArrayList<>();
    private final List<Long> listed = new ArrayList<>();
    /** The distinct code locations of tasks read by other cursors (in parallel); the rest are in this one's. */
    private final List<Fact<CodeLocation>> otherCodes = new ArrayList<>();
    /** The facts {@link #resolve} built symbolized: {@link #finish} leaves them. */
    private final Set<Fact<CodeLocation>> resolved = Collections.newSetFromMap(new IdentityHashMap<>());
    private SnapshotSymbolizer symbolizer;

    /** A module read, and where its element starts (for the findings of symbolization). */
    private record Placed(CodeModule module, Location location) {
    }

    ModuleMap(JsonCursor cursor) {
        this.c = cursor;
    }

    /** The modules read, in file order. */
    List<CodeModule> modules() {
        return modules.stream().map(Placed::module).toList();
    }

    /** How many elements the file's {@code modules} has, kept or skipped: what a frame's module index counts. */
    int fileCount() {
        return keptIndexes.size();
    }

    /** The index among {@link #modules()} of element {@code fileIndex} of the file's {@code modules}, or -1. */
    int keptIndex(int fileIndex) {
        return keptIndexes.get(fileIndex);
    }

    /** Code locations read by another cursor, to symbolize with this one's. */
    void addCodes(Collection<Fact<CodeLocation>> codes) {
        otherCodes.addAll(codes);
    }

    /** Whether code locations read from now on are built symbolized: a map was read. */
    boolean resolves() {
        return symbolizer != null;
    }

    /** The location to build for {@code raw}, read as a creation site or a task's function: see the class. */
    CodeLocation resolve(CodeLocation raw, boolean returnAddress) {
        return symbolizer.resolve(raw, returnAddress);
    }

    /** Notes a fact built from a location {@link #resolve} changed. */
    void resolved(Fact<CodeLocation> fact) {
        resolved.add(fact);
    }

    /**
     * After the read: symbolizes what was not built symbolized, replacing what changed in the four lists, and the
     * frames of the raw stacks among {@code stacks} ({@code raw} says which), replaced in place; a module that could
     * not serve is a warning at its entry, a symbolizer's note an info.
     */
    void finish(List<Task> tasks, List<ParallelRegion> regions, List<TargetRegion> targets, List<OmpThread> threads,
                List<CallStack> stacks, List<Boolean> raw) {
        if (symbolizer == null) {
            return;
        }
        List<Fact<CodeLocation>> codes = new ArrayList<>(c.interner.codeLocations());
        codes.addAll(otherCodes);
        try {
            List<CallStack> toSymbolize = new ArrayList<>();
            for (int i = 0; i < stacks.size(); i++) {
                if (raw.get(i)) {
                    toSymbolize.add(stacks.get(i));
                }
            }
            List<CallStack> symbolized = symbolizer.symbolize(toSymbolize);
            for (int i = 0, next = 0; i < stacks.size(); i++) {
                if (raw.get(i)) {
                    stacks.set(i, symbolized.get(next++));
                }
            }
            SnapshotSymbolizer.Result r = symbolizer.finish(codes, resolved, tasks, regions, targets, threads);
            for (SnapshotSymbolizer.Problem p : r.problems()) {
                c.add(Diagnostic.warning(p.code(), p.message(), p.fix(), modules.get(p.module()).location()));
            }
            for (String note : r.notes()) {
                c.add(new Diagnostic(Severity.INFO, "symbolization", note, "",
                        Location.inInput(c.input(), 0, 0, null)));
            }
        } finally {
            symbolizer.close();
        }
    }

    /** Reads the array at the current token, adding its modules to those read before (a repeated key). */
    void read() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("modules (an array)");
            return;
        }
        int index = 0;
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            int at = index++;
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("an element of modules (an object)");
                keptIndexes.add(-1);
                continue;
            }
            TokenStreamLocation start = c.parser.currentTokenLocation();
            CodeModule m = module(at);
            keptIndexes.add(m == null ? -1 : modules.size());
            if (m != null) {
                modules.add(new Placed(m, c.at(start.getLineNr(), start.getColumnNr(), "$.modules[" + at + "]")));
            }
        }
        if (!modules.isEmpty()) {
            if (symbolizer != null) {
                symbolizer.close(); // a second modules section: one symbolizer over all of them
            }
            symbolizer = new SnapshotSymbolizer(modules(), true);
            symbolizer.prepare(listed);
        }
    }

    private CodeModule module(int at) {
        String path = null;
        String buildId = null;
        Long bias = null;
        Long start = null;
        Long end = null;
        Long size = null;
        List<Long> addresses = new ArrayList<>();
        Location endAt = null;
        Set<String> given = new java.util.HashSet<>();
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, FIELDS);
            c.parser.nextToken();
            if (c.parser.currentToken() == JsonToken.VALUE_NULL) {
                continue;
            }
            given.add(name);
            switch (name) {
                case "path" -> {
                    path = c.string("module path");
                    if (path != null && path.isBlank()) {
                        c.error("empty-name", "a module's \"path\" is an empty string", "write the file's path");
                        path = null;
                    }
                }
                case "buildId" -> {
                    String id = c.string("buildId");
                    if (id != null && !BUILD_ID.matcher(id).matches()) {
                        c.error("bad-build-id", "buildId \"" + abbreviate(id) + "\" is not a build-id (an even number"
                                + " of lowercase hex digits, at most 512); the module's file is checked by its size",
                                "write the GNU build-id as readelf -n shows it, e.g. \"3c1e…\", or leave it out");
                        id = null;
                    }
                    buildId = id;
                }
                case "loadBias" -> bias = c.address("loadBias");
                case "start" -> start = c.address("module start");
                case "end" -> {
                    endAt = c.here();
                    end = c.address("module end");
                }
                case "fileSize" -> size = c.unsigned("fileSize");
                case "codeAddresses" -> codeAddresses(addresses);
                default -> c.unknownField(name);
            }
        }
        String what = path == null ? "modules[" + at + "]" : "module " + path;
        if (path == null || bias == null || start == null || end == null) {
            List<String> missing = new ArrayList<>();
            for (String required : List.of("path", "loadBias", "start", "end")) {
                if (!given.contains(required)) {
                    missing.add("\"" + required + "\"");
                }
            }
            if (missing.isEmpty()) {
                return null; // a value given was refused, and said so where it is
            }
            c.error("missing-field", what + " needs " + String.join(", ", missing) + "; it was skipped and its code"
                    + " addresses are not symbolized", "give each module its path, loadBias, start and end");
            return null;
        }
        if (Long.compareUnsigned(end, start) <= 0) {
            c.add(Diagnostic.error("bad-module-range", what + " ends (" + Address.hex(end)
                    + ") at or before its start (" + Address.hex(start) + "); it was skipped",
                    "\"end\" is the address past its highest loaded byte", endAt));
            return null;
        }
        CodeModule module = new CodeModule(path, buildId, bias, start, end, size);
        for (long a : addresses) {
            if (module.contains(a)) {
                listed.add(a);
            }
        }
        return module;
    }

    /** The module's listed code addresses: each an address; refused ones are reported where they are. */
    private void codeAddresses(List<Long> into) {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("codeAddresses (an array of addresses)");
            return;
        }
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            Long a = c.address("a code address");
            if (a != null) {
                into.add(a);
            }
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
