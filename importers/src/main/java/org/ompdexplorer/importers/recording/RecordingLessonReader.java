package org.ompdexplorer.importers.recording;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.recording.RecordingLesson;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads a lesson file written by {@link RecordingLessonWriter} or by hand. Properties this version does not know are
 * skipped, so a newer 1.x lesson reads; every failure names the file, the place and the fix.
 */
public final class RecordingLessonReader {
    private static final String FIX = "save the lesson again from the window (Recording → Save as Lesson…) or "
            + "correct it as docs/lessons.md describes";
    private final JsonFactory factory = new JsonFactory();

    /** Whether {@code file} begins as a lesson file does: its first property is {@code "format": "ompd-explorer-lesson"}. */
    public static boolean isLesson(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            String head = new String(in.readNBytes(256), java.nio.charset.StandardCharsets.UTF_8);
            return head.replaceAll("\\s", "").startsWith("{\"format\":\"" + RecordingLessonWriter.FORMAT + "\"");
        } catch (IOException e) {
            return false;
        }
    }

    public RecordingLesson read(Path file) throws RecordingLessonFormatException {
        String name = file.toString();
        try (InputStream in = Files.newInputStream(file); JsonParser p = factory.createParser(ObjectReadContext.empty(),
                in)) {
            return new Parse(p, name).lesson();
        } catch (JacksonException e) {
            throw new RecordingLessonFormatException(name + ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr() + ": not a readable lesson (" + e.getOriginalMessage() + ") — "
                    + FIX, e);
        } catch (IOException e) {
            throw new RecordingLessonFormatException(name + ": cannot be read (" + e.getMessage()
                    + ") — check that it exists and is readable", e);
        }
    }

    /** One read of one file. */
    private static final class Parse {
        private final JsonParser p;
        private final String name;

        Parse(JsonParser p, String name) {
            this.p = p;
            this.name = name;
        }

        RecordingLesson lesson() throws RecordingLessonFormatException {
            expect(p.nextToken(), JsonToken.START_OBJECT, "a JSON object");
            boolean format = false;
            String recording = null;
            String title = null;
            String question = null;
            String description = null;
            List<RecordingLesson.Step> steps = null;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "format" -> {
                        if (!RecordingLessonWriter.FORMAT.equals(text(field))) {
                            throw fail("format is \"" + p.getString() + "\", not \"" + RecordingLessonWriter.FORMAT
                                    + "\": not a lesson file", FIX);
                        }
                        format = true;
                    }
                    case "version" -> {
                        String v = text(field);
                        if (!v.startsWith("1.")) {
                            throw fail("version " + v + " is not one this build reads (1.x)",
                                    "open it with the ompd-explorer that wrote it");
                        }
                    }
                    case "recording" -> recording = text(field);
                    case "title" -> title = text(field);
                    case "question" -> question = text(field);
                    case "description" -> description = text(field);
                    case "steps" -> steps = steps();
                    default -> p.skipChildren();
                }
            }
            if (!format) {
                throw fail("no \"format\": not a lesson file", FIX);
            }
            if (recording == null || recording.isBlank()) {
                throw fail("no \"recording\": the lesson does not say which recording it teaches",
                        "add \"recording\": \"NAME.ndjson\" (relative to the lesson's folder)");
            }
            if (steps == null || steps.isEmpty()) {
                throw fail("no steps", "add at least one step: {\"event\": N, \"label\": \"…\", \"narrative\": \"…\"}");
            }
            return new RecordingLesson(recording, title, question, description, steps);
        }

        private List<RecordingLesson.Step> steps() throws RecordingLessonFormatException {
            expect(p.currentToken(), JsonToken.START_ARRAY, "an array of steps");
            List<RecordingLesson.Step> out = new ArrayList<>();
            while (p.nextToken() == JsonToken.START_OBJECT) {
                int position = -1;
                long time = -1;
                String label = "";
                String narrative = "";
                while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    switch (field) {
                        case "event" -> position = (int) number(field, Integer.MAX_VALUE);
                        case "t" -> time = number(field, Long.MAX_VALUE);
                        case "label" -> label = text(field);
                        case "narrative" -> narrative = text(field);
                        default -> p.skipChildren();
                    }
                }
                if (position < 0) {
                    throw fail("step " + (out.size() + 1) + " has no \"event\"",
                            "give the number of events applied at its moment (the window shows it)");
                }
                if (!out.isEmpty() && position < out.getLast().position()) {
                    throw fail("step " + (out.size() + 1) + " (event " + position + ") comes before step "
                            + out.size() + " (event " + out.getLast().position() + ")", "put the steps in time order");
                }
                out.add(new RecordingLesson.Step(position, time, label, narrative));
            }
            expect(p.currentToken(), JsonToken.END_ARRAY, "a step object or the array's end");
            return out;
        }

        private String text(String field) throws RecordingLessonFormatException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw fail("\"" + field + "\" is not a string", FIX);
            }
            return p.getString();
        }

        private long number(String field, long max) throws RecordingLessonFormatException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getLongValue() < 0 || p.getLongValue() > max) {
                throw fail("\"" + field + "\" is not a whole number from 0 to " + max, FIX);
            }
            return p.getLongValue();
        }

        private void expect(JsonToken got, JsonToken wanted, String what) throws RecordingLessonFormatException {
            if (got != wanted) {
                throw fail("expected " + what + ", found " + (got == null ? "the end of the file" : got), FIX);
            }
        }

        private RecordingLessonFormatException fail(String what, String fix) {
            var at = p.currentLocation();
            return new RecordingLessonFormatException(name + ":" + at.getLineNr() + ":" + at.getColumnNr() + ": "
                    + what + " — " + fix, null);
        }
    }
}
