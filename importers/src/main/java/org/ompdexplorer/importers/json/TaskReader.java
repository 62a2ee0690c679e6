package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ToolData;
import tools.jackson.core.JsonToken;

/** Reads one element of {@code tasks[]}: the hot path of a large import. */
final class TaskReader {
    /** The fields of a task, as docs/snapshot-format.md names them. */
    enum Field {
        id, kind, generatingTask, schedulingTask, parallelRegion, thread, threadNum, function, creationSite, frames,
        toolData, icvs, lifecycle, flags, priority, dependences, dependsOn, creationOrder
    }

    private static final String[] DEPENDENCE_FIELDS = {"type", "address"};
    private final JsonCursor c;
    private final ValueReaders values;
    private final FieldMatcher<Field> fields;

    TaskReader(JsonCursor cursor, ValueReaders values, FieldMatcher<Field> fields) {
        this.c = cursor;
        this.values = values;
        this.fields = fields;
    }

    /** Reads the task object at the current START_OBJECT; {@code null} (reported) when it has no usable id. */
    Task read() {
        long id = -1;
        TaskKind kind = null;
        Fact<TaskId> generating = Fact.absent();
        Fact<TaskId> scheduling = Fact.absent();
        Fact<RegionId> region = Fact.absent();
        Fact<ThreadId> thread = Fact.absent();
        Fact<Integer> threadNum = Fact.absent();
        Fact<CodeLocation> function = Fact.absent();
        Fact<CodeLocation> creationSite = Fact.absent();
        Fact<TaskFrames> frames = Fact.absent();
        Fact<ToolData> toolData = Fact.absent();
        List<IcvValue> icvs = List.of();
        TaskLifecycle lifecycle = null;
        List<TaskFlag> flags = List.of();
        Integer priority = null;
        List<Dependence> dependences = List.of();
        List<TaskId> dependsOn = List.of();
        long creationOrder = -1;
        boolean agent = false;
        long seen = 0;
        for (Field field = fields.next(c); field != null; field = fields.next(c)) {
            seen = c.seen(seen, field.ordinal());
            c.parser.nextToken();
            switch (field) {
                case id -> id = c.id("task id");
                case kind -> {
                    String k = c.name("task kind");
                    kind = k == null ? null : TaskKind.of(k);
                }
                case generatingTask -> generating = values.taskLink("generatingTask");
                case schedulingTask -> scheduling = values.taskLink("schedulingTask");
                case parallelRegion -> region = values.regionLink("parallelRegion");
                case thread -> thread = values.threadLink("thread");
                case threadNum -> threadNum = values.intFact("threadNum", 0, Integer.MAX_VALUE);
                case function -> function = values.code("function");
                case creationSite -> creationSite = values.site("creationSite");
                case frames -> frames = values.frames("frames");
                case toolData -> toolData = values.toolData("toolData");
                case icvs -> icvs = values.icvValues("icvs");
                case lifecycle -> {
                    String l = c.name("lifecycle");
                    lifecycle = l == null ? null : TaskLifecycle.of(l);
                    agent = true;
                }
                case flags -> {
                    flags = flags();
                    agent = true;
                }
                case priority -> {
                    priority = c.parser.currentToken() == JsonToken.VALUE_NULL ? null
                            : c.integer("priority", Integer.MIN_VALUE, Integer.MAX_VALUE);
                    agent = true;
                }
                case dependences -> {
                    dependences = dependences();
                    agent = true;
                }
                case dependsOn -> {
                    dependsOn = dependsOn();
                    agent = true;
                }
                case creationOrder -> {
                    Long order = c.longValue("creationOrder");
                    creationOrder = order == null ? -1 : order;
                    agent = true;
                }
            }
        }
        if (id < 0) {
            c.error("missing-field", "a task needs a non-negative integer \"id\"; the task was skipped",
                    "add \"id\": <integer>");
            return null;
        }
        if (kind == null) {
            c.error("missing-field", "task " + id + " needs a \"kind\"", "add \"kind\": \"explicit\" (or initial, "
                    + "implicit, target)");
            kind = TaskKind.of("unknown");
        }
        AgentFacts facts = agent ? new AgentFacts(lifecycle, flags, priority, dependences, dependsOn, creationOrder)
                : null;
        return new Task(c.interner.taskId(id), kind, generating, scheduling, region, thread, threadNum, function,
                creationSite, frames, toolData, icvs, facts);
    }

    private List<TaskFlag> flags() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("flags (an array of strings)");
            return List.of();
        }
        List<TaskFlag> flags = new ArrayList<>(2);
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            String f = c.name("flag");
            if (f != null) {
                flags.add(TaskFlag.of(f));
            }
        }
        return flags;
    }

    private List<Dependence> dependences() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("dependences (an array)");
            return List.of();
        }
        List<Dependence> deps = new ArrayList<>(2);
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("a dependence {\"type\": …, \"address\": …}");
                continue;
            }
            String type = null;
            Long address = null;
            boolean sawAddress = false;
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, DEPENDENCE_FIELDS);
                c.parser.nextToken();
                switch (name) {
                    case "type" -> type = c.name("dependence type");
                    case "address" -> {
                        sawAddress = true;
                        address = c.address("dependence address");
                    }
                    default -> c.unknownField(name);
                }
            }
            if (type == null || address == null) {
                if (address == null && sawAddress && type != null) {
                    continue; // the bad address is reported already
                }
                c.error("missing-field", "a dependence needs \"type\" and \"address\"", "add both");
            } else {
                deps.add(new Dependence(DependenceType.of(type), address));
            }
        }
        return deps;
    }

    private List<TaskId> dependsOn() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("dependsOn (an array of task ids)");
            return List.of();
        }
        List<TaskId> ids = new ArrayList<>(2);
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            long id = c.id("dependsOn task id");
            if (id >= 0) {
                ids.add(c.interner.taskId(id));
            }
        }
        return ids;
    }
}
