package org.ompdexplorer.model;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A runtime-supplied vocabulary value: one of the names this build knows, or an unknown name carried as is.
 * Runtimes add states, flags and ICVs faster than tools learn them; an unknown value must survive a round
 * trip rather than fail the import.
 */
public abstract class OpenEnum {
    private final String name;
    private final boolean known;

    protected OpenEnum(String name, boolean known) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an open enum value needs a name");
        }
        this.name = name;
        this.known = known;
    }

    /** The name as the spec (or the runtime) spells it, e.g. {@code "explicit"}. */
    public final String name() {
        return name;
    }

    /** Whether this build knows the value; an unknown one is kept verbatim. */
    public final boolean isKnown() {
        return known;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((OpenEnum) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }

    /** The known values of one open enum, and the factory for unknown ones. */
    protected static final class Registry<E extends OpenEnum> {
        private final Map<String, E> known = new LinkedHashMap<>();
        private final BiFunction<String, Boolean, E> factory;

        public Registry(BiFunction<String, Boolean, E> factory) {
            this.factory = factory;
        }

        public E define(String name) {
            E value = factory.apply(name, true);
            known.put(name, value);
            return value;
        }

        public E of(String name) {
            E value = known.get(name);
            return value != null ? value : factory.apply(name, false);
        }

        public Collection<E> values() {
            return Collections.unmodifiableCollection(known.values());
        }
    }
}
