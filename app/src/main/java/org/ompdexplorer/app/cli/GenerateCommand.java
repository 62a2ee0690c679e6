package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Write a synthetic snapshot for tests and benchmarks.",
                "Marked synthetic: nested parallel regions, a task-creation tree, and per-thread chains of",
                "suspended tasks whose scheduling links differ from their generating links. The same options",
                "give the same file."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:OUT could not be written", "64:an option is out of range"})
final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "4", description = "OS threads (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "2", description = "nesting depth of parallel regions (default: ${DEFAULT-VALUE})")
    int depth;

    @Option(names = "--tasks", paramLabel = "M", defaultValue = "100", description = "explicit tasks (default: ${DEFAULT-VALUE})")
    int tasks;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true, description = "the file to write")
    Path output;

    @Option(names = "--compact", description = "no line breaks (smaller, for machines)")
    boolean compact;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        GeneratorSpec generatorSpec;
        try {
            generatorSpec = new GeneratorSpec(threads, depth, tasks, seed);
        } catch (IllegalArgumentException e) {
            err.println("ompd-explorer generate: " + e.getMessage());
            err.flush();
            return ExitCodes.USAGE;
        }
        Snapshot snapshot = SyntheticSnapshotGenerator.generate(generatorSpec);
        return SnapshotOutput.write(snapshot, compact, output, List.of(), spec.commandLine().getOut(), err);
    }
}
