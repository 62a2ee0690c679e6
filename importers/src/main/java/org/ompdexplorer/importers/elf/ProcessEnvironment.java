package org.ompdexplorer.importers.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The environment a process was started with, read from its initial stack in the core: what its launcher (mpirun,
 * srun) put there, whatever the program did to {@code environ} later.
 *
 * <p>The kernel lays the stack out at exec as {@code argc, argv[], NULL, envp[], NULL, auxv[]}, with the strings above
 * (the executable's name, {@code AT_EXECFN}, last). The core's {@code NT_AUXV} note holds the same auxiliary vector,
 * so its bytes are searched for just below {@code AT_RANDOM} (or {@code AT_EXECFN}); the words below it are the
 * environment's pointers, down to {@code argv}'s terminator. Every read is bounded and everything read is checked:
 * the stack is the process's to overwrite, and a damaged core must cost a problem, never an exception.
 */
public final class ProcessEnvironment {
    /** How far below {@code AT_RANDOM} or {@code AT_EXECFN} the auxiliary vector is looked for. */
    static final int SEARCH_BYTES = 1 << 20;
    /** The most environment pointers read (Linux allows about this many in its 32-page default argument space). */
    static final int MAX_VARIABLES = 1 << 17;
    /** The longest value kept: a rank, a job id or a host name are far shorter. */
    public static final int MAX_VALUE = 4096;
    private static final int PAGE = 4096;
    private static final int WORD = 8;

    private ProcessEnvironment() {
    }

    /**
     * What was read: the wanted variables found (the first of a name, as {@code getenv} gives), and what could not be
     * read, each at the address concerned.
     */
    public record Read(Map<String, String> variables, List<Problem> problems) {
        public Read {
            variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
            problems = List.copyOf(problems);
        }
    }

    /**
     * Something of the environment that could not be read or made no sense.
     *
     * @param address the process address concerned, or 0 when none
     * @param name    the variable concerned, or empty
     * @param detail  what was wrong, in words
     */
    public record Problem(long address, String name, String detail) {
    }

    /** Reads the variables named in {@code wanted} from the initial stack of the process in {@code memory}. */
    public static Read read(MemoryImage memory, Set<String> wanted) {
        AuxVector auxv = memory.core().auxVector();
        OptionalLong execfn = auxv.get(AuxVector.AT_EXECFN);
        OptionalLong random = auxv.get(AuxVector.AT_RANDOM);
        List<Problem> problems = new ArrayList<>();
        if (auxv.entries().isEmpty() || (execfn.isEmpty() && random.isEmpty())) {
            problems.add(new Problem(0, "", "the core has no auxiliary vector (NT_AUXV) with AT_RANDOM or AT_EXECFN,"
                    + " so its initial stack cannot be found"));
            return new Read(Map.of(), problems);
        }
        long from = random.isPresent() ? random.getAsLong() : execfn.getAsLong();
        OptionalLong vector = findVector(memory, auxv, from & -WORD);
        if (vector.isEmpty()) {
            problems.add(new Problem(from, "", "the auxiliary vector is not on the stack below " + MappedFile.hex(from)
                    + ": the stack was not dumped or was overwritten"));
            return new Read(Map.of(), problems);
        }
        long stringsEnd = execfn.isPresent() ? execfn.getAsLong() : Long.MAX_VALUE;
        List<Long> pointers = environmentPointers(memory, vector.getAsLong(), stringsEnd, problems);
        Map<String, String> found = new LinkedHashMap<>();
        int longestName = wanted.stream().mapToInt(String::length).max().orElse(0);
        for (long p : pointers) {
            variable(memory, p, longestName, wanted, found, problems);
        }
        return new Read(found, problems);
    }

    /** The address of the auxiliary vector's copy on the stack: the nearest one below {@code from}. */
    private static OptionalLong findVector(MemoryImage memory, AuxVector auxv, long from) {
        byte[] pattern = vectorBytes(auxv);
        if (pattern.length > PAGE) {
            return OptionalLong.empty(); // the kernel's vector has some 30 entries: this is no vector of Linux's
        }
        long top = (from + PAGE) & -PAGE;
        byte[] above = new byte[0]; // the page read before, for a vector that crosses into it
        for (long low = top - PAGE; top - low <= SEARCH_BYTES; low -= PAGE) {
            if (!(memory.read(low, PAGE) instanceof MemoryRead.Bytes(long _, byte[] page))) {
                break; // the bottom of what is dumped: the search ends here
            }
            byte[] window = new byte[page.length + above.length];
            System.arraycopy(page, 0, window, 0, page.length);
            System.arraycopy(above, 0, window, page.length, above.length);
            above = page;
            // starts in the new page only, the vector ending below from; the highest match is the nearest
            long last = Math.min(PAGE - WORD, from - pattern.length - low);
            for (long at = last & -WORD; at >= 0; at -= WORD) {
                if (at + pattern.length <= window.length && matches(window, (int) at, pattern)) {
                    return OptionalLong.of(low + at);
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The vector as the kernel wrote it: (type, value) words, then the terminating {@code AT_NULL} pair. */
    private static byte[] vectorBytes(AuxVector auxv) {
        ByteBuffer b = ByteBuffer.allocate((auxv.entries().size() + 1) * 2 * WORD).order(ByteOrder.LITTLE_ENDIAN);
        for (AuxVector.Entry e : auxv.entries()) {
            b.putLong(e.type()).putLong(e.value());
        }
        return b.putLong(0).putLong(0).array();
    }

    private static boolean matches(byte[] window, int at, byte[] pattern) {
        return java.util.Arrays.equals(window, at, at + pattern.length, pattern, 0, pattern.length);
    }

    /**
     * The environment's pointers, from the words below the vector: pointers into the strings (above the vector, up to
     * {@code AT_EXECFN}) and null words ({@code unsetenv} shifts the array down and leaves nulls at its end), down to
     * {@code argc}, a small number. The words between {@code argc} and the first null are {@code argv}.
     */
    private static List<Long> environmentPointers(MemoryImage memory, long vector, long stringsEnd,
                                                  List<Problem> problems) {
        List<Long> words = new ArrayList<>(); // downwards from the vector
        long at = vector - WORD;
        for (int n = 0; ; n++, at -= WORD) {
            if (n > MAX_VARIABLES + MAX_VARIABLES) {
                problems.add(new Problem(at, "", "no argc found within " + n + " words below the auxiliary vector:"
                        + " the environment is not read"));
                return List.of();
            }
            if (!(memory.read(at, WORD) instanceof MemoryRead.Bytes word)) {
                problems.add(new Problem(at, "", "the stack below the auxiliary vector cannot be read at "
                        + MappedFile.hex(at)));
                return List.of();
            }
            long value = word.longAt(0);
            boolean string = Long.compareUnsigned(value, vector) > 0 && Long.compareUnsigned(value, stringsEnd) <= 0;
            if (value != 0 && !string) {
                break; // argc: the words above it are argv[], NULL, envp[], NULL
            }
            words.add(value);
        }
        long argc = memory.read(at, WORD) instanceof MemoryRead.Bytes b ? b.longAt(0) : -1;
        List<Long> upwards = words.reversed();
        int argvEnd = upwards.indexOf(0L);
        if (argvEnd != argc) {
            problems.add(new Problem(at, "", "the initial stack does not hold argc, argv and envp as the kernel lays"
                    + " them out (argc " + argc + ", " + argvEnd + " arguments): the environment is not read"));
            return List.of();
        }
        List<Long> pointers = new ArrayList<>();
        for (long p : upwards.subList(argvEnd + 1, upwards.size())) {
            if (p != 0) {
                pointers.add(p);
            }
        }
        if (pointers.size() > MAX_VARIABLES) {
            problems.add(new Problem(vector, "", pointers.size() + " environment variables: only the first "
                    + MAX_VARIABLES + " are read"));
            return pointers.subList(0, MAX_VARIABLES);
        }
        return pointers;
    }

    private static void variable(MemoryImage memory, long address, int longestName, Set<String> wanted,
                                 Map<String, String> found, List<Problem> problems) {
        // the name first: most variables are not wanted, and their values are not read
        MemoryRead head = memory.readCString(address, longestName + 1);
        if (!(head instanceof MemoryRead.Bytes(long _, byte[] bytes))) {
            problems.add(new Problem(address, "", "an environment string at " + MappedFile.hex(address)
                    + " cannot be read: " + ((MemoryRead.Failure) head).detail()));
            return;
        }
        String start = new String(bytes, StandardCharsets.ISO_8859_1);
        int eq = start.indexOf('=');
        if (eq < 0 || !wanted.contains(start.substring(0, eq)) || found.containsKey(start.substring(0, eq))) {
            return;
        }
        String name = start.substring(0, eq);
        MemoryRead whole = memory.readCString(address + eq + 1, MAX_VALUE + 1);
        if (!(whole instanceof MemoryRead.Bytes(long _, byte[] value))) {
            problems.add(new Problem(address, name, "the value of " + name + " cannot be read: "
                    + ((MemoryRead.Failure) whole).detail()));
        } else if (value.length > MAX_VALUE) {
            problems.add(new Problem(address, name, "the value of " + name + " is longer than " + MAX_VALUE
                    + " bytes"));
        } else {
            found.put(name, new String(value, StandardCharsets.UTF_8));
        }
    }
}
