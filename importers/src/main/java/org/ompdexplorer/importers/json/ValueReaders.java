package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ToolData;
import tools.jackson.core.JsonToken;

/**
 * Reads the format's value shapes at the parser's current token: links, facts, code locations, frames, tool
 * data, ICV values ({@link ThreadValueReaders} reads those only threads have). Each reports a wrong shape where it
 * is and yields an absent value.
 */
final class ValueReaders {
    enum CodeField { address, symbol, file, line, possiblyInexact, unavailable, detail }

    enum FramesField { exit, enter, unavailable, detail }

    enum FrameField { address, flags }

    enum ToolDataField { value, ptr, unavailable, detail }

    private static final String[] ICV_VALUE_FIELDS = {"icv", "value", "string"};
    private static final int CODE_SLOTS = 1024;
    private final JsonCursor c;
    private final FieldMatchers matchers;
    /** A task that has not run yet has null frames: one shared value for all of them, not two objects each. */
    private static final Fact<TaskFrames> NO_FRAMES = Fact.of(new TaskFrames(0, 0, 0, 0));
    private final Map<String, String> addressLabels = new HashMap<>();
    private final Map<String, String> frameAddressLabels = new HashMap<>();
    private final Map<String, String> frameFlagsLabels = new HashMap<>();
    /** The frame {@link #frame} read last. */
    private long frameAddress;
    private int frameFlags;
    /** Recent code locations by address, as read and as built: tasks of one function repeat it a million times. */
    private final CodeLocation[] recentRead;
    private final Fact<CodeLocation>[] recentCode;
    /** The read's module map, which symbolizes code locations as they are read; {@code null} for none. */
    private ModuleMap modules;

    @SuppressWarnings("unchecked")
    ValueReaders(JsonCursor cursor, FieldMatchers matchers) {
        this.matchers = matchers;
        this.recentCode = new Fact[CODE_SLOTS];
        this.recentRead = new CodeLocation[CODE_SLOTS];
        this.c = cursor;
    }

    /** Code locations read from now on are symbolized by {@code map} once it has modules. */
    void symbolizeBy(ModuleMap map) {
        this.modules = map;
    }

    private <T> Fact<T> link(String what, LongFunction<Fact<T>> resolve) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> {
                long id = c.id(what);
                yield id < 0 ? Fact.absent() : resolve.apply(id);
            }
        };
    }

    Fact<TaskId> taskLink(String what) {
        return link(what, c.interner::task);
    }

    Fact<ThreadId> threadLink(String what) {
        return link(what, c.interner::thread);
    }

    Fact<RegionId> regionLink(String what) {
        return link(what, c.interner::region);
    }

    Fact<Integer> intFact(String what, int min, int max) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> {
                Integer v = c.integer(what, min, max);
                yield v == null ? Fact.absent() : c.interner.integer(v);
            }
        };
    }

    Fact<Long> longFact(String what) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> Fact.ofNullable(c.longValue(what));
        };
    }

    Fact<Long> addressFact(String what) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> Fact.ofNullable(c.address(what));
        };
    }

    Fact<String> stringFact(String what) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> Fact.ofNullable(c.string(what));
        };
    }

    Fact<Boolean> booleanFact(String what) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> Fact.ofNullable(c.bool(what));
        };
    }

    /** A name of an open vocabulary, as a fact: see {@link JsonCursor#name}. */
    Fact<String> nameFact(String what) {
        return switch (c.parser.currentToken()) {
            case VALUE_NULL -> Fact.absent();
            case START_OBJECT -> UnavailableMarker.only(c, what);
            default -> Fact.ofNullable(c.name(what));
        };
    }

    /** True when the current token opens an object; otherwise reports the wrong type (null is absent). */
    boolean object(String what) {
        return opens(JsonToken.START_OBJECT, what, " (an object)");
    }

    /** True when the current token opens an array; otherwise reports the wrong type (null is absent). */
    boolean array(String what) {
        return opens(JsonToken.START_ARRAY, what, " (an array)");
    }

    /** {@code expected} is {@code what + kind}, said only when reported: the hot path builds no message. */
    private boolean opens(JsonToken start, String what, String kind) {
        JsonToken t = c.parser.currentToken();
        if (t == start) {
            return true;
        }
        if (t != JsonToken.VALUE_NULL) {
            c.wrongType(what + kind);
        }
        return false;
    }

    /** {@code what + suffix}, built once per label: a field's name in messages, without a concatenation per read. */
    private String label(Map<String, String> labels, String what, String suffix) {
        String label = labels.get(what);
        if (label == null) {
            label = what + suffix;
            labels.put(what, label);
        }
        return label;
    }

    /** A task's function: an entry point. */
    Fact<CodeLocation> code(String what) {
        return code(what, false);
    }

    /** A creation site: a return address ({@code codeptr_ra}). */
    Fact<CodeLocation> site(String what) {
        return code(what, true);
    }

    private Fact<CodeLocation> code(String what, boolean returnAddress) {
        if (!object(what)) {
            return Fact.absent();
        }
        UnavailableMarker u = new UnavailableMarker();
        Long address = null;
        boolean sawAddress = false;
        String symbol = null;
        String file = null;
        int line = 0;
        boolean inexact = false;
        long seen = 0;
        for (CodeField field = matchers.code().next(c); field != null; field = matchers.code().next(c)) {
            seen = c.seen(seen, field.ordinal());
            switch (field) {
                case unavailable, detail -> u.take(c, field.name());
                case address -> {
                    c.parser.nextToken();
                    sawAddress = true;
                    address = c.address(label(addressLabels, what, ".address"));
                }
                case symbol -> { c.parser.nextToken(); symbol = c.repeatedString("symbol"); }
                case file -> { c.parser.nextToken(); file = c.repeatedString("file"); }
                case line -> {
                    c.parser.nextToken();
                    Integer l = c.integer("line", 0, Integer.MAX_VALUE);
                    line = l == null ? 0 : l;
                }
                case possiblyInexact -> {
                    c.parser.nextToken();
                    Boolean b = c.parser.currentToken() == JsonToken.VALUE_NULL ? null : c.bool("possiblyInexact");
                    inexact = b != null && b;
                }
            }
        }
        if (u.isUnavailable()) {
            return u.fact();
        }
        if (address == null) {
            if (sawAddress) {
                return Fact.absent(); // the bad address is reported already
            }
            c.error("missing-field", what + " needs an \"address\"", "add \"address\": \"0x…\"");
            return Fact.absent();
        }
        return code(address, symbol, file, line, inexact, returnAddress);
    }

    /**
     * The fact for a location read, symbolized by the module map when there is one. Strings from {@link
     * JsonCursor#repeatedString} are shared instances, so identity comparison suffices.
     */
    private Fact<CodeLocation> code(long address, String symbol, String file, int line, boolean inexact,
                                    boolean returnAddress) {
        // an address read both ways lands in two slots: a hit on the address is a hit on its way
        int slot = (int) (address ^ (address >>> 17) ^ (returnAddress ? 1 : 0)) & (CODE_SLOTS - 1);
        CodeLocation recent = recentRead[slot];
        if (recent != null && recent.address() == address && recent.symbol() == symbol && recent.file() == file
                && recent.line() == line && recent.possiblyInexact() == inexact) {
            return recentCode[slot];
        }
        CodeLocation read = new CodeLocation(address, symbol, file, line, inexact);
        CodeLocation built = modules != null && modules.resolves() && file == null
                ? modules.resolve(read, returnAddress) : read;
        Fact<CodeLocation> fact = c.interner.code(built);
        if (built != read) {
            modules.resolved(fact);
        }
        recentRead[slot] = read;
        recentCode[slot] = fact;
        return fact;
    }

    Fact<TaskFrames> frames(String what) {
        if (!object(what)) {
            return Fact.absent();
        }
        UnavailableMarker u = new UnavailableMarker();
        long exitAddress = 0;
        int exitFlags = 0;
        long enterAddress = 0;
        int enterFlags = 0;
        long seen = 0;
        for (FramesField field = matchers.frames().next(c); field != null; field = matchers.frames().next(c)) {
            seen = c.seen(seen, field.ordinal());
            switch (field) {
                case unavailable, detail -> u.take(c, field.name());
                case exit -> {
                    c.parser.nextToken();
                    frame("exit frame");
                    exitAddress = frameAddress;
                    exitFlags = frameFlags;
                }
                case enter -> {
                    c.parser.nextToken();
                    frame("enter frame");
                    enterAddress = frameAddress;
                    enterFlags = frameFlags;
                }
            }
        }
        if (u.isUnavailable()) {
            return u.fact();
        }
        return exitAddress == 0 && exitFlags == 0 && enterAddress == 0 && enterFlags == 0 ? NO_FRAMES
                : Fact.of(new TaskFrames(exitAddress, exitFlags, enterAddress, enterFlags));
    }

    /** Reads one frame into {@link #frameAddress} and {@link #frameFlags} (0 for what is missing or bad). */
    private void frame(String what) {
        frameAddress = 0;
        frameFlags = 0;
        if (!object(what)) {
            return;
        }
        long seen = 0;
        for (FrameField field = matchers.frame().next(c); field != null; field = matchers.frame().next(c)) {
            seen = c.seen(seen, field.ordinal());
            c.parser.nextToken();
            switch (field) {
                case address -> {
                    Long a = c.address(label(frameAddressLabels, what, " address"));
                    frameAddress = a == null ? 0 : a;
                }
                case flags -> {
                    Integer f = c.integer(label(frameFlagsLabels, what, " flags"), 0, 0xffff);
                    frameFlags = f == null ? 0 : f;
                }
            }
        }
    }

    Fact<ToolData> toolData(String what) {
        if (!object(what)) {
            return Fact.absent();
        }
        UnavailableMarker u = new UnavailableMarker();
        long value = 0;
        long ptr = 0;
        long seen = 0;
        for (ToolDataField field = matchers.toolData().next(c); field != null; field = matchers.toolData().next(c)) {
            seen = c.seen(seen, field.ordinal());
            switch (field) {
                case unavailable, detail -> u.take(c, field.name());
                case value -> { c.parser.nextToken(); Long v = c.unsigned("tool data value"); value = v == null ? 0 : v; }
                case ptr -> { c.parser.nextToken(); Long p = c.address("tool data ptr"); ptr = p == null ? 0 : p; }
            }
        }
        return u.isUnavailable() ? u.fact() : Fact.of(new ToolData(value, ptr));
    }

    List<IcvValue> icvValues(String what) {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            if (c.parser.currentToken() != JsonToken.VALUE_NULL) {
                c.wrongType(what + " (an array of ICV values)");
            }
            return List.of();
        }
        List<IcvValue> values = new ArrayList<>();
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (!object("ICV value")) {
                continue;
            }
            long icv = -1;
            Fact<Long> integer = Fact.absent();
            Fact<String> string = Fact.absent();
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, ICV_VALUE_FIELDS);
                c.parser.nextToken();
                switch (name) {
                    case "icv" -> icv = c.id("icv");
                    case "value" -> integer = longFact("ICV value");
                    case "string" -> string = stringFact("ICV string");
                    default -> {
                        c.unknownField(name);
                    }
                }
            }
            if (icv < 0) {
                c.error("missing-field", "an ICV value needs its \"icv\" id", "add \"icv\": <catalogue id>");
                continue;
            }
            values.add(new IcvValue(new IcvId(icv), integer, string));
        }
        return values;
    }
}
