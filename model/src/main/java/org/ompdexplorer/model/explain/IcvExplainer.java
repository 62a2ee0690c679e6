package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.ICVS;
import static org.ompdexplorer.model.explain.SpecSections.ICV_DESCRIPTIONS;
import static org.ompdexplorer.model.explain.SpecSections.PER_DATA_ENVIRONMENT_ICVS;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Snapshot;

/** An ICV value: the scope the runtime keeps the variable in, and whose scope this value was read from. */
final class IcvExplainer {
    private final Snapshot snapshot;

    IcvExplainer(Snapshot snapshot) {
        this.snapshot = snapshot;
    }

    List<Sentence> explain(IcvValue value, EntityRef holder) {
        Optional<IcvDefinition> def = snapshot.index().icv(value.icv());
        if (def.isEmpty()) {
            return List.of(Sentence.builder().text("The runtime's catalogue has no ICV with id " + value.icv()
                    + ", so its name and scope are not known; this value was read from ").mention(holder).text(".")
                    .cite(ICVS).build());
        }
        IcvDefinition d = def.get();
        List<Sentence> out = new ArrayList<>();
        String name = d.name().equals(d.ompName()) ? d.name() : d.name() + " (OpenMP 5.2 calls it " + d.ompName()
                + ")";
        Sentence.Builder b = Sentence.builder().text("The ICV " + name + " is kept in the " + d.scope().name() + " scope: "
                + meaning(d.scope()) + ". This value is read from the scope of ").mention(holder);
        b.text(value.integer().isKnown() || value.string().isKnown() ? "." : "; the runtime could not give it: "
                + value.display() + ".");
        b.cite(ICV_DESCRIPTIONS, ICVS);
        if (d.scope().equals(IcvScope.TASK) || d.scope().equals(IcvScope.IMPLICIT_TASK)) {
            b.cite(PER_DATA_ENVIRONMENT_ICVS);
        }
        out.add(b.build());
        return out;
    }

    private static String meaning(IcvScope scope) {
        if (scope.equals(IcvScope.GLOBAL)) {
            return "one value for the whole program";
        }
        if (scope.equals(IcvScope.ADDRESS_SPACE)) {
            return "one value per address space, the process or one device";
        }
        if (scope.equals(IcvScope.DEVICE)) {
            return "one value per device";
        }
        if (scope.equals(IcvScope.THREAD)) {
            return "one value per thread";
        }
        if (scope.equals(IcvScope.PARALLEL)) {
            return "one value per team, the same for every thread of a parallel region";
        }
        if (scope.equals(IcvScope.IMPLICIT_TASK)) {
            return "one value per implicit task, so each member of a team has its own";
        }
        if (scope.equals(IcvScope.TASK)) {
            return "one value per task: each task's data environment gets a copy from its generating task when it"
                    + " is created, and a change stays in that task";
        }
        return "a scope OpenMP does not define, which the runtime reported";
    }
}
