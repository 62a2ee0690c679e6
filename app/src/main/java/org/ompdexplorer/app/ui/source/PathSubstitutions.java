package org.ompdexplorer.app.ui.source;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Where to look for a source file a stack names, when it is not where the program was built (a core from another
 * machine), like gdb's {@code set substitute-path FROM TO}: a file whose path starts with {@code FROM} (a whole
 * directory name) is read from {@code TO} followed by the rest of its path. The first rule that matches applies.
 * {@code FROM} {@value #RELATIVE} stands for a relative path (a file named as the compiler was given it).
 *
 * @param rules in the order they are tried
 */
public record PathSubstitutions(List<Rule> rules) {
    /** The {@code FROM} that matches every relative path. */
    public static final String RELATIVE = ".";
    public static final PathSubstitutions NONE = new PathSubstitutions(List.of());

    public PathSubstitutions {
        rules = List.copyOf(rules);
    }

    /** One rule: a path that starts with {@code from} is read from {@code to}. */
    public record Rule(String from, String to) {
        public Rule {
            from = trimSlash(from);
            to = trimSlash(to);
        }

        /** The path with {@code from} replaced, or empty when it does not start with {@code from}. */
        Optional<String> apply(String file) {
            if (from.equals(RELATIVE)) {
                return file.startsWith("/") ? Optional.empty() : Optional.of(to + "/" + file);
            }
            if (file.equals(from)) {
                return Optional.of(to);
            }
            String prefix = from.equals("/") ? "/" : from + "/";
            return file.startsWith(prefix) ? Optional.of(to + (to.endsWith("/") ? "" : "/")
                    + file.substring(prefix.length())) : Optional.empty();
        }

        private static String trimSlash(String p) {
            return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        }
    }

    /** The rules and the lines that were not rules, as the settings' text gave them. */
    public record Parsed(PathSubstitutions substitutions, List<String> problems) {
        public Parsed {
            problems = List.copyOf(problems);
        }
    }

    /**
     * The settings' text: a rule a line, {@code FROM TO} as gdb takes them, a path with spaces in double quotes;
     * blank lines and lines starting with {@code #} are skipped.
     */
    public static Parsed parse(String text) {
        List<Rule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text == null ? new String[0] : text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> words = words(line);
            if (words.size() != 2 || words.get(0).isEmpty() || words.get(1).isEmpty()) {
                problems.add("line " + (i + 1) + ": \"" + line + "\" is not FROM TO — write the directory the "
                        + "program was built in, a space, and where its files are here (quote a path with spaces)");
            } else {
                rules.add(new Rule(words.get(0), words.get(1)));
            }
        }
        return new Parsed(new PathSubstitutions(rules), problems);
    }

    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i <= line.length(); i++) {
            char c = i < line.length() ? line.charAt(i) : ' ';
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    words.add(word.toString());
                    word.setLength(0);
                    any = false;
                }
            } else {
                word.append(c);
                any = true;
            }
        }
        return words;
    }

    /** The settings' text of these rules, as {@link #parse} reads it. */
    public String format() {
        StringBuilder b = new StringBuilder();
        for (Rule r : rules) {
            b.append(quote(r.from())).append(' ').append(quote(r.to())).append('\n');
        }
        return b.toString();
    }

    private static String quote(String path) {
        return path.chars().anyMatch(Character::isWhitespace) ? '"' + path + '"' : path;
    }

    /** These rules with {@code rule} first, in place of one with the same {@code FROM}. */
    public PathSubstitutions with(Rule rule) {
        List<Rule> now = new ArrayList<>();
        now.add(rule);
        rules.stream().filter(r -> !r.from().equals(rule.from())).forEach(now::add);
        return new PathSubstitutions(now);
    }

    /**
     * The paths to try for {@code file}, in order: the first rule's rewrite that applies, then the file as named (a
     * relative one beside the snapshot, then from the working directory).
     */
    public List<Path> candidates(String file, Optional<Path> snapshotDirectory) {
        LinkedHashSet<Path> paths = new LinkedHashSet<>();
        try {
            rules.stream().map(r -> r.apply(file)).flatMap(Optional::stream).findFirst()
                    .ifPresent(p -> paths.add(Path.of(p)));
            Path named = Path.of(file);
            if (!named.isAbsolute()) {
                snapshotDirectory.ifPresent(d -> paths.add(d.resolve(named)));
            }
            paths.add(named);
        } catch (java.nio.file.InvalidPathException e) {
            // a name no file system here can hold (a NUL from a damaged symbol table): nothing to try
        }
        return List.copyOf(paths);
    }

    /**
     * The rule that maps {@code file}, as the stack names it, to {@code chosen}, the file the user pointed at: the
     * directories the two share at their ends are left out, so the rule serves the program's other files too
     * ({@code /build/prog/src/a.c} chosen as {@code /home/me/prog/src/a.c} gives {@code /build → /home/me}). Files
     * of different names map one to the other.
     */
    public static Rule learn(String file, Path chosen) {
        List<String> named = List.of(file.split("/+"));
        List<String> here = new ArrayList<>();
        chosen.toAbsolutePath().normalize().forEach(p -> here.add(p.toString()));
        int shared = 0;
        while (shared < named.size() && shared < here.size()
                && named.get(named.size() - 1 - shared).equals(here.get(here.size() - 1 - shared))
                && !named.get(named.size() - 1 - shared).isEmpty()) {
            shared++;
        }
        if (shared == 0) {
            return new Rule(file, chosen.toAbsolutePath().normalize().toString());
        }
        String to = "/" + String.join("/", here.subList(0, here.size() - shared));
        List<String> fromParts = named.subList(0, named.size() - shared);
        String from = file.startsWith("/") ? "/" + String.join("/", fromParts.stream().filter(s -> !s.isEmpty())
                .toList()) : fromParts.isEmpty() ? RELATIVE : String.join("/", fromParts);
        return new Rule(from, to);
    }
}
