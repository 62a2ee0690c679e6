package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import tools.jackson.core.JsonToken;

/** Reads elements of {@code threads[]} (with their 1.3 {@code stack}s) and {@code parallelRegions[]}. */
final class TeamReader {
    private static final String[] THREAD_FIELDS = {"id", "addressSpace", "osIds", "kind", "state", "waitId",
            "currentTask", "currentRegion", "syncRegion", "toolData", "icvs", "stack"};
    private static final String[] SYNC_REGION_FIELDS = {"kind", "site"};
    private static final String[] REGION_FIELDS = {"id", "addressSpace", "enclosingRegion", "teamSize", "level",
            "activeLevel", "members", "encounteringTask", "creationSite", "toolData", "icvs"};
    private static final String[] MEMBER_FIELDS = {"threadNum", "thread", "implicitTask"};
    private final JsonCursor c;
    private final ValueReaders values;
    private final ThreadValueReaders threadValues;
    private final StackReader stacks;
    /** The stack of the thread read last, or {@code null}: {@link #takeStack}. */
    private StackReader.Read stack;

    TeamReader(JsonCursor cursor, ValueReaders values) {
        this.c = cursor;
        this.values = values;
        this.threadValues = new ThreadValueReaders(cursor, values);
        this.stacks = new StackReader(cursor);
    }

    /** The {@code stack} (1.3) of the thread {@link #readThread} read last, or {@code null}; once. */
    StackReader.Read takeStack() {
        StackReader.Read s = stack;
        stack = null;
        return s;
    }

    OmpThread readThread() {
        long id = -1;
        AddressSpaceId space = null;
        List<OsThreadId> osIds = List.of();
        Fact<ThreadKind> kind = Fact.absent();
        Fact<ThreadState> state = Fact.absent();
        Fact<Long> waitId = Fact.absent();
        Fact<TaskId> currentTask = Fact.absent();
        Fact<RegionId> currentRegion = Fact.absent();
        Fact<ToolData> toolData = Fact.absent();
        List<IcvValue> icvs = List.of();
        Fact<SyncRegion> syncRegion = Fact.absent();
        stack = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, THREAD_FIELDS);
            c.parser.nextToken();
            switch (name) {
                case "id" -> id = c.id("thread id");
                case "addressSpace" -> {
                    long s = c.id("addressSpace");
                    space = s < 0 ? null : new AddressSpaceId(s);
                }
                case "osIds" -> osIds = threadValues.osIds();
                case "kind" -> kind = values.nameFact("thread kind").map(ThreadKind::of);
                case "state" -> state = threadValues.state("state");
                case "waitId" -> waitId = values.addressFact("waitId");
                case "currentTask" -> currentTask = values.taskLink("currentTask");
                case "currentRegion" -> currentRegion = values.regionLink("currentRegion");
                case "syncRegion" -> syncRegion = syncRegion();
                case "toolData" -> toolData = values.toolData("toolData");
                case "icvs" -> icvs = values.icvValues("icvs");
                case "stack" -> stack = stacks.read();
                default -> c.unknownField(name);
            }
        }
        if (id < 0) {
            stack = null;
            c.error("missing-field", "a thread needs a non-negative integer \"id\"; the thread was skipped",
                    "add \"id\": <integer>");
            return null;
        }
        return new OmpThread(c.interner.threadId(id), space, osIds, kind, state, waitId, currentTask,
                currentRegion, toolData, icvs, syncRegion);
    }

    /** A thread's {@code syncRegion} (1.4): its kind (required) and site, a return address like a creation site. */
    private Fact<SyncRegion> syncRegion() {
        if (!values.object("syncRegion")) {
            return Fact.absent();
        }
        String kind = null;
        boolean reported = false; // a kind of the wrong type or empty: said once, where it is
        Fact<CodeLocation> site = Fact.absent();
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, SYNC_REGION_FIELDS);
            c.parser.nextToken();
            switch (name) {
                case "kind" -> {
                    JsonToken t = c.parser.currentToken();
                    if (t == JsonToken.VALUE_STRING) {
                        kind = c.name("syncRegion.kind");
                        reported = kind == null;
                    } else if (t != JsonToken.VALUE_NULL) {
                        c.wrongType("syncRegion.kind (a string)");
                        reported = true;
                    }
                }
                case "site" -> site = values.site("syncRegion.site");
                default -> c.unknownField(name);
            }
        }
        if (kind == null && reported) {
            return Fact.absent();
        }
        if (kind == null) {
            c.error("missing-field", "a thread's syncRegion needs a \"kind\" (an OMPT sync region name); it was left "
                    + "out", "add \"kind\": \"barrier_explicit\" (or taskwait, taskgroup, …), or leave syncRegion out");
            return Fact.absent();
        }
        return Fact.of(new SyncRegion(SyncRegionKind.of(kind), site));
    }

    ParallelRegion readRegion() {
        long id = -1;
        AddressSpaceId space = null;
        Fact<RegionId> enclosing = Fact.absent();
        Fact<Integer> teamSize = Fact.absent();
        Fact<Integer> level = Fact.absent();
        Fact<Integer> activeLevel = Fact.absent();
        List<TeamMember> members = List.of();
        Fact<TaskId> encountering = Fact.absent();
        Fact<CodeLocation> creationSite = Fact.absent();
        Fact<ToolData> toolData = Fact.absent();
        List<IcvValue> icvs = List.of();
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, REGION_FIELDS);
            c.parser.nextToken();
            switch (name) {
                case "id" -> id = c.id("parallel region id");
                case "addressSpace" -> {
                    long s = c.id("addressSpace");
                    space = s < 0 ? null : new AddressSpaceId(s);
                }
                case "enclosingRegion" -> enclosing = values.regionLink("enclosingRegion");
                case "teamSize" -> teamSize = values.intFact("teamSize", 1, Integer.MAX_VALUE);
                case "level" -> level = values.intFact("level", 0, Integer.MAX_VALUE);
                case "activeLevel" -> activeLevel = values.intFact("activeLevel", 0, Integer.MAX_VALUE);
                case "members" -> members = members();
                case "encounteringTask" -> encountering = values.taskLink("encounteringTask");
                case "creationSite" -> creationSite = values.site("creationSite");
                case "toolData" -> toolData = values.toolData("toolData");
                case "icvs" -> icvs = values.icvValues("icvs");
                default -> c.unknownField(name);
            }
        }
        if (id < 0) {
            c.error("missing-field", "a parallel region needs a non-negative integer \"id\"; it was skipped",
                    "add \"id\": <integer>");
            return null;
        }
        return new ParallelRegion(c.interner.regionId(id), space, enclosing, teamSize, level, activeLevel, members,
                encountering, creationSite, toolData, icvs);
    }

    private List<TeamMember> members() {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("members (an array)");
            return List.of();
        }
        List<TeamMember> members = new ArrayList<>();
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("a team member {\"threadNum\": …}");
                continue;
            }
            Integer threadNum = null;
            Fact<ThreadId> thread = Fact.absent();
            Fact<TaskId> implicitTask = Fact.absent();
            long seen = 0;
            while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = c.parser.currentName();
                seen = c.seen(seen, name, MEMBER_FIELDS);
                c.parser.nextToken();
                switch (name) {
                    case "threadNum" -> threadNum = c.integer("threadNum", Integer.MIN_VALUE, Integer.MAX_VALUE);
                    case "thread" -> thread = values.threadLink("member thread");
                    case "implicitTask" -> implicitTask = values.taskLink("implicitTask");
                    default -> c.unknownField(name);
                }
            }
            if (threadNum == null) {
                c.error("missing-field", "a team member needs its \"threadNum\"", "add \"threadNum\": <n>");
            } else {
                members.add(new TeamMember(threadNum, thread, implicitTask));
            }
        }
        return members;
    }
}
