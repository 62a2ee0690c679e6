package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code import-core} read without picocli ({@link PlainArguments}) fills the command exactly as picocli does, and
 * leaves to picocli every command line it would not read the same way.
 */
class ImportCoreDirectTest {
    @ParameterizedTest
    @ValueSource(strings = {
            "c.core",
            "c.core --exe prog -o out.json",
            "--exe prog c.core --output out.json --progress",
            "c.core --exe=prog --output=out.json",
            "c.core -o - --no-source-lines --accept-truncated", "c.core --no-stacks -o o.json",
            "c.core --sysroot /sys --solib-search-path a --solib-search-path=b --debug-dir d1 --debug-dir d2",
            "c.core --ompd-lib /x/libompd.so -o o.json --progress --no-source-lines",
            "dir/with=sign.core -o x=y.json", "c.core --exe - --sysroot -", "c.core --debug-dir=-"})
    void plainCommandLinesFillTheCommandAsPicocliDoes(String line) {
        String[] args = line.split(" ");
        Optional<ImportCoreCommand> direct = ImportCoreCommand.direct(args, 0);
        assertThat(direct).as(line).isPresent();
        assertThat(fields(direct.get())).isEqualTo(fields(picocli(args)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "", "--help", "-h", "--version", "-V", "c.core --help", "c.core extra.core", "--exe prog",
            "c.core --exe", "c.core --exe a --exe b", "c.core -o a --output b", "c.core --progress --progress",
            "c.core --progress=true", "c.core --unknown", "c.core -x", "c.core -oout.json", "c.core -o=out.json",
            "c.core --exe --progress", "c.core --exe -weird", "c.core --exe=", "@args.txt", "c.core -o @out",
            "-- c.core", "- -o x", "c.core --EXE prog", "c.core --ex prog"})
    void everythingElseIsLeftToPicocli(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        assertThat(ImportCoreCommand.direct(args, 0)).as(line).isEmpty();
    }

    @Test
    void anEmptyWordIsLeftToPicocli() {
        assertThat(ImportCoreCommand.direct(new String[] {"c.core", "-o", ""}, 0)).isEmpty();
        assertThat(ImportCoreCommand.direct(new String[] {"", "-o", "x"}, 0)).isEmpty();
    }

    @Test
    void aPathJavaCannotNameIsLeftToPicocli() {
        assertThat(ImportCoreCommand.direct(new String[] {"c\0.core"}, 0)).isEmpty();
    }

    @Test
    void theDirectGrammarKnowsEveryOptionOfTheCommandButHelpAndVersion() {
        TreeSet<String> annotated = new TreeSet<>();
        for (OptionSpec o : new CommandLine(new ImportCoreCommand()).getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                annotated.addAll(Arrays.asList(o.names()));
            }
        }
        assertThat(ImportCoreCommand.GRAMMAR.names()).isEqualTo(annotated);
    }

    @Test
    void theDirectGrammarKnowsWhichOptionsTakeValuesAndRepeat() {
        for (OptionSpec o : new CommandLine(new ImportCoreCommand()).getCommandSpec().options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            for (String name : o.names()) {
                boolean flag = o.arity().max() == 0;
                assertThat(ImportCoreCommand.GRAMMAR.flags().containsKey(name)).as(name).isEqualTo(flag);
                assertThat(ImportCoreCommand.GRAMMAR.repeatable().containsKey(name)).as(name).isEqualTo(o.isMultiValue());
            }
        }
    }

    private static ImportCoreCommand picocli(String[] args) {
        CommandLine cli = new CommandLine(new ImportCoreCommand());
        cli.parseArgs(args);
        return cli.getCommand();
    }

    private static List<Object> fields(ImportCoreCommand c) {
        return Arrays.asList(c.core, c.executable, c.output, c.sysroot, c.solibSearchPaths, c.debugDirs,
                c.ompdLibrary, c.noSourceLines, c.acceptTruncated, c.progress);
    }
}
