package org.ompdexplorer.importers.json;

import org.ompdexplorer.importers.json.ValueReaders.CodeField;
import org.ompdexplorer.importers.json.ValueReaders.FrameField;
import org.ompdexplorer.importers.json.ValueReaders.FramesField;
import org.ompdexplorer.importers.json.ValueReaders.ToolDataField;
import tools.jackson.core.json.JsonFactory;

/**
 * The field-name matchers of the shapes a large snapshot repeats (a task, a code location, frames, tool data):
 * built once per importer and shared by all its reads, in every thread.
 */
record FieldMatchers(FieldMatcher<TaskReader.Field> task, FieldMatcher<CodeField> code,
                     FieldMatcher<FramesField> frames, FieldMatcher<FrameField> frame,
                     FieldMatcher<ToolDataField> toolData) {
    static FieldMatchers of(JsonFactory factory) {
        return new FieldMatchers(new FieldMatcher<>(factory, TaskReader.Field.class),
                new FieldMatcher<>(factory, CodeField.class), new FieldMatcher<>(factory, FramesField.class),
                new FieldMatcher<>(factory, FrameField.class), new FieldMatcher<>(factory, ToolDataField.class));
    }
}
