package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code capture} read without picocli fills the command exactly as picocli does, or is left to picocli. */
class CaptureDirectTest {
    @ParameterizedTest
    @ValueSource(strings = {"1234", "1234 -o out.json", "--progress 1 --output=o.json --ompd-lib /l/libompd.so",
            "99 --gcore-timeout 5", "99 --gcore-timeout=0 -o -", "010", "123456789012345678", "99 --no-stacks"})
    void plainCommandLinesFillTheCommandAsPicocliDoes(String line) {
        String[] args = line.split(" ");
        Optional<CaptureCommand> direct = CaptureCommand.direct(args, 0);
        assertThat(direct).as(line).isPresent();
        assertThat(fields(direct.get())).isEqualTo(fields(picocli(args)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "--help", "-V", "abc", "-1", "+1", "0x10", "1234567890123456789", "1 2",
            "1 --gcore-timeout", "1 --gcore-timeout x", "1 --gcore-timeout 1234567890", "1 --gcore-timeout -5",
            "1 -o a -o b", "1 --exe prog", "1 --progress --progress", "@pids"})
    void everythingElseIsLeftToPicocli(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        assertThat(CaptureCommand.direct(args, 0)).as(line).isEmpty();
    }

    @Test
    void theDirectGrammarKnowsEveryOptionOfTheCommandButHelpAndVersion() {
        TreeSet<String> annotated = new TreeSet<>();
        for (OptionSpec o : new CommandLine(new CaptureCommand()).getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                annotated.addAll(Arrays.asList(o.names()));
                boolean flag = o.arity().max() == 0;
                for (String name : o.names()) {
                    assertThat(CaptureCommand.GRAMMAR.flags().containsKey(name)).as(name).isEqualTo(flag);
                }
            }
        }
        assertThat(CaptureCommand.GRAMMAR.names()).isEqualTo(annotated);
        assertThat(CaptureCommand.GRAMMAR.repeatable()).isEmpty();
    }

    private static CaptureCommand picocli(String[] args) {
        CommandLine cli = new CommandLine(new CaptureCommand());
        cli.parseArgs(args);
        return cli.getCommand();
    }

    private static List<Object> fields(CaptureCommand c) {
        return Arrays.asList(c.pid, c.output, c.ompdLibrary, c.progress, c.gcoreTimeout);
    }
}
