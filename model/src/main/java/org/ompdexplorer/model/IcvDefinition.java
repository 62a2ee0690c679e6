package org.ompdexplorer.model;

/**
 * One entry of the runtime's ICV catalogue ({@code ompd_enumerate_icvs}): its id, the runtime's name, its scope,
 * and the OpenMP 5.2 name of the same variable.
 *
 * @param ompName the OpenMP 5.2 name; defaults to {@link Omp52IcvNames#of(String)} of the runtime name
 */
public record IcvDefinition(IcvId id, String name, IcvScope scope, String ompName) {
    public IcvDefinition {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an ICV needs a name");
        }
        if (ompName == null || ompName.isBlank()) {
            ompName = Omp52IcvNames.of(name);
        }
    }

    public IcvDefinition(IcvId id, String name, IcvScope scope) {
        this(id, name, scope, null);
    }
}
