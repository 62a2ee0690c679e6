package org.ompdexplorer.app.ui.ompd;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.child.ChildImportException;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.model.Snapshot;

/**
 * The loading jobs of the two dialogs: the child import, with its message told in the window's words too (the
 * CLI's messages name options like {@code --exe}; the dialog calls that field "Executable").
 */
final class ChildJobs {
    private ChildJobs() {
    }

    /**
     * @param words      what the window calls the options a message may name ({@code --exe} → "the Executable
     *                   field")
     * @param sourceName what the status bar shows once it is open, from the snapshot
     */
    static BackgroundJob<LoadedSnapshot> of(ChildImport child, String input, List<String> arguments,
                                            Map<String, String> words, Function<Snapshot, String> sourceName) {
        return context -> {
            LoadResult result;
            try {
                result = child.run(input, arguments, context);
            } catch (ChildImportException e) {
                throw windowHint(e.getMessage(), words).map(e::withHint).orElse(e);
            }
            return new LoadedSnapshot(result.snapshot(), result.diagnostics(), sourceName.apply(result.snapshot()),
                    Optional.empty());
        };
    }

    /** "In this window, --exe is the Executable field." for every option {@code message} names. */
    static Optional<String> windowHint(String message, Map<String, String> words) {
        List<String> named = words.entrySet().stream()
                .filter(e -> Pattern.compile("(?<![\\w-])" + Pattern.quote(e.getKey()) + "(?![\\w-])")
                        .matcher(message).find())
                .map(e -> e.getKey() + " is " + e.getValue()).toList();
        return named.isEmpty() ? Optional.empty() : Optional.of("In this window, " + String.join("; ", named) + ".");
    }
}
