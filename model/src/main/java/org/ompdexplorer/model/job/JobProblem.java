package org.ompdexplorer.model.job;

import java.util.Comparator;

/**
 * An input the job view could not merge, or merged with a remark: said in one line, the rest merged.
 *
 * @param file    the input's name, as given
 * @param code    a stable code: {@code unreadable}, {@code not-a-snapshot}, {@code no-rank}, {@code other-program},
 *                {@code other-job}, {@code several-snapshots}, {@code missing-ranks}
 * @param message the line to show: names the input, what is wrong and what was done or can be done
 */
public record JobProblem(String file, String code, String message) implements Comparable<JobProblem> {
    private static final Comparator<JobProblem> ORDER = Comparator.comparing(JobProblem::file)
            .thenComparing(JobProblem::code).thenComparing(JobProblem::message);

    @Override
    public int compareTo(JobProblem o) {
        return ORDER.compare(this, o);
    }
}
