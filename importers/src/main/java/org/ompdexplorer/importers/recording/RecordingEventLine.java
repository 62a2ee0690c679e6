package org.ompdexplorer.importers.recording;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/** The fields of one event line of a recording as read, before it is stored by kind (docs/recording-format.md). */
final class RecordingEventLine {
    String e;
    long t = -1;
    long th = -1;
    long task = Recording.NONE;
    long region = Recording.NONE;
    long gen = Recording.NONE;
    long from = Recording.NONE;
    long to = Recording.NONE;
    long prior = Recording.NONE;
    long next = Recording.NONE;
    long target = Recording.NONE;
    long site;
    int requested = -1;
    int num = -1;
    int size = -1;
    int device = -1;
    boolean initial;
    String kind;
    String status;
    String label;
    String file;
    List<String> flags = List.of();
    List<Dependence> deps = List.of();

    /** A value of the wrong type or form, with what is wrong. */
    static final class BadValue extends RuntimeException {
        BadValue(String message) {
            super(message, null, false, false);
        }
    }

    void field(JsonParser p) {
        String name = p.currentName();
        switch (name) {
            case "e" -> e = string(p, name);
            case "t" -> t = number(p, name);
            case "th" -> th = number(p, name);
            case "task" -> task = number(p, name);
            case "region" -> region = number(p, name);
            case "gen" -> gen = number(p, name);
            case "from" -> from = number(p, name);
            case "to" -> to = number(p, name);
            case "prior" -> prior = number(p, name);
            case "next" -> next = number(p, name);
            case "target" -> target = number(p, name);
            case "requested" -> requested = (int) number(p, name);
            case "num" -> num = (int) number(p, name);
            case "size" -> size = (int) number(p, name);
            case "device" -> device = (int) number(p, name);
            case "initial" -> initial = p.currentToken() == JsonToken.VALUE_TRUE;
            case "kind" -> kind = string(p, name);
            case "status" -> status = string(p, name);
            case "label" -> label = string(p, name);
            case "file" -> file = string(p, name);
            case "site" -> site = p.currentToken() == JsonToken.VALUE_NULL ? 0 : hex(string(p, name), name);
            case "flags" -> flags = flags(p);
            case "deps" -> deps = deps(p);
            default -> {
                if (p.currentToken().isStructStart()) {
                    p.skipChildren(); // a field a newer format adds
                }
            }
        }
    }

    private static String string(JsonParser p, String name) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw new BadValue(name + " must be a string, not " + p.currentToken().asString());
        }
        return p.getString();
    }

    private static long number(JsonParser p, String name) {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw new BadValue(name + " must be an integer, not " + (p.currentToken().asString() == null
                    ? p.currentToken().name().toLowerCase() : p.currentToken().asString()));
        }
        return p.getLongValue();
    }

    private static long hex(String s, String name) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return Long.parseUnsignedLong(s.substring(2), 16);
            }
        } catch (NumberFormatException ex) {
            // the message below
        }
        throw new BadValue(name + " \"" + s + "\" is not a hex address like \"0x401136\"");
    }

    private static List<String> flags(JsonParser p) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new BadValue("flags must be an array of names");
        }
        List<String> out = new ArrayList<>(4);
        while (p.nextToken() == JsonToken.VALUE_STRING) {
            out.add(p.getString());
        }
        if (p.currentToken() != JsonToken.END_ARRAY) {
            throw new BadValue("flags must be an array of names");
        }
        return out;
    }

    private static List<Dependence> deps(JsonParser p) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new BadValue("deps must be an array of {\"addr\",\"type\"}");
        }
        List<Dependence> out = new ArrayList<>(2);
        while (p.nextToken() == JsonToken.START_OBJECT) {
            long addr = 0;
            String type = null;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String f = p.currentName();
                p.nextToken();
                if (f.equals("addr")) {
                    addr = hex(string(p, "deps.addr"), "deps.addr");
                } else if (f.equals("type")) {
                    type = string(p, "deps.type");
                } else if (p.currentToken().isStructStart()) {
                    p.skipChildren();
                }
            }
            if (type == null) {
                throw new BadValue("a dependence has no type");
            }
            out.add(new Dependence(DependenceType.of(type), addr));
        }
        return out;
    }

    /** Stores the event; a problem ({@code $.field what}) when a field it needs is missing. */
    String store(Recording.Builder b) {
        if (e == null) {
            return "$.e missing: every event names its kind";
        }
        if (t < 0) {
            return "$.t missing or negative: every event has its time";
        }
        if (th < 0) {
            return "$.th missing: every event names its thread";
        }
        EventKind k = EventKind.ofWireName(e);
        if (k == null) {
            return "$.e unknown event kind \"" + e + "\"";
        }
        switch (k) {
            case THREAD_BEGIN -> b.threadBegin(t, th, kind);
            case THREAD_END -> b.threadEnd(t, th);
            case PARALLEL_BEGIN -> {
                if (region == Recording.NONE) {
                    return "$.region missing";
                }
                b.parallelBegin(t, th, region, task, requested, site);
            }
            case PARALLEL_END -> {
                if (region == Recording.NONE) {
                    return "$.region missing";
                }
                b.parallelEnd(t, th, region);
            }
            case IMPLICIT_BEGIN -> {
                if (task == Recording.NONE) {
                    return "$.task missing";
                }
                b.implicitBegin(t, th, task, region, num, size, initial);
            }
            case IMPLICIT_END -> b.implicitEnd(t, th, task);
            case TASK_CREATE -> {
                if (task == Recording.NONE) {
                    return "$.task missing";
                }
                b.taskCreate(t, th, task, gen, site, flags, deps);
            }
            case TASK_DEP -> {
                if (from == Recording.NONE || to == Recording.NONE) {
                    return "$." + (from == Recording.NONE ? "from" : "to") + " missing";
                }
                b.taskDependence(t, th, from, to);
            }
            case SCHEDULE -> {
                if (status == null) {
                    return "$.status missing";
                }
                b.schedule(t, th, prior, status, next);
            }
            case SYNC_BEGIN, SYNC_END, WAIT_BEGIN, WAIT_END -> {
                if (kind == null) {
                    return "$.kind missing";
                }
                b.sync(t, th, k, kind, task, site);
            }
            case TARGET_BEGIN, TARGET_END -> b.target(t, th, k, target, device, kind, task, site);
            case SNAPSHOT -> b.snapshot(t, th, label, file);
        }
        return null;
    }
}
