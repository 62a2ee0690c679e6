package org.ompdexplorer.app.ui.search;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * What the search box asks for. Plain text matches task functions, thread states, task kinds and lifecycles,
 * and ids; a prefix narrows it: {@code fn:fib}, {@code state:wait}, {@code kind:explicit}, {@code id:17}.
 * {@code state=wait_barrier_implicit} is one state by its whole name, not every state whose name holds it (the
 * Thread states page's counts filter with it).
 * {@code #17}, {@code T3} and {@code P1} name a task, a thread and a region, as the command line prints them;
 * {@code T1-T4,T7} names a set of threads as {@link org.ompdexplorer.model.IdRanges} writes it (the parallel stacks
 * view and {@code stacks --merged} print thread sets so).
 *
 * @param field the field to match, or {@link Field#ANY}
 * @param text  the lower-case text to find
 * @param id    the id asked for, when the text is one
 */
public record SearchQuery(Field field, String text, OptionalLong id) {

    /** Where to look. */
    public enum Field { ANY, FUNCTION, STATE, STATE_EXACT, KIND, ID, TASK_ID, THREAD_ID, THREAD_SET, REGION_ID, STUCK }

    /** The query that finds exactly the threads in {@code state}: {@code state=wait_lock}. */
    public static String exactState(org.ompdexplorer.model.ThreadState state) {
        String name = state.shortName();
        return "state=" + (name.chars().anyMatch(Character::isWhitespace) ? '"' + name + '"' : name);
    }

    /** {@code T1-T4,T7}: threads as compressed ranges, at least two ids or one range. */
    private static final java.util.regex.Pattern THREAD_SET =
            java.util.regex.Pattern.compile("t\\d{1,18}(-t?\\d{1,18})?(,t\\d{1,18}(-t?\\d{1,18})?)*");

    /** The query that finds exactly these threads: {@code T1-T4,T7}. */
    public static String threads(java.util.Collection<org.ompdexplorer.model.ThreadId> threads) {
        return org.ompdexplorer.model.IdRanges.format(threads.stream().map(org.ompdexplorer.model.ThreadId::value)
                .toList(), "T");
    }

    /** The term that keeps only what is held up: {@code is:stuck}. */
    public static final String STUCK = "is:stuck";

    /**
     * Every term of {@code input}, all of which a match must meet: {@code fn:task_body suspended} finds the suspended
     * tasks of {@code task_body}. Terms are separated by spaces; a term in double quotes keeps its spaces
     * ({@code state:"waiting at a barrier"}).
     */
    public static java.util.List<SearchQuery> terms(String input) {
        java.util.List<SearchQuery> terms = new java.util.ArrayList<>();
        String t = input == null ? "" : input.strip();
        StringBuilder term = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i <= t.length(); i++) {
            char c = i < t.length() ? t.charAt(i) : ' ';
            if (c == '"') {
                quoted = !quoted;
            } else if (Character.isWhitespace(c) && !quoted || i == t.length()) {
                if (!term.isEmpty()) {
                    terms.add(parse(term.toString()));
                    term.setLength(0);
                }
            } else {
                term.append(c);
            }
        }
        return terms.stream().filter(q -> !q.isEmpty()).toList();
    }

    public static SearchQuery parse(String input) {
        String t = input == null ? "" : input.strip();
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.equals(STUCK)) {
            return new SearchQuery(Field.STUCK, lower, OptionalLong.empty());
        }
        for (String[] prefix : new String[][]{{"fn:", "FUNCTION"}, {"function:", "FUNCTION"}, {"state:", "STATE"},
                {"state=", "STATE_EXACT"},
                {"kind:", "KIND"}, {"id:", "ID"}}) {
            if (lower.startsWith(prefix[0])) {
                String rest = lower.substring(prefix[0].length()).strip();
                Field field = Field.valueOf(prefix[1]);
                return new SearchQuery(field, rest, field == Field.ID ? number(rest) : OptionalLong.empty());
            }
        }
        if (THREAD_SET.matcher(lower).matches() && (lower.indexOf(',') >= 0 || lower.indexOf('-') >= 0)) {
            return new SearchQuery(Field.THREAD_SET, lower, OptionalLong.empty());
        }
        if (lower.length() > 1 && (lower.charAt(0) == '#' || lower.charAt(0) == 't' || lower.charAt(0) == 'p')) {
            OptionalLong id = number(lower.substring(1));
            if (id.isPresent()) {
                Field field = lower.charAt(0) == '#' ? Field.TASK_ID : lower.charAt(0) == 't' ? Field.THREAD_ID
                        : Field.REGION_ID;
                return new SearchQuery(field, lower, id);
            }
        }
        return new SearchQuery(Field.ANY, lower, number(lower));
    }

    private static OptionalLong number(String s) {
        if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(Character::isDigit)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(s));
    }

    /** For a {@link Field#THREAD_SET} term: whether the set holds thread {@code id}. */
    boolean holdsThread(long id) {
        for (String range : text.split(",")) {
            int dash = range.indexOf('-');
            long first = Long.parseLong(range.substring(1, dash < 0 ? range.length() : dash));
            long last = dash < 0 ? first : Long.parseLong(range.substring(range.charAt(dash + 1) == 't' ? dash + 2
                    : dash + 1));
            if (id >= first && id <= last) {
                return true;
            }
        }
        return false;
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }

    boolean looksIn(Field f) {
        return field == Field.ANY || field == f;
    }
}
