package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.Transfers;
import tools.jackson.core.JsonToken;

/** Reads one element of {@code targetRegions[]} (format 1.1). */
final class TargetRegionReader {
    private static final String[] FIELDS = {"id", "kind", "device", "deviceNum", "inFlight", "encounteringTask",
            "targetTask", "creationSite", "kernels", "kernelsSubmitted", "transfers"};
    private static final String[] KERNEL_FIELDS = {"requestedTeams"};
    private final JsonCursor c;
    private final ValueReaders values;
    private final DeviceReader devices;

    TargetRegionReader(JsonCursor cursor, ValueReaders values, DeviceReader devices) {
        this.c = cursor;
        this.values = values;
        this.devices = devices;
    }

    /**
     * Reads the target region at the current START_OBJECT; {@code null} (reported) without a usable id or
     * device number, which every target construct has.
     */
    TargetRegion read() {
        long id = -1;
        TargetKind kind = null;
        AddressSpaceId device = null;
        Integer deviceNum = null;
        Boolean inFlight = null;
        Fact<TaskId> encountering = Fact.absent();
        Fact<TaskId> targetTask = Fact.absent();
        Fact<CodeLocation> creationSite = Fact.absent();
        List<Kernel> kernels = List.of();
        long kernelsSubmitted = 0;
        Transfers transfers = null;
        boolean refusedDeviceNum = false;
        boolean refusedKind = false;
        boolean refusedInFlight = false;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, FIELDS);
            c.parser.nextToken();
            boolean isNull = c.parser.currentToken() == JsonToken.VALUE_NULL;
            switch (name) {
                case "id" -> id = c.id("target region id");
                case "kind" -> {
                    String k = isNull ? null : c.name("target kind");
                    kind = k == null ? null : TargetKind.of(k);
                    refusedKind = !isNull && k == null;
                }
                case "device" -> {
                    long d = isNull ? -1 : c.id("device (an address space id)");
                    device = d < 0 ? null : new AddressSpaceId(d);
                }
                case "deviceNum" -> {
                    deviceNum = isNull ? null : c.integer("deviceNum", Integer.MIN_VALUE, Integer.MAX_VALUE);
                    refusedDeviceNum = !isNull && deviceNum == null;
                }
                case "inFlight" -> {
                    inFlight = isNull ? null : c.bool("inFlight");
                    refusedInFlight = !isNull && inFlight == null;
                }
                case "encounteringTask" -> encountering = values.taskLink("encounteringTask");
                case "targetTask" -> targetTask = values.taskLink("targetTask");
                case "creationSite" -> creationSite = values.site("creationSite");
                case "kernels" -> kernels = kernels();
                case "kernelsSubmitted" -> {
                    Long n = isNull ? null : c.count("kernelsSubmitted");
                    kernelsSubmitted = n == null ? 0 : n;
                }
                case "transfers" -> transfers = devices.transfers("target region transfers");
                default -> c.unknownField(name);
            }
        }
        if (id < 0) {
            c.error("missing-field", "a target region needs a non-negative integer \"id\"; it was skipped",
                    "add \"id\": <integer>");
            return null;
        }
        if (deviceNum == null) {
            if (!refusedDeviceNum) {
                c.error("missing-field", "target region " + id + " needs its \"deviceNum\"; it was skipped",
                        "add \"deviceNum\": the device_num OMPT gave at target_emi begin");
            }
            return null;
        }
        if (kind == null && !refusedKind) {
            c.error("missing-field", "target region " + id + " needs a \"kind\"", "add \"kind\": \"target\" (or "
                    + "enter_data, exit_data, update, and their _nowait forms)");
        }
        if (inFlight == null && !refusedInFlight) {
            c.error("missing-field", "target region " + id + " needs \"inFlight\"; it is taken as ended",
                    "add \"inFlight\": true between the construct's begin and end, else false");
        }
        return new TargetRegion(new TargetRegionId(id), kind == null ? TargetKind.of("unknown") : kind, device,
                deviceNum, inFlight != null && inFlight, encountering,
                targetTask, creationSite, kernels, kernelsSubmitted, transfers);
    }

    private List<Kernel> kernels() {
        if (!values.array("kernels")) {
            return List.of();
        }
        List<Kernel> kernels = new ArrayList<>(1);
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (!values.object("a kernel {\"requestedTeams\": …}")) {
                continue;
            }
            long teams = 0;
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, KERNEL_FIELDS);
                c.parser.nextToken();
                if (name.equals("requestedTeams")) {
                    Long n = c.parser.currentToken() == JsonToken.VALUE_NULL ? null : c.count("requestedTeams");
                    teams = n == null ? 0 : n;
                } else {
                    c.unknownField(name);
                }
            }
            kernels.add(new Kernel(teams));
        }
        return kernels;
    }
}
