package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.IcvValue;

/**
 * The runtime's ICV catalogue ({@code ompd_enumerate_icvs}) and the reading of every ICV of one scope handle in
 * both forms: the integer ({@code ompd_get_icv_from_scope}) and the string
 * ({@code ompd_get_icv_string_from_scope}). A form the runtime refuses is kept as an unavailable fact with its
 * return code (LLVM gives strings for six ICVs and answers {@code unsupported} for the rest).
 */
final class IcvReader {
    private static final int MAX_ICVS = 4096;

    private final Ompd ompd;
    private final List<Ompd.IcvEntry> entries;
    private final List<IcvDefinition> catalogue;

    private IcvReader(Ompd ompd, List<Ompd.IcvEntry> entries) {
        this.ompd = ompd;
        this.entries = List.copyOf(entries);
        this.catalogue = entries.stream()
                .map(e -> new IcvDefinition(new IcvId(e.id()), e.name(), scopeOf(e.scope()))).toList();
    }

    /**
     * Enumerates the ICVs of {@code space}, starting from {@code ompd_icv_undefined} (0).
     *
     * @return the reader, and the failure that ended the enumeration early, if any
     */
    static IcvReader enumerate(Ompd ompd, long space, List<OmpdResult<?>> failures) {
        List<Ompd.IcvEntry> entries = new ArrayList<>();
        long current = 0;
        for (int i = 0; i < MAX_ICVS; i++) {
            OmpdResult<Ompd.IcvEntry> next = ompd.enumerateIcvs(space, current);
            if (!next.isOk()) {
                failures.add(next);
                break;
            }
            if (next.value().name() != null && !next.value().name().isBlank()) {
                entries.add(next.value());
            }
            if (!next.value().more()) {
                break;
            }
            current = next.value().id();
        }
        return new IcvReader(ompd, entries);
    }

    /** The catalogue, in enumeration order. */
    List<IcvDefinition> catalogue() {
        return catalogue;
    }

    /** Both forms of every ICV of {@code scope} (an {@code ompd_scope_t}) read on {@code handle}. */
    List<IcvValue> read(long handle, int scope) {
        List<IcvValue> values = new ArrayList<>();
        for (Ompd.IcvEntry e : entries) {
            if (e.scope() == scope) {
                values.add(new IcvValue(new IcvId(e.id()), ompd.icvFromScope(handle, scope, e.id()).fact(),
                        ompd.icvStringFromScope(handle, scope, e.id()).fact()));
            }
        }
        return values;
    }

    /**
     * The integer value of the first of {@code names} the catalogue has at {@code scope}, read on {@code handle};
     * absent when the runtime has none of them.
     */
    Fact<Long> value(long handle, int scope, String... names) {
        Optional<Ompd.IcvEntry> entry = find(scope, names);
        return entry.isEmpty() ? Fact.absent() : ompd.icvFromScope(handle, scope, entry.get().id()).fact();
    }

    /** The integer form of {@code names} among already read {@code values}; absent if not there. */
    Fact<Long> valueIn(List<IcvValue> values, int scope, String... names) {
        Optional<Ompd.IcvEntry> entry = find(scope, names);
        if (entry.isEmpty()) {
            return Fact.absent();
        }
        return values.stream().filter(v -> v.icv().value() == entry.get().id()).map(IcvValue::integer).findFirst()
                .orElse(Fact.absent());
    }

    private Optional<Ompd.IcvEntry> find(int scope, String... names) {
        for (String name : names) {
            for (Ompd.IcvEntry e : entries) {
                if (e.scope() == scope && e.name().equals(name)) {
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    /** The model's scope for an {@code ompd_scope_t}; an unknown number is kept by name. */
    static IcvScope scopeOf(int scope) {
        return switch (scope) {
            case Ompd.SCOPE_GLOBAL -> IcvScope.GLOBAL;
            case Ompd.SCOPE_ADDRESS_SPACE -> IcvScope.ADDRESS_SPACE;
            case Ompd.SCOPE_THREAD -> IcvScope.THREAD;
            case Ompd.SCOPE_PARALLEL -> IcvScope.PARALLEL;
            case Ompd.SCOPE_IMPLICIT_TASK -> IcvScope.IMPLICIT_TASK;
            case Ompd.SCOPE_TASK -> IcvScope.TASK;
            default -> IcvScope.of("scope_" + scope);
        };
    }
}
