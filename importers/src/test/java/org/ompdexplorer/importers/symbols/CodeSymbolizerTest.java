package org.ompdexplorer.importers.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.importers.unwind.SourceFrame;
import org.ompdexplorer.model.CodeLocation;

/** The one symbolizer: file:line from libdw, and without libdw one note and the symbol table's functions. */
class CodeSymbolizerTest {
    private static final String FUNCTION = "fixture_known_point";

    private static long entryOf(ElfFile file) throws Exception {
        return file.symbols().lookupAll(FUNCTION).stream().filter(s -> s.type() == ElfSymbol.Type.FUNC)
                .findFirst().orElseThrow().value();
    }

    @Test
    void fileAndLineComeFromTheModulesDebugInformation() throws Exception {
        Path program = NativeFixtures.core("many_threads.gcore.core").resolveSibling("many_threads");
        try (ElfFile file = ElfFile.open(program); CodeSymbolizer symbolizer = new CodeSymbolizer(true)) {
            long bias = 0x555555554000L;
            long address = bias + entryOf(file);
            Map<Long, CodeLocation> found = symbolizer.symbolize(CodeSymbolizer.ModuleFile.of(file, bias),
                    List.of(address));

            assertThat(found.get(address).symbol()).isEqualTo(FUNCTION);
            assertThat(found.get(address).file()).endsWith("fixture.h").startsWith("/");
            assertThat(found.get(address).line()).isPositive();
            assertThat(symbolizer.notes()).isEmpty();
        }
    }

    @Test
    void withoutLibdwOneNoteNamesThePackageAndFunctionsComeFromTheSymbolTable() throws Exception {
        Path program = NativeFixtures.core("many_threads.gcore.core").resolveSibling("many_threads");
        try (ElfFile file = ElfFile.open(program);
             CodeSymbolizer symbolizer = new CodeSymbolizer(true, "libdw-missing.so.1")) {
            CodeSymbolizer.ModuleFile module = CodeSymbolizer.ModuleFile.of(file, 0);
            long address = entryOf(file);

            Map<Long, CodeLocation> found = symbolizer.symbolize(module, List.of(address));
            List<SourceFrame> frames = symbolizer.frames(module, address);

            assertThat(found.get(address).symbol()).isEqualTo(FUNCTION);
            assertThat(found.get(address).file()).isNull();
            assertThat(frames).extracting(SourceFrame::function).containsExactly(FUNCTION);
            assertThat(symbolizer.notes()).singleElement().satisfies(n -> assertThat(n)
                    .contains("no file:line", "libdw-missing.so.1", "apt-get install libdw1"));
        }
    }
}
