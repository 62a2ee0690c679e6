package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * The real 8-rank Open MPI job of {@code scripts/make-mpi-job.sh}: its snapshots' folder and the facts of its
 * {@code MANIFEST.tsv} (which rank is held, on which thread, in which function). A test that needs it is skipped with
 * one line where it is missing, and fails in CI ({@link NativeFixtures#require}).
 */
record MpiJobFixture(Path snapshots, Map<String, String> facts) {
    private static final Path CACHE = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer", "mpi-job");

    static MpiJobFixture require() throws IOException {
        Path manifest = null;
        if (Files.isDirectory(CACHE)) {
            try (Stream<Path> keys = Files.list(CACHE)) {
                manifest = keys.map(k -> k.resolve("MANIFEST.tsv")).filter(Files::isRegularFile)
                        .max(Comparator.comparing(p -> p.toFile().lastModified())).orElse(null);
            }
        }
        NativeFixtures.require(manifest != null, "no MPI job fixture under " + CACHE, "run scripts/make-mpi-job.sh");
        Map<String, String> facts = new HashMap<>();
        for (String line : Files.readAllLines(manifest)) {
            String[] f = line.split("\t");
            if (f.length >= 2 && !line.startsWith("#")) {
                facts.putIfAbsent(f[0], f[1]);
            }
        }
        return new MpiJobFixture(manifest.resolveSibling(facts.get("snapshots")), Map.copyOf(facts));
    }

    int heldRank() {
        return Integer.parseInt(facts.get("heldRank"));
    }

    int size() {
        return Integer.parseInt(facts.get("size"));
    }
}
