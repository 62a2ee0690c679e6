package org.ompdexplorer.importers.job;

import java.util.List;
import org.ompdexplorer.model.job.JobProblem;
import tools.jackson.core.JsonGenerator;

/** What the job report's JSON and the partial summary write alike (docs/job-format.md). */
final class JobJson {
    private JobJson() {
    }

    /** {@code "problems": [{"file", "code", "message"}…]}. */
    static void problems(JsonGenerator g, List<JobProblem> problems) {
        g.writeName("problems");
        g.writeStartArray();
        for (JobProblem p : problems) {
            g.writeStartObject();
            g.writeStringProperty("file", p.file());
            g.writeStringProperty("code", p.code());
            g.writeStringProperty("message", p.message());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** A string property, left out when {@code value} is null. */
    static void optional(JsonGenerator g, String name, String value) {
        if (value != null) {
            g.writeStringProperty(name, value);
        }
    }
}
