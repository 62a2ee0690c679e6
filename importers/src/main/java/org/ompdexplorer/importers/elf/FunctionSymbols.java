package org.ompdexplorer.importers.elf;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;

/**
 * The function symbols of one module sorted by address, for turning a code address into the function that
 * contains it (a task's entry point into {@code main.omp_outlined}). Addresses are as linked: subtract the
 * module's load bias from a process address first.
 */
public final class FunctionSymbols {
    private final ElfSymbol[] byAddress;
    private final long[] starts;

    private FunctionSymbols(ElfSymbol[] byAddress) {
        this.byAddress = byAddress;
        this.starts = Arrays.stream(byAddress).mapToLong(ElfSymbol::value).toArray();
    }

    /** The functions (FUNC and GNU_IFUNC symbols with an address) of {@code table}. */
    public static FunctionSymbols of(SymbolTable table) {
        ElfSymbol[] functions = table.all()
                .filter(s -> (s.type() == ElfSymbol.Type.FUNC || s.type() == ElfSymbol.Type.GNU_IFUNC) && s.value() != 0)
                // at one address prefer a sized, global, .symtab symbol (an alias's name is as good as any)
                .sorted(Comparator.comparingLong(ElfSymbol::value)
                        .thenComparing(s -> s.size() == 0)
                        .thenComparing(s -> s.binding() == ElfSymbol.Binding.LOCAL)
                        .thenComparing(ElfSymbol::dynamic)
                        .thenComparing(ElfSymbol::name))
                .toArray(ElfSymbol[]::new);
        return new FunctionSymbols(functions);
    }

    /** Number of functions indexed. */
    public int size() {
        return byAddress.length;
    }

    /**
     * The function containing link-time address {@code address}: the last one starting at or before it, if the
     * address lies within its size (or it has no size and is the nearest).
     */
    public Optional<ElfSymbol> containing(long address) {
        int i = Arrays.binarySearch(starts, address);
        if (i < 0) {
            i = -i - 2; // the last start below the address
        } else {
            while (i > 0 && starts[i - 1] == address) {
                i--; // the preferred symbol at an address comes first
            }
        }
        if (i < 0) {
            return Optional.empty();
        }
        ElfSymbol s = byAddress[i];
        boolean inside = s.size() == 0 ? address == s.value() : address - s.value() < s.size();
        return inside ? Optional.of(s) : Optional.empty();
    }
}
