package org.ompdexplorer.model;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names code as the user wrote it rather than as the compiler emitted it: clang's {@code main.omp_outlined_debug__}
 * is "parallel region in main", {@code .omp_task_entry..5} is "task" (in the function that created it), gcc's
 * {@code main._omp_fn.0} is the parallel region or task in {@code main} by the entity's kind, and the runtime's own
 * {@code __kmp*} entries are "OpenMP runtime (…)". Plain names stay as they are. Pure and stateless: the navigator,
 * the entity pages and the task graph all name code through it; the raw symbol stays in the details.
 */
public final class CodeNames {
    /** Where a compiler's generated suffix starts: clang {@code .omp_outlined}, {@code .omp_task_entry}, gcc {@code ._omp_fn}. */
    private static final Pattern GENERATED = Pattern.compile("\\.(omp[._]|_omp_)");
    /** Old clang's outlined regions ({@code __omp_outlined__3}): no user function in the name. */
    private static final Pattern OLD_OUTLINED = Pattern.compile("__omp_outlined__\\d*(_debug__)?");
    /** clang's target regions: {@code __omp_offloading_<device>_<file>_<function>_l<line>}. */
    private static final Pattern OFFLOADING = Pattern.compile("__omp_offloading_[0-9a-f]+_[0-9a-f]+_(.+)_l\\d+");
    private static final String RUNTIME = "OpenMP runtime";

    private CodeNames() {
    }

    /**
     * A symbol as the user wrote it, the construct guessed from the symbol itself ({@code .omp_task_entry} is a
     * task, {@code omp_outlined} and gcc's {@code _omp_fn} a parallel region).
     */
    public static String of(String symbol) {
        return of(symbol, null);
    }

    /**
     * A symbol as the user wrote it, for an entity of {@code kind} ({@code null} when not known): an implicit
     * task's outlined function is its parallel region, an explicit task's its task.
     */
    public static String of(String symbol, TaskKind kind) {
        if (symbol == null || symbol.isBlank()) {
            return "";
        }
        if (isRuntime(symbol)) {
            return RUNTIME + " (" + symbol + ")";
        }
        if (!isCompilerGenerated(symbol)) {
            return symbol;
        }
        String construct = kind != null ? construct(kind) : guessedConstruct(symbol);
        return userFunction(symbol).map(f -> construct + " in " + f).orElse(construct);
    }

    /**
     * What a task runs, as the user wrote it: its function's name, else "task in f" for the function {@code f}
     * where it was created (an OMPT capture has no task functions); empty when neither has a symbol.
     */
    public static Optional<String> of(Task task) {
        return of(task, null);
    }

    /**
     * As {@link #of(Task)}; a task created inside another task's body ({@code .omp_task_entry..6} as its creation
     * site) is in the function its generating task was written in, looked up in {@code index} when given.
     */
    public static Optional<String> of(Task task, SnapshotIndex index) {
        String construct = construct(task.kind());
        Optional<String> site = siteFunction(task, index);
        Optional<String> function = symbol(task.function());
        if (function.isPresent()) {
            String s = function.get();
            if (isRuntime(s) || !isCompilerGenerated(s)) {
                return Optional.of(of(s, task.kind()));
            }
            return Optional.of(userFunction(s).or(() -> site).map(f -> construct + " in " + f).orElse(construct));
        }
        if (site.isPresent()) {
            return Optional.of(construct + " in " + site.get());
        }
        // created in compiler-made code that names no function (and no index to look further): the construct alone
        return symbol(task.creationSite()).filter(CodeNames::isCompilerGenerated).map(s -> construct);
    }

    /**
     * The user's function a symbol belongs to: the symbol itself when plain, the part before a compiler's
     * suffix ({@code main} of {@code main.omp_outlined_debug__.omp_outlined}); empty when the symbol names none
     * ({@code .omp_task_entry.}) or is the runtime's. Simple C++ names are demangled ({@code _Z3fibi} is fib).
     */
    public static Optional<String> userFunction(String symbol) {
        if (symbol == null || symbol.isBlank() || isRuntime(symbol)) {
            return Optional.empty();
        }
        Matcher offloading = OFFLOADING.matcher(symbol);
        if (offloading.matches()) {
            return Optional.of(demangled(offloading.group(1)));
        }
        if (OLD_OUTLINED.matcher(symbol).matches()) {
            return Optional.empty();
        }
        Matcher m = GENERATED.matcher(symbol);
        String prefix = m.find() ? symbol.substring(0, m.start()) : symbol;
        return prefix.isEmpty() ? Optional.empty() : Optional.of(demangled(prefix));
    }

    /** Whether the compiler made the symbol for an OpenMP construct (an outlined region, a task entry). */
    public static boolean isCompilerGenerated(String symbol) {
        return symbol != null && (GENERATED.matcher(symbol).find() || OLD_OUTLINED.matcher(symbol).matches()
                || OFFLOADING.matcher(symbol).matches());
    }

    /** Whether the symbol is the OpenMP runtime's own: libomp's {@code __kmp*}, libgomp's {@code GOMP_*}. */
    public static boolean isRuntime(String symbol) {
        return symbol != null && (symbol.startsWith("__kmp") || symbol.startsWith("GOMP_")
                || symbol.startsWith("gomp_") || symbol.startsWith("__ompt_"));
    }

    /** The construct a task of this kind stands for: an implicit task is its parallel region's. */
    public static String construct(TaskKind kind) {
        if (TaskKind.IMPLICIT.equals(kind)) {
            return "parallel region";
        } else if (TaskKind.EXPLICIT.equals(kind)) {
            return "task";
        } else if (TaskKind.TARGET.equals(kind)) {
            return "target region";
        } else if (TaskKind.INITIAL.equals(kind)) {
            return "initial task";
        }
        return kind.name() + " task";
    }

    private static String guessedConstruct(String symbol) {
        if (symbol.contains(".omp_task_entry")) {
            return "task";
        } else if (OFFLOADING.matcher(symbol).matches()) {
            return "target region";
        } else if (symbol.contains("omp_outlined") || symbol.contains("._omp_fn")) {
            return "parallel region";
        }
        return "OpenMP code";
    }

    /** The user's function where the task was created, through enclosing task bodies; bounded for a cycle. */
    private static Optional<String> siteFunction(Task task, SnapshotIndex index) {
        Task at = task;
        for (int hops = 0; hops < 64 && at != null; hops++) {
            Optional<String> site = symbol(at.creationSite()).filter(s -> !isRuntime(s));
            if (site.isEmpty()) {
                return Optional.empty();
            }
            Optional<String> function = userFunction(site.get());
            if (function.isPresent() || index == null) {
                return function;
            }
            at = index.task(at.generatingTask()).orElse(null);
        }
        return Optional.empty();
    }

    private static Optional<String> symbol(Fact<CodeLocation> location) {
        return location.asOptional().flatMap(CodeLocation::symbolName).filter(s -> !s.isBlank());
    }

    /**
     * The name of a simple Itanium-mangled function ({@code _Z3fibi}, {@code _ZN2ns3fooEv} is ns::foo); anything
     * else as it is. Not a demangler: enough for the function names outlined symbols start with.
     */
    static String demangled(String name) {
        if (!name.startsWith("_Z") || name.length() < 4) {
            return name;
        }
        int at = 2;
        boolean nested = name.charAt(at) == 'N';
        if (nested) {
            at++;
        }
        StringBuilder out = new StringBuilder();
        do {
            int digits = at;
            while (digits < name.length() && Character.isDigit(name.charAt(digits))) {
                digits++;
            }
            if (digits == at) {
                return name;
            }
            int length = Integer.parseInt(name.substring(at, digits));
            if (digits + length > name.length()) {
                return name;
            }
            if (!out.isEmpty()) {
                out.append("::");
            }
            out.append(name, digits, digits + length);
            at = digits + length;
        } while (nested && at < name.length() && name.charAt(at) != 'E');
        return nested && (at >= name.length() || name.charAt(at) != 'E') ? name : out.toString();
    }
}
