package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/** Code addresses turned into the functions containing them. */
class FunctionSymbolsTest {

    @Test
    void anAddressInsideAFunctionFindsIt() throws Exception {
        try (ElfFile exe = ElfFile.open(NativeFixtures.program("task_tree"))) {
            SymbolTable table = exe.symbols();
            FunctionSymbols functions = FunctionSymbols.of(table);
            ElfSymbol outlined = table.lookup("main.omp_outlined").orElseThrow();
            assertThat(functions.size()).isPositive();
            assertThat(functions.containing(outlined.value())).contains(outlined);
            assertThat(functions.containing(outlined.value() + outlined.size() - 1)).get()
                    .extracting(ElfSymbol::name).isEqualTo("main.omp_outlined");
            assertThat(functions.containing(outlined.value() + outlined.size()))
                    .map(ElfSymbol::name).isNotEqualTo(java.util.Optional.of("main.omp_outlined"));
            assertThat(functions.containing(0)).isEmpty();
            assertThat(functions.containing(-16)).isEmpty();
        }
    }
}
