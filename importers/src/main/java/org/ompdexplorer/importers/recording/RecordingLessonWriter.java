package org.ompdexplorer.importers.recording;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Collection;
import org.ompdexplorer.importers.json.TerminalSafeEscapes;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.recording.RecordingLesson;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a {@link RecordingLesson} as a lesson file, {@value #FORMAT} {@value #VERSION} (docs/lessons.md, "A
 * lesson of a recording"): indented JSON a teacher can edit by hand, the steps in time order.
 */
public final class RecordingLessonWriter {
    public static final String FORMAT = "ompd-explorer-lesson";
    public static final String VERSION = "1.0";

    private final JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .characterEscapes(new TerminalSafeEscapes()).build();

    /** Writes {@code lesson} to {@code target} through {@link OutputFile}, never over one of {@code inputs}. */
    public void write(RecordingLesson lesson, Path target, Collection<Path> inputs) throws OutputException {
        OutputFile.write(target, inputs, out -> write(lesson, out));
    }

    /** Writes {@code lesson} to a stream, which stays open. */
    public void write(RecordingLesson lesson, OutputStream out) throws java.io.IOException {
        try (JsonGenerator g = factory.createGenerator(new ObjectWriteContext.Base() {
            @Override
            public tools.jackson.core.PrettyPrinter getPrettyPrinter() {
                return new tools.jackson.core.util.DefaultPrettyPrinter(); // a teacher edits it by hand
            }
        }, out)) {
            g.writeStartObject();
            g.writeStringProperty("format", FORMAT);
            g.writeStringProperty("version", VERSION);
            g.writeStringProperty("recording", lesson.recording());
            g.writeStringProperty("title", lesson.title());
            g.writeStringProperty("question", lesson.question());
            g.writeStringProperty("description", lesson.description());
            g.writeArrayPropertyStart("steps");
            for (RecordingLesson.Step s : lesson.steps()) {
                g.writeStartObject();
                g.writeNumberProperty("event", s.position());
                g.writeNumberProperty("t", s.time());
                g.writeStringProperty("label", s.label());
                g.writeStringProperty("narrative", s.narrative());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }
}
