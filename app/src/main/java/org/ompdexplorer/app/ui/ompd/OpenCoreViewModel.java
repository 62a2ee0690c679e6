package org.ompdexplorer.app.ui.ompd;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.ompdexplorer.app.ui.child.ChildImport;

/**
 * The Open Core File dialog: the core, its executable and where to find its libraries, debug files and libompd;
 * checked as they are typed, remembered for next time, and run as {@code import-core} in a child JVM.
 */
public final class OpenCoreViewModel {
    public static final String SOURCE_LINES = "Look up file:line of task functions";
    public static final String ACCEPT_TRUNCATED = "Import a truncated core (with warnings)";
    private static final String SOURCE_LINES_KEY = "openCore.sourceLines";
    private static final String ACCEPT_TRUNCATED_KEY = "openCore.acceptTruncated";
    private static final Map<String, String> WINDOW_WORDS = windowWords();

    // Properties
    private final Map<CoreField, StringProperty> texts = new EnumMap<>(CoreField.class);
    private final BooleanProperty sourceLines = new SimpleBooleanProperty(this, "sourceLines", true);
    private final BooleanProperty acceptTruncated = new SimpleBooleanProperty(this, "acceptTruncated", false);
    private final ReadOnlyObjectWrapper<Map<CoreField, String>> problems = new ReadOnlyObjectWrapper<>(this,
            "problems", Map.of());
    private final ReadOnlyObjectWrapper<Map<CoreField, String>> shownProblems = new ReadOnlyObjectWrapper<>(this,
            "shownProblems", Map.of());
    private final ReadOnlyStringWrapper firstProblem = new ReadOnlyStringWrapper(this, "firstProblem", "");
    /** Fields the user has edited (or tried to run with): a blank required field is an error only then. */
    private final java.util.Set<CoreField> touched = java.util.EnumSet.noneOf(CoreField.class);
    private final ReadOnlyBooleanWrapper canRun = new ReadOnlyBooleanWrapper(this, "canRun", false);
    private final ReadOnlyStringWrapper commandLine = new ReadOnlyStringWrapper(this, "commandLine", "");

    private final RememberedValues memory;
    private final ChildImport child;
    private final SnapshotOpener opener;

    public OpenCoreViewModel(RememberedValues memory, ChildImport child, SnapshotOpener opener) {
        this.memory = memory;
        this.child = child;
        this.opener = opener;
        List<Observable> inputs = new ArrayList<>();
        for (CoreField f : CoreField.values()) {
            StringProperty text = new SimpleStringProperty(this, f.name(), memory.remembered(f.key()).orElse(""));
            texts.put(f, text);
            inputs.add(text);
            text.addListener(x -> touched.add(f));
        }
        memory.remembered(SOURCE_LINES_KEY).ifPresent(v -> sourceLines.set(Boolean.parseBoolean(v)));
        memory.remembered(ACCEPT_TRUNCATED_KEY).ifPresent(v -> acceptTruncated.set(Boolean.parseBoolean(v)));
        inputs.add(sourceLines);
        inputs.add(acceptTruncated);
        inputs.forEach(o -> o.addListener(x -> check()));
        check();
    }

    /** The text of a path field, as typed; lists are separated by ':'. */
    public StringProperty text(CoreField field) {
        return texts.get(field);
    }

    public BooleanProperty sourceLinesProperty() {
        return sourceLines;
    }

    public BooleanProperty acceptTruncatedProperty() {
        return acceptTruncated;
    }

    /** What is wrong with each field that cannot be used as it is; empty when Run can go. */
    public ReadOnlyObjectProperty<Map<CoreField, String>> problemsProperty() {
        return problems.getReadOnlyProperty();
    }

    /**
     * The problems to mark in the dialog: all but a required field left blank that the user has not touched yet —
     * a dialog that opens with a red error before anything was typed says nothing useful.
     */
    public ReadOnlyObjectProperty<Map<CoreField, String>> shownProblemsProperty() {
        return shownProblems.getReadOnlyProperty();
    }

    /** The first shown problem as one line ("Core file: /x does not exist"), or empty. */
    public ReadOnlyStringProperty firstProblemProperty() {
        return firstProblem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRunProperty() {
        return canRun.getReadOnlyProperty();
    }

    /** The same import as a command to paste in a terminal ({@code ompd-explorer import-core …}). */
    public ReadOnlyStringProperty commandLineProperty() {
        return commandLine.getReadOnlyProperty();
    }

    // Commands

    /** The import the fields describe, when they can all be used. */
    public Optional<CoreImportRequest> request() {
        if (!problems.get().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CoreImportRequest(path(CoreField.CORE).orElseThrow(), path(CoreField.EXECUTABLE),
                path(CoreField.SYSROOT), PathText.paths(text(CoreField.SOLIB_SEARCH_PATH).get()),
                PathText.paths(text(CoreField.DEBUG_DIRECTORIES).get()), path(CoreField.OMPD_LIBRARY),
                sourceLines.get(), acceptTruncated.get(), text(CoreField.DEBUGINFOD).get()));
    }

    /** The exact command line of the child JVM for these fields, with its own directory {@code workDir}. */
    public Optional<List<String>> childCommandLine(Path workDir) {
        return request().map(r -> child.commandLine(workDir, r.arguments()));
    }

    /**
     * Remembers the fields and starts the import in the window's loading UI; returns false, doing nothing, while
     * a field cannot be used.
     */
    public boolean run() {
        touched.addAll(java.util.EnumSet.allOf(CoreField.class)); // Run with a blank core file: now say so
        check(); // files may have come or gone since the last edit
        Optional<CoreImportRequest> request = request();
        if (request.isEmpty()) {
            return false;
        }
        texts.forEach((f, text) -> memory.remember(f.key(), text.get().strip()));
        memory.remember(SOURCE_LINES_KEY, Boolean.toString(sourceLines.get()));
        memory.remember(ACCEPT_TRUNCATED_KEY, Boolean.toString(acceptTruncated.get()));
        CoreImportRequest r = request.get();
        opener.open("Importing " + r.input(), "Could not import " + r.input(),
                ChildJobs.of(child, r.input(), r.arguments(), WINDOW_WORDS, s -> r.sourceName()));
        return true;
    }

    private Optional<Path> path(CoreField field) {
        return PathText.path(text(field).get());
    }

    private void check() {
        Map<CoreField, String> found = new LinkedHashMap<>();
        for (CoreField f : CoreField.values()) {
            PathText.problem(f, text(f).get()).ifPresent(p -> found.put(f, p));
        }
        problems.set(Collections.unmodifiableMap(found));
        Map<CoreField, String> shown = new LinkedHashMap<>(found);
        shown.keySet().removeIf(f -> !touched.contains(f) && text(f).get().isBlank());
        shownProblems.set(Collections.unmodifiableMap(shown));
        firstProblem.set(shown.entrySet().stream().findFirst().map(e -> e.getKey().label() + ": " + e.getValue())
                .orElse(""));
        canRun.set(found.isEmpty());
        commandLine.set(request().map(CoreImportRequest::terminalCommand).orElse(""));
    }

    private static Map<String, String> windowWords() {
        Map<String, String> words = new LinkedHashMap<>();
        for (CoreField f : CoreField.values()) {
            if (!f.flag().isEmpty()) {
                words.put(f.flag(), "the " + f.label() + " field");
            }
        }
        words.put("--accept-truncated", "'" + ACCEPT_TRUNCATED + "'");
        return words;
    }
}
