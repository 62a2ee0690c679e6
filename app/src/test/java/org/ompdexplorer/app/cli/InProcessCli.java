package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.resources.BundledResources;

/** The command line run in-process, as a user would type it, with what it prints kept for the assertions. */
abstract class InProcessCli {
    @TempDir
    Path dir;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int run(String... args) {
        return Cli.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    /** A copy of the bundled lesson in the test's directory, as {@code name}. */
    Path lessonCopy(String name) {
        Path copy = dir.resolve(name);
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            Files.copy(in, copy);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return copy;
    }
}
