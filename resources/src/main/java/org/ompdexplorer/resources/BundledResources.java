package org.ompdexplorer.resources;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The files bundled with OMPD Explorer: lesson snapshots and the JSON Schemas of the snapshot format and the diff
 * report. Opened through this class because a named module's resources are private to it.
 */
public final class BundledResources {
    /** The lesson the explorer opens when started without a file. */
    public static final String DEFAULT_LESSON = "fib-taskwait";

    private BundledResources() {
    }

    /** Opens {@code lessons/<name>.json}; the caller closes the stream. */
    public static InputStream openLesson(String name) {
        return open("lessons/" + name + ".json");
    }

    /** The names of the bundled lessons, from {@code lessons/index.txt} (one name per line, in order). */
    public static List<String> lessonNames() {
        List<String> names = new ArrayList<>();
        try (InputStream in = open("lessons/index.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    names.add(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** Opens the JSON Schema of snapshot format version 1. */
    public static InputStream openSchema() {
        return open("schema/snapshot-v1.schema.json");
    }

    /** Opens the JSON Schema of the diff report ({@code ompd-explorer diff --json}), format version 1. */
    public static InputStream openDiffSchema() {
        return open("schema/diff-v1.schema.json");
    }

    private static InputStream open(String relative) {
        InputStream in = BundledResources.class.getResourceAsStream(relative);
        if (in == null) {
            throw new IllegalStateException("bundled resource missing from the build: " + relative);
        }
        return in;
    }
}
