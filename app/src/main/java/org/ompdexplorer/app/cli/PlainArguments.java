package org.ompdexplorer.app.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A command's arguments read without picocli, in the plain forms only: {@code --name VALUE}, {@code --name=VALUE},
 * {@code -o VALUE}, flags, and positionals. Anything else — help, version, an unknown or repeated option, a value
 * that looks like an option, {@code --}, an {@code @file}, an empty word — is not read here: the caller hands the
 * command line to picocli, whose answer (parse, message, usage) is then the same as ever.
 *
 * <p>Why: picocli's classes are compiled for Java 5, so the JDK's AOT cache cannot keep them linked, and building
 * the command tree cost a one-shot {@code import-core} about 0.1 s of its 0.5 s (docs/benchmarks.md §12).
 */
final class PlainArguments {
    private final Map<String, String> values;
    private final Map<String, List<String>> repeated;
    private final Set<String> flagsGiven;
    private final List<String> positionals;

    private PlainArguments(Map<String, String> values, Map<String, List<String>> repeated, Set<String> flagsGiven,
            List<String> positionals) {
        this.values = values;
        this.repeated = repeated;
        this.flagsGiven = flagsGiven;
        this.positionals = positionals;
    }

    /**
     * What a command accepts. Names map aliases to the option's canonical name ({@code -o} to {@code --output}).
     *
     * @param single     options taking one value, given at most once: alias → canonical name
     * @param repeatable options taking one value, given any number of times: alias → canonical name
     * @param flags      options taking no value, given at most once: alias → canonical name
     */
    record Grammar(Map<String, String> single, Map<String, String> repeatable, Map<String, String> flags) {
        /** Every name and alias, for the test that holds this grammar to the picocli command's options. */
        Set<String> names() {
            Set<String> all = new TreeSet<>(single.keySet());
            all.addAll(repeatable.keySet());
            all.addAll(flags.keySet());
            return all;
        }
    }

    /** Reads {@code args} from {@code from} on, or empty when any of them is not in a plain form of {@code grammar}. */
    static Optional<PlainArguments> read(String[] args, int from, Grammar grammar) {
        Map<String, String> values = new HashMap<>();
        Map<String, List<String>> repeated = new HashMap<>();
        Set<String> flags = new HashSet<>();
        List<String> positionals = new ArrayList<>();
        for (int i = from; i < args.length; i++) {
            String arg = args[i];
            if (arg.isEmpty() || arg.startsWith("@")) {
                return Optional.empty(); // picocli expands @files and has its own view of empty words
            }
            if (!arg.startsWith("-")) {
                positionals.add(arg);
                continue;
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 2) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            String flag = grammar.flags().get(name);
            if (flag != null) {
                if (value != null || !flags.add(flag)) {
                    return Optional.empty();
                }
                continue;
            }
            String single = grammar.single().get(name);
            String many = grammar.repeatable().get(name);
            if (single == null && many == null) {
                return Optional.empty(); // -h, --help, -V, --version, --, an unknown option, "-"
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    return Optional.empty();
                }
                value = args[++i];
            }
            if (!isPlainValue(value)) {
                return Optional.empty();
            }
            if (single != null) {
                if (values.putIfAbsent(single, value) != null) {
                    return Optional.empty();
                }
            } else {
                repeated.computeIfAbsent(many, k -> new ArrayList<>()).add(value);
            }
        }
        return Optional.of(new PlainArguments(values, repeated, flags, positionals));
    }

    /** A value picocli would take as it is: not empty, not an @file, not like an option (but "-", standard output). */
    private static boolean isPlainValue(String value) {
        return !value.isEmpty() && !value.startsWith("@") && (!value.startsWith("-") || value.equals("-"));
    }

    /** The value of a single-valued option, by canonical name, or null. */
    String value(String name) {
        return values.get(name);
    }

    /** The values of a repeatable option, by canonical name, in the order given. */
    List<String> values(String name) {
        return repeated.getOrDefault(name, List.of());
    }

    /** Whether a flag was given, by canonical name. */
    boolean flag(String name) {
        return flagsGiven.contains(name);
    }

    /** The words that are not options, in order. */
    List<String> positionals() {
        return positionals;
    }
}
