package org.ompdexplorer.app.ui.ompd;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Paths as the dialogs' text fields hold them: {@code ~} for home, lists separated by ':' as in gdb. */
final class PathText {
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./:=+,@%-]+");

    private PathText() {
    }

    /** The path in {@code text}, absolute; empty when the text is blank. */
    static Optional<Path> path(String text) {
        String s = text == null ? "" : text.strip();
        if (s.isEmpty()) {
            return Optional.empty();
        }
        if (s.equals("~") || s.startsWith("~/")) {
            s = System.getProperty("user.home") + s.substring(1);
        }
        return Optional.of(Path.of(s).toAbsolutePath().normalize());
    }

    /** The paths of a ':'-separated list, blanks left out. */
    static List<Path> paths(String text) {
        return Arrays.stream((text == null ? "" : text).split(File.pathSeparator))
                .map(PathText::path).flatMap(Optional::stream).toList();
    }

    static String join(List<Path> paths) {
        return paths.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    /** What is wrong with the field's text, or empty when it can be used. */
    static Optional<String> problem(CoreField field, String text) {
        return switch (field.kind()) {
            case FILE -> path(text).map(p -> fileProblem(p)).orElse(field.required()
                    ? Optional.of("choose the " + field.label().toLowerCase(java.util.Locale.ROOT)) : Optional.empty());
            case DIRECTORY -> path(text).flatMap(PathText::directoryProblem);
            case DIRECTORY_LIST -> paths(text).stream().map(PathText::directoryProblem).flatMap(Optional::stream)
                    .findFirst();
            case URL_LIST -> urlProblem(text);
        };
    }

    /** What is wrong with a list of debuginfod servers, or empty. */
    private static Optional<String> urlProblem(String text) {
        try {
            org.ompdexplorer.importers.debuginfo.DebuginfodSettings.parseServers(text == null ? "" : text);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    static Optional<String> fileProblem(Path p) {
        if (!Files.exists(p)) {
            return Optional.of(p + " does not exist");
        }
        if (Files.isDirectory(p)) {
            return Optional.of(p + " is a directory, not a file");
        }
        if (!Files.isReadable(p)) {
            return Optional.of(p + " cannot be read — check its permissions");
        }
        return Optional.empty();
    }

    private static Optional<String> directoryProblem(Path p) {
        if (!Files.exists(p)) {
            return Optional.of(p + " does not exist");
        }
        return Files.isDirectory(p) ? Optional.empty() : Optional.of(p + " is not a directory");
    }

    /** {@code words} as one line a shell reads back as the same words. */
    static String shellLine(List<String> words) {
        return words.stream().map(w -> SHELL_SAFE.matcher(w).matches() ? w : "'" + w.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }
}
