package org.ompdexplorer.importers.json;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.Transfers;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import tools.jackson.core.JsonToken;

/** Reads the small sections: capture, runtime, address spaces, states, the ICV catalogue, control variables. */
final class HeaderReader {
    private static final String[] CAPTURE_FIELDS = {"source", "program", "pid", "host", "time", "label",
            "description", "producer", "lost", "job"};
    private static final String[] JOB_FIELDS = {"rank", "size", "id", "launcher"};
    private static final String[] LOST_FIELDS = {"what", "count", "bound"};
    private static final String[] RUNTIME_FIELDS = {"ompVersion", "ompVersionString", "ompdApiVersion",
            "ompdVersionString"};
    private static final String[] SPACE_FIELDS = {"id", "parent", "deviceKind", "deviceId", "icvs", "offload",
            "deviceNum", "deviceType", "ompdHandle", "images", "mappings", "transfers"};
    private static final String[] ICV_FIELDS = {"id", "name", "scope", "ompName"};
    private final JsonCursor c;
    private final ValueReaders values;
    private final ThreadValueReaders threadValues;
    private final DeviceReader devices;

    HeaderReader(JsonCursor cursor, ValueReaders values, DeviceReader devices) {
        this.c = cursor;
        this.values = values;
        this.threadValues = new ThreadValueReaders(cursor, values);
        this.devices = devices;
    }

    CaptureInfo capture() {
        if (c.parser.currentToken() != JsonToken.START_OBJECT) {
            c.wrongType("capture (an object)");
            return CaptureInfo.of(CaptureSource.of("unknown"));
        }
        CaptureSource source = null;
        String program = null;
        Long pid = null;
        String host = null;
        Instant time = null;
        String label = null;
        String description = null;
        String producer = null;
        List<RecordsLost> lost = List.of();
        JobPlacement job = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, CAPTURE_FIELDS);
            c.parser.nextToken();
            switch (name) {
                case "source" -> {
                    String s = c.name("capture source");
                    source = s == null ? null : CaptureSource.of(s);
                }
                case "program" -> program = c.string("program");
                case "pid" -> pid = c.longValue("pid");
                case "host" -> host = c.string("host");
                case "time" -> time = instant();
                case "label" -> label = c.string("label");
                case "description" -> description = c.string("description");
                case "producer" -> producer = c.string("producer");
                case "lost" -> lost = lost();
                case "job" -> job = job();
                default -> c.unknownField(name);
            }
        }
        if (source == null) {
            c.error("missing-field", "capture needs a \"source\"",
                    "add \"source\": \"core-file\", \"live-process\", \"ompt-agent\", \"synthetic\" or \"hand-written\"");
            source = CaptureSource.of("unknown");
        }
        return new CaptureInfo(source, program, pid, host, time, label, description, producer, lost, job);
    }

    /**
     * {@code capture.job} (1.4): the rank, and what else the launcher said; a rank that is missing, negative or not
     * below the size is an error at its place and the placement is left out (the snapshot still loads).
     */
    private JobPlacement job() {
        if (c.parser.currentToken() != JsonToken.START_OBJECT) {
            c.wrongType("job (an object with \"rank\", and \"size\", \"id\", \"launcher\" when known)");
            return null;
        }
        Long rank = null;
        Long size = null;
        String id = null;
        String launcher = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, JOB_FIELDS);
            c.parser.nextToken();
            switch (name) {
                case "rank" -> rank = c.longValue("rank");
                case "size" -> size = c.longValue("size");
                case "id" -> id = c.string("id");
                case "launcher" -> launcher = c.string("launcher");
                default -> c.unknownField(name);
            }
        }
        if (rank == null || rank < 0 || rank > Integer.MAX_VALUE
                || (size != null && (size <= rank || size > Integer.MAX_VALUE))) {
            c.error("invalid-job", "capture.job needs a \"rank\" from 0 to below its \"size\" (rank " + rank
                    + ", size " + size + ")", "write the rank the launcher gave (OMPI_COMM_WORLD_RANK, PMI_RANK,"
                    + " SLURM_PROCID) and the job's size, or leave \"job\" out");
            return null;
        }
        return new JobPlacement(rank.intValue(), size == null ? null : size.intValue(), id, launcher);
    }

    /** {@code capture.lost} (1.2): each entry also a warning at its place, so that no loss goes unsaid. */
    private List<RecordsLost> lost() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("lost (an array of {\"what\", \"count\", \"bound\"} objects)");
            return List.of();
        }
        List<RecordsLost> lost = new ArrayList<>();
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("a lost entry (an object)");
                continue;
            }
            String what = null;
            Long count = null;
            String bound = null;
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, LOST_FIELDS);
                c.parser.nextToken();
                switch (name) {
                    case "what" -> what = c.string("what");
                    case "count" -> count = c.count("count");
                    case "bound" -> bound = c.string("bound");
                    default -> c.unknownField(name);
                }
            }
            if (what == null || count == null || count < 1) {
                c.error("missing-field", "a lost entry needs \"what\" (a string) and \"count\" (at least 1)",
                        "give both, e.g. {\"what\": \"tasks\", \"count\": 12}");
                continue;
            }
            RecordsLost l = new RecordsLost(what, count, bound);
            lost.add(l);
            c.add(Diagnostic.warning("records-lost", "the capturing tool lost " + count + " " + what
                    + (bound != null ? " (bound reached: " + bound + ")" : "") + "; they are not in this snapshot",
                    bound != null ? "raise the bound (" + bound + ") and capture again"
                            : "capture again with a larger bound", c.here()));
        }
        return lost;
    }

    private Instant instant() {
        String text = c.string("time");
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            c.error("bad-time", "time \"" + text + "\" is not an ISO-8601 instant",
                    "write it like \"2026-11-21T15:03:00Z\"");
            return null;
        }
    }

    RuntimeInfo runtime() {
        if (c.parser.currentToken() != JsonToken.START_OBJECT) {
            c.wrongType("runtime (an object)");
            return RuntimeInfo.UNKNOWN;
        }
        Fact<Long> ompVersion = Fact.absent();
        Fact<String> ompVersionString = Fact.absent();
        Fact<Long> apiVersion = Fact.absent();
        Fact<String> ompdVersionString = Fact.absent();
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, RUNTIME_FIELDS);
            c.parser.nextToken();
            switch (name) {
                case "ompVersion" -> ompVersion = values.longFact("ompVersion");
                case "ompVersionString" -> ompVersionString = values.stringFact("ompVersionString");
                case "ompdApiVersion" -> apiVersion = values.longFact("ompdApiVersion");
                case "ompdVersionString" -> ompdVersionString = values.stringFact("ompdVersionString");
                default -> c.unknownField(name);
            }
        }
        return new RuntimeInfo(ompVersion, ompVersionString, apiVersion, ompdVersionString);
    }

    AddressSpace addressSpace() {
        long id = -1;
        Long parent = null;
        Long deviceKind = null;
        String deviceId = null;
        List<IcvValue> icvs = List.of();
        OffloadInfo offload = null;
        Integer deviceNum = null;
        String deviceType = null;
        Fact<Boolean> ompdHandle = Fact.absent();
        List<DeviceImage> images = List.of();
        List<Mapping> mappings = List.of();
        Transfers transfers = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, SPACE_FIELDS);
            c.parser.nextToken();
            boolean isNull = c.parser.currentToken() == JsonToken.VALUE_NULL;
            switch (name) {
                case "id" -> id = c.id("address space id");
                case "parent" -> {
                    long p = c.id("parent");
                    parent = p < 0 ? null : p;
                }
                case "deviceKind" -> deviceKind = c.unsigned("deviceKind");
                case "deviceId" -> deviceId = c.string("deviceId");
                case "icvs" -> icvs = values.icvValues("icvs");
                case "offload" -> offload = devices.offload();
                case "deviceNum" -> deviceNum = isNull ? null : c.integer("deviceNum", 0, Integer.MAX_VALUE);
                case "deviceType" -> deviceType = isNull ? null : c.name("deviceType");
                case "ompdHandle" -> ompdHandle = values.booleanFact("ompdHandle");
                case "images" -> images = devices.images();
                case "mappings" -> mappings = devices.mappings();
                case "transfers" -> transfers = devices.transfers("device transfers");
                default -> c.unknownField(name);
            }
        }
        if (id < 0) {
            c.error("missing-field", "an address space needs a non-negative integer \"id\"; it was skipped",
                    "add \"id\": <integer>");
            return null;
        }
        // a device of format 1.0, or a process, has none of these; SnapshotValidator reports them on a process
        boolean deviceFacts = deviceNum != null || deviceType != null || !(ompdHandle instanceof Fact.Absent<Boolean>)
                || !images.isEmpty() || !mappings.isEmpty() || transfers != null;
        return new AddressSpace(new AddressSpaceId(id), parent == null ? null : new AddressSpaceId(parent),
                deviceKind, deviceId, icvs, deviceFacts ? new DeviceInfo(deviceNum, deviceType, ompdHandle, images,
                mappings, transfers) : null, offload);
    }

    ThreadState state() {
        return threadValues.state("state").orElse(null);
    }

    IcvDefinition icvDefinition() {
        long id = -1;
        String name = null;
        IcvScope scope = null;
        String ompName = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = c.parser.currentName();
            seen = c.seen(seen, field, ICV_FIELDS);
            c.parser.nextToken();
            switch (field) {
                case "id" -> id = c.id("ICV id");
                case "name" -> name = c.string("ICV name");
                case "scope" -> {
                    String s = c.name("ICV scope");
                    scope = s == null ? null : IcvScope.of(s);
                }
                case "ompName" -> ompName = c.string("ompName");
                default -> c.unknownField(field);
            }
        }
        if (id < 0 || name == null || name.isBlank() || scope == null) {
            c.error("missing-field", "an ICV catalogue entry needs \"id\", \"name\" and \"scope\"; it was skipped",
                    "add the missing fields");
            return null;
        }
        return new IcvDefinition(new IcvId(id), name, scope, ompName);
    }

    List<DisplayControlVar> displayControlVars() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("displayControlVars (an array of \"NAME=value\" strings)");
            return List.of();
        }
        List<DisplayControlVar> vars = new ArrayList<>();
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            String s = c.string("a display control variable (\"NAME=value\")");
            if (s != null) {
                vars.add(DisplayControlVar.parse(s));
            }
        }
        return vars;
    }
}
