package org.ompdexplorer.app.ui.source;

import java.nio.file.Path;
import java.util.List;

/** What the source view shows for a frame's file: its lines, or why it cannot. */
public sealed interface SourceText {
    /** The file as the stack names it. */
    String file();

    /** The line to show and highlight, 1-based; 0 when the stack gives none. */
    int line();

    /** One line for the view's heading or the status bar. */
    String message();

    /**
     * The file was read.
     *
     * @param path  where it was found
     * @param lines its lines, without their ends
     */
    record Found(String file, int line, Path path, List<String> lines) implements SourceText {
        public Found {
            lines = List.copyOf(lines);
        }

        @Override
        public String message() {
            return line > lines.size() ? file + " has " + lines.size() + " lines, not line " + line
                    + ": the file here is not the one the program was built from" : path.toString();
        }
    }

    /** @param tried the paths looked at, in order */
    record NotFound(String file, int line, List<Path> tried) implements SourceText {
        public NotFound {
            tried = List.copyOf(tried);
        }

        @Override
        public String message() {
            return "source not found: " + file;
        }
    }

    record TooLarge(String file, int line, Path path, long size, long limit) implements SourceText {
        @Override
        public String message() {
            return path + " is " + SourceFiles.size(size) + ", more than the " + SourceFiles.size(limit)
                    + " the source view reads: open it in an editor at line " + line;
        }
    }

    record Binary(String file, int line, Path path) implements SourceText {
        @Override
        public String message() {
            return path + " is not a text file (it holds NUL bytes): point at the source file instead";
        }
    }

    record Unreadable(String file, int line, Path path, String reason) implements SourceText {
        @Override
        public String message() {
            return "could not read " + path + ": " + reason;
        }
    }
}
