package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
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

/** A task with one field replaced, for diff tests. */
final class TaskCopy {
    TaskKind kind;
    Fact<TaskId> generating;
    Fact<TaskId> scheduling;
    Fact<RegionId> region;
    Fact<ThreadId> thread;
    Fact<Integer> threadNum;
    Fact<CodeLocation> function;
    Fact<CodeLocation> site;
    Fact<TaskFrames> frames;
    Fact<ToolData> toolData;
    List<IcvValue> icvs;
    TaskLifecycle lifecycle;
    List<TaskFlag> flags;
    Integer priority;
    List<Dependence> deps;
    List<TaskId> dependsOn;
    private final Task from;

    TaskCopy(Task t) {
        from = t;
        kind = t.kind();
        generating = t.generatingTask();
        scheduling = t.schedulingTask();
        region = t.parallelRegion();
        thread = t.thread();
        threadNum = t.threadNum();
        function = t.function();
        site = t.creationSite();
        frames = t.frames();
        toolData = t.toolData();
        icvs = t.icvs();
        AgentFacts a = t.agent();
        lifecycle = a == null ? null : a.lifecycle();
        flags = a == null ? List.of() : a.flags();
        priority = a == null ? null : a.priority();
        deps = a == null ? List.of() : a.dependences();
        dependsOn = a == null ? List.of() : a.dependsOn();
    }

    Task build() {
        AgentFacts a = from.agent() == null ? null
                : new AgentFacts(lifecycle, flags, priority, deps, dependsOn, from.agent().creationOrder());
        return new Task(from.id(), kind, generating, scheduling, region, thread, threadNum, function, site, frames,
                toolData, icvs, a);
    }
}
