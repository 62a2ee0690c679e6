package org.ompdexplorer.importers.elf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The defined symbols of one module, from {@code .symtab} (all symbols, including the LOCAL ones libompd
 * needs, such as {@code ompd_state}) and {@code .dynsym} (exported ones; all a stripped file has).
 *
 * <p>Undefined symbols are left out on purpose: their value 0 is not an address, and a lookup that
 * answered with it would hand libompd a bogus address instead of an error.
 */
public final class SymbolTable {
    private static final int SYMBOL_SIZE = 24;
    private static final int SHN_UNDEF = 0;
    /** Longest symbol name taken; mangled C++ names run to a few KiB, none this long. */
    static final int MAX_NAME = 64 * 1024;

    private final Map<String, List<ElfSymbol>> byName;
    private final int symtabCount;
    private final int dynsymCount;

    private SymbolTable(Map<String, List<ElfSymbol>> byName, int symtabCount, int dynsymCount) {
        this.byName = byName;
        this.symtabCount = symtabCount;
        this.dynsymCount = dynsymCount;
    }

    static SymbolTable read(MappedFile file, List<SectionHeader> sections) throws ElfFormatException {
        Map<String, List<ElfSymbol>> byName = new HashMap<>();
        int symtab = 0;
        int dynsym = 0;
        // A damaged file may list one table many times: read each once, or it costs tables x symbols.
        Set<Long> read = new HashSet<>();
        // .symtab first, so that lookups prefer it: it is the complete table.
        for (int wanted : new int[] {SectionHeader.SHT_SYMTAB, SectionHeader.SHT_DYNSYM}) {
            for (SectionHeader sh : sections) {
                if (sh.type() == wanted && read.add(sh.offset())) {
                    int n = readTable(file, sections, sh, byName);
                    if (wanted == SectionHeader.SHT_SYMTAB) {
                        symtab += n;
                    } else {
                        dynsym += n;
                    }
                }
            }
        }
        byName.replaceAll((name, list) -> List.copyOf(list));
        return new SymbolTable(Collections.unmodifiableMap(byName), symtab, dynsym);
    }

    private static int readTable(MappedFile file, List<SectionHeader> sections, SectionHeader table,
                                 Map<String, List<ElfSymbol>> byName) throws ElfFormatException {
        String what = "symbol table " + table.name();
        if (table.entrySize() != SYMBOL_SIZE) {
            throw new ElfFormatException(file.path(), table.offset(), what + ": expected entry size " + SYMBOL_SIZE
                    + ", found " + table.entrySize());
        }
        if (table.link() <= 0 || table.link() >= sections.size()) {
            throw new ElfFormatException(file.path(), table.offset(), what + " links to string table " + table.link()
                    + ", which does not exist");
        }
        SectionHeader strings = sections.get(table.link());
        file.check(table.offset(), table.size(), what);
        file.check(strings.offset(), strings.size(), "string table " + strings.name());
        long stringsEnd = strings.offset() + strings.size();
        boolean dynamic = table.type() == SectionHeader.SHT_DYNSYM;
        long count = table.size() / SYMBOL_SIZE;
        // Symbols of one table often share a name (aliases, versions): read each name once.
        Map<Long, String> names = new HashMap<>();
        int added = 0;
        for (long i = 1; i < count; i++) { // entry 0 is the reserved null symbol
            long at = table.offset() + i * SYMBOL_SIZE;
            int shndx = file.u16(at + 6, "st_shndx");
            long nameOffset = Integer.toUnsignedLong(file.u32(at, "st_name"));
            if (shndx == SHN_UNDEF || nameOffset == 0) {
                continue;
            }
            int info = file.u8(at + 4, "st_info");
            String name = names.get(nameOffset);
            if (name == null) {
                name = file.cString(strings.offset() + nameOffset, stringsEnd, MAX_NAME, "name of symbol " + i + " in "
                        + table.name());
                names.put(nameOffset, name);
            }
            ElfSymbol symbol = new ElfSymbol(name, file.u64(at + 8, "st_value"), file.u64(at + 16, "st_size"),
                    ElfSymbol.Type.of(info & 0xf), ElfSymbol.Binding.of(info >>> 4), shndx, dynamic);
            byName.computeIfAbsent(name, k -> new ArrayList<>(1)).add(symbol);
            added++;
        }
        return added;
    }

    /**
     * The symbol named {@code name}: the first GLOBAL or WEAK definition ({@code .symtab} before
     * {@code .dynsym}), else the first LOCAL one (several source files may each have one).
     */
    public Optional<ElfSymbol> lookup(String name) {
        List<ElfSymbol> all = byName.getOrDefault(name, List.of());
        for (ElfSymbol s : all) {
            if (s.binding() != ElfSymbol.Binding.LOCAL) {
                return Optional.of(s);
            }
        }
        return all.stream().findFirst();
    }

    /** Every defined symbol named {@code name}, {@code .symtab} ones first. */
    public List<ElfSymbol> lookupAll(String name) {
        return byName.getOrDefault(name, List.of());
    }

    /** Every defined symbol (for address lookups), {@code .symtab} ones before {@code .dynsym} ones of one name. */
    public Stream<ElfSymbol> all() {
        return byName.values().stream().flatMap(List::stream);
    }

    /** Whether the module has a full symbol table ({@code .symtab}), not only the dynamic one. */
    public boolean hasFullSymbolTable() {
        return symtabCount > 0;
    }

    /** Number of defined symbols read from {@code .symtab}. */
    public int symtabCount() {
        return symtabCount;
    }

    /** Number of defined symbols read from {@code .dynsym}. */
    public int dynsymCount() {
        return dynsymCount;
    }
}
