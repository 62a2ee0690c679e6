package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.Transfers;
import tools.jackson.core.JsonToken;

/**
 * Reads the format 1.1 offload shapes at the parser's current token: a process's {@code offload}, a device's
 * {@code images} and {@code mappings}, and {@code transfers} (of a device, a mapping or a target region). Each
 * reports a wrong shape where it is and yields an absent value, as {@link ValueReaders} does.
 */
final class DeviceReader {
    private static final String[] OFFLOAD_FIELDS = {"runtime", "deviceCount", "initialDevice", "imageTriples"};
    private static final String[] IMAGE_FIELDS = {"file", "offsetInFile", "vmaInFile", "bytes", "hostAddress",
            "deviceAddress", "moduleId"};
    private static final String[] MAPPING_FIELDS = {"hostAddress", "deviceAddress", "bytes", "refCount",
            "mappedBy", "transfers"};
    private static final String[] TRANSFER_FIELDS = {"toDeviceBytes", "toDeviceOps", "fromDeviceBytes",
            "fromDeviceOps"};
    private final JsonCursor c;
    private final ValueReaders values;

    DeviceReader(JsonCursor cursor, ValueReaders values) {
        this.c = cursor;
        this.values = values;
    }

    /** {@code offload} of the process; {@code null} when it is null or not an object. */
    OffloadInfo offload() {
        if (!values.object("offload")) {
            return null;
        }
        String runtime = null;
        Fact<Integer> deviceCount = Fact.absent();
        Integer initialDevice = null;
        List<String> triples = List.of();
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, OFFLOAD_FIELDS);
            c.parser.nextToken();
            if (c.parser.currentToken() == JsonToken.VALUE_NULL && known(name, OFFLOAD_FIELDS)) {
                continue;
            }
            switch (name) {
                case "runtime" -> runtime = c.string("offload runtime");
                case "deviceCount" -> deviceCount = values.intFact("deviceCount", 0, Integer.MAX_VALUE);
                case "initialDevice" -> initialDevice = c.integer("initialDevice", Integer.MIN_VALUE,
                        Integer.MAX_VALUE);
                case "imageTriples" -> triples = imageTriples();
                default -> c.unknownField(name);
            }
        }
        return new OffloadInfo(runtime, deviceCount, initialDevice, triples);
    }

    private List<String> imageTriples() {
        if (!values.array("imageTriples")) {
            return List.of();
        }
        List<String> triples = new ArrayList<>(2);
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            String t = c.name("an image triple");
            if (t != null) {
                triples.add(t);
            }
        }
        return triples;
    }

    /** A device's {@code images}: each a {@code device_load} callback's arguments; a number left out is 0. */
    List<DeviceImage> images() {
        if (!values.array("images")) {
            return List.of();
        }
        List<DeviceImage> images = new ArrayList<>(2);
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (!values.object("a device image")) {
                continue;
            }
            String file = null;
            long offset = 0;
            long vma = 0;
            long bytes = 0;
            long host = 0;
            long device = 0;
            long moduleId = 0;
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, IMAGE_FIELDS);
                c.parser.nextToken();
                if (c.parser.currentToken() == JsonToken.VALUE_NULL && known(name, IMAGE_FIELDS)) {
                    continue;
                }
                switch (name) {
                    case "file" -> file = c.string("image file");
                    case "offsetInFile" -> offset = orZero(c.longValue("offsetInFile"));
                    case "vmaInFile" -> vma = orZero(c.address("vmaInFile"));
                    case "bytes" -> bytes = orZero(c.unsigned("image bytes"));
                    case "hostAddress" -> host = orZero(c.address("image hostAddress"));
                    case "deviceAddress" -> device = orZero(c.address("image deviceAddress"));
                    case "moduleId" -> moduleId = orZero(c.unsigned("moduleId"));
                    default -> c.unknownField(name);
                }
            }
            images.add(new DeviceImage(file, offset, vma, bytes, host, device, moduleId));
        }
        return images;
    }

    private static boolean known(String name, String[] fields) {
        for (String f : fields) {
            if (f.equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    /** A device's {@code mappings}: its present table. A mapping without its range is reported and skipped. */
    List<Mapping> mappings() {
        if (!values.array("mappings")) {
            return List.of();
        }
        List<Mapping> mappings = new ArrayList<>();
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (!values.object("a mapping")) {
                continue;
            }
            Long host = null;
            Long device = null;
            Long bytes = null;
            int refCount = 0;
            TargetRegionId mappedBy = null;
            Transfers transfers = null;
            boolean refused = false; // a part of the range was given but refused, and so reported already
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, MAPPING_FIELDS);
                c.parser.nextToken();
                if (c.parser.currentToken() == JsonToken.VALUE_NULL && known(name, MAPPING_FIELDS)) {
                    continue;
                }
                switch (name) {
                    case "hostAddress" -> {
                        host = c.address("mapping hostAddress");
                        refused |= host == null;
                    }
                    case "deviceAddress" -> {
                        device = c.address("mapping deviceAddress");
                        refused |= device == null;
                    }
                    case "bytes" -> {
                        bytes = c.unsigned("mapping bytes");
                        refused |= bytes == null;
                    }
                    case "refCount" -> {
                        Integer r = c.integer("refCount", 0, Integer.MAX_VALUE);
                        refCount = r == null ? 0 : r;
                    }
                    case "mappedBy" -> {
                        long id = c.id("mappedBy (a target region id)");
                        mappedBy = id < 0 ? null : new TargetRegionId(id);
                    }
                    case "transfers" -> transfers = transfers("mapping transfers");
                    default -> c.unknownField(name);
                }
            }
            if (host == null || device == null || bytes == null) {
                if (!refused) {
                    c.error("missing-field", "a mapping needs \"hostAddress\", \"deviceAddress\" and \"bytes\"; "
                            + "it was skipped", "add the host range and the device address it maps to");
                }
                continue;
            }
            mappings.add(new Mapping(host, device, bytes, refCount, mappedBy, transfers));
        }
        return mappings;
    }

    /** {@code transfers}: sums of data moved; {@code null} when it is null or not an object. */
    Transfers transfers(String what) {
        if (!values.object(what)) {
            return null;
        }
        long[] v = new long[TRANSFER_FIELDS.length];
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, TRANSFER_FIELDS);
            c.parser.nextToken();
            if (c.parser.currentToken() == JsonToken.VALUE_NULL && known(name, TRANSFER_FIELDS)) {
                continue;
            }
            Long read = switch (name) {
                case "toDeviceBytes", "fromDeviceBytes" -> c.unsigned(name);
                case "toDeviceOps", "fromDeviceOps" -> c.count(name);
                default -> {
                    c.unknownField(name);
                    yield null;
                }
            };
            for (int i = 0; read != null && i < TRANSFER_FIELDS.length; i++) {
                if (TRANSFER_FIELDS[i].equals(name)) {
                    v[i] = read;
                }
            }
        }
        return new Transfers(v[0], v[1], v[2], v[3]);
    }
}
