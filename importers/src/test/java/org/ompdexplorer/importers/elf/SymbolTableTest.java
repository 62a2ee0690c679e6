package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/** Symbol lookups in libc and in libomp (stock and OMPD-capable). */
class SymbolTableTest {
    private static final Path LIBC = Path.of("/lib/x86_64-linux-gnu/libc.so.6");
    private static final Path STOCK_LIBOMP = Path.of("/usr/lib/llvm-19/lib/libomp.so.5");

    @Test
    void findsExportedFunctionsInDynsym() throws Exception {
        try (ElfFile libc = ElfFile.open(LIBC)) {
            ElfSymbol malloc = libc.symbols().lookup("malloc").orElseThrow();
            assertThat(malloc.type()).isEqualTo(ElfSymbol.Type.FUNC);
            assertThat(malloc.binding()).isIn(ElfSymbol.Binding.GLOBAL, ElfSymbol.Binding.WEAK);
            assertThat(malloc.size()).isPositive();
            assertThat(malloc.value()).isPositive();
            assertThat(malloc.dynamic()).isTrue();
        }
    }

    @Test
    void undefinedAndUnknownNamesAreNotFound() throws Exception {
        try (ElfFile tru = ElfFile.open(Path.of("/usr/bin/true"))) {
            // true imports (does not define) libc functions such as getenv or __libc_start_main.
            assertThat(tru.symbols().lookup("__libc_start_main")).isEmpty();
            assertThat(tru.symbols().lookup("no_such_symbol_anywhere")).isEmpty();
            assertThat(tru.symbols().lookupAll("no_such_symbol_anywhere")).isEmpty();
        }
    }

    @Test
    void stockLibompExportsOnlyTheToolEntryPoint() throws Exception {
        NativeFixtures.require(Files.exists(STOCK_LIBOMP), "no " + STOCK_LIBOMP, "apt-get install libomp-19-dev");
        try (ElfFile libomp = ElfFile.open(STOCK_LIBOMP)) {
            SymbolTable symbols = libomp.symbols();
            assertThat(symbols.lookup("ompt_start_tool")).get().extracting(ElfSymbol::type).isEqualTo(ElfSymbol.Type.FUNC);
            // Debian's libomp is stripped: libompd's symbols are missing (why OMPD needs our build).
            assertThat(symbols.lookup("ompd_state")).isEmpty();
        }
    }

    @Test
    void ompdRuntimeHasTheLocalSymbolsLibompdNeeds() throws Exception {
        Path libomp = NativeFixtures.runtimePrefix().resolve("lib/libomp.so.5");
        try (ElfFile elf = ElfFile.open(libomp)) {
            SymbolTable symbols = elf.symbols();
            assertThat(symbols.hasFullSymbolTable()).isTrue();
            ElfSymbol state = symbols.lookup("ompd_state").orElseThrow();
            assertThat(state.binding()).isEqualTo(ElfSymbol.Binding.LOCAL);
            assertThat(state.type()).isEqualTo(ElfSymbol.Type.OBJECT);
            assertThat(state.dynamic()).isFalse();
            assertThat(symbols.lookup("__kmp_gtid")).get().extracting(ElfSymbol::type).isEqualTo(ElfSymbol.Type.TLS);
            assertThat(symbols.lookup("ompd_dll_locations")).isPresent();
            assertThat(symbols.lookup("ompd_bp_parallel_begin")).get().extracting(ElfSymbol::type)
                    .isEqualTo(ElfSymbol.Type.FUNC);
        }
    }
}
