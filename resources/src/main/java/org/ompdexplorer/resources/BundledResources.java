package org.ompdexplorer.resources;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files bundled with OMPD Explorer: the lessons (each a series of snapshots, {@code lessons/<name>/step-NN.json},
 * listed with their titles, questions and narratives in {@code lessons/index.txt}) and the JSON Schemas of the
 * snapshot format and the diff report. Opened through this class because a named module's resources are private
 * to it.
 */
public final class BundledResources {
    /** The lesson the explorer opens when started without a file. */
    public static final String DEFAULT_LESSON = "fib-taskwait";

    private static volatile List<Lesson> lessons;

    private BundledResources() {
    }

    /** Opens the first step of the lesson {@code name}; the caller closes the stream. */
    public static InputStream openLesson(String name) {
        return openLessonStep(name, 1);
    }

    /**
     * Opens step {@code number} (1 for the first) of the lesson {@code name}; the caller closes the stream.
     *
     * @throws IllegalArgumentException when there is no such lesson or step
     */
    public static InputStream openLessonStep(String name, int number) {
        Lesson lesson = lesson(name).orElseThrow(() -> new IllegalArgumentException("no bundled lesson " + name
                + "; the lessons are " + lessonNames()));
        if (number < 1 || number > lesson.steps().size()) {
            throw new IllegalArgumentException("the lesson " + name + " has steps 1 to " + lesson.steps().size()
                    + ", not " + number);
        }
        return open("lessons/" + lesson.steps().get(number - 1).file());
    }

    /** The names of the bundled lessons, in order. */
    public static List<String> lessonNames() {
        return lessons().stream().map(Lesson::name).toList();
    }

    /** The lesson called {@code name}, if one is bundled. */
    public static Optional<Lesson> lesson(String name) {
        return lessons().stream().filter(l -> l.name().equals(name)).findFirst();
    }

    /** Every bundled lesson with its steps, in order, from {@code lessons/index.txt}. */
    public static List<Lesson> lessons() {
        List<Lesson> read = lessons;
        if (read == null) {
            try (InputStream in = open("lessons/index.txt")) {
                read = parseIndex(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            lessons = read;
        }
        return read;
    }

    /**
     * Reads the lesson index: {@code lesson<TAB>name<TAB>title<TAB>question<TAB>description} lines, each followed by
     * its {@code step<TAB>file<TAB>label<TAB>narrative} lines; {@code #} starts a comment line.
     */
    static List<Lesson> parseIndex(String text) {
        List<Lesson> read = new ArrayList<>();
        String[] open = null;
        List<LessonStep> steps = new ArrayList<>();
        int lineNumber = 0;
        for (String line : text.split("\n")) {
            lineNumber++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields[0].equals("lesson") && fields.length == 5) {
                if (open != null) {
                    read.add(new Lesson(open[1], open[2], open[3], open[4], steps));
                }
                open = fields;
                steps = new ArrayList<>();
            } else if (fields[0].equals("step") && fields.length == 4 && open != null) {
                steps.add(new LessonStep(steps.size() + 1, fields[1], fields[2], fields[3]));
            } else {
                throw new IllegalStateException("lessons/index.txt line " + lineNumber
                        + " is neither a lesson (5 fields) nor a step of one (4 fields): regenerate it with"
                        + " scripts/make-lessons.sh");
            }
        }
        if (open != null) {
            read.add(new Lesson(open[1], open[2], open[3], open[4], steps));
        }
        return List.copyOf(read);
    }

    /** Opens the JSON Schema of snapshot format version 1. */
    public static InputStream openSchema() {
        return open("schema/snapshot-v1.schema.json");
    }

    /** Opens the JSON Schema of the diff report ({@code ompd-explorer diff --json}), format version 1. */
    public static InputStream openDiffSchema() {
        return open("schema/diff-v1.schema.json");
    }

    /**
     * Opens the JSON Schema of the job report ({@code ompd-explorer job --json}) and of the partial job summary
     * ({@code job --summarize}), format version 1.
     */
    public static InputStream openJobSchema() {
        return open("schema/job-v1.schema.json");
    }

    private static InputStream open(String relative) {
        InputStream in = BundledResources.class.getResourceAsStream(relative);
        if (in == null) {
            throw new IllegalStateException("bundled resource missing from the build: " + relative);
        }
        return in;
    }
}
