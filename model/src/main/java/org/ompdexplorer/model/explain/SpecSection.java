package org.ompdexplorer.model.explain;

import java.util.Optional;

/**
 * A section of the OpenMP API specification that a sentence refers to, numbered as in version 5.1 and 5.2. A number is
 * {@code null} where it was not checked against that version's text: the catalogue ({@link SpecSections}) holds only
 * numbers read in the specification itself, never numbers inferred from another version.
 *
 * @param title the section's title as the specification gives it ({@code taskwait Construct})
 * @param omp51 its number in OpenMP 5.1 ({@code 2.19.5}), or {@code null}
 * @param omp52 its number in OpenMP 5.2, or {@code null}
 */
public record SpecSection(String title, String omp51, String omp52) {
    public SpecSection {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("a section needs a title");
        }
        if (omp51 == null && omp52 == null) {
            throw new IllegalArgumentException("a section needs a number in 5.1 or 5.2: " + title);
        }
    }

    public Optional<String> in51() {
        return Optional.ofNullable(omp51);
    }

    public Optional<String> in52() {
        return Optional.ofNullable(omp52);
    }

    /** {@code OpenMP 5.2 §15.9.5}: the newest version the number is known for. */
    public String label() {
        return omp52 != null ? "OpenMP 5.2 §" + omp52 : "OpenMP 5.1 §" + omp51;
    }

    /** {@code depend Clause — OpenMP 5.1 §2.19.11, OpenMP 5.2 §15.9.5}. */
    public String describe() {
        StringBuilder b = new StringBuilder(title).append(" — ");
        b.append(omp51 != null ? "OpenMP 5.1 §" + omp51 : "OpenMP 5.1: not numbered here");
        b.append(", ");
        b.append(omp52 != null ? "OpenMP 5.2 §" + omp52 : "OpenMP 5.2: not numbered here");
        return b.toString();
    }
}
