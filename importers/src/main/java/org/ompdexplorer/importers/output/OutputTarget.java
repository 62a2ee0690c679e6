package org.ompdexplorer.importers.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import org.ompdexplorer.importers.output.OutputException.Reason;

/**
 * Where an output really goes, decided before anything is written: symbolic links are followed to the file they
 * name (the link stays a link), a FIFO or a character device is written through, and everything that must not
 * be written is refused — an input of the same command, a directory, a block device or socket, a read-only file.
 *
 * @param named    the path as the user gave it, for messages
 * @param resolved the file that is written: the end of any chain of links
 * @param kind     what is there now
 */
record OutputTarget(Path named, Path resolved, Kind kind) {
    /** Linux's NAME_MAX: a longer name is refused before any work is done. */
    static final int NAME_MAX = 255;
    private static final int MAX_LINKS = 40; // as Linux's path resolution
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;

    enum Kind {
        /** Nothing there yet: a new file is made beside it and renamed into place. */
        NEW,
        /** A regular file, replaced atomically. */
        REGULAR,
        /** A FIFO or a character device (a terminal, /dev/null): written through, never replaced. */
        STREAM
    }

    static OutputTarget resolve(Path named, Collection<Path> inputs) throws OutputException {
        if (named.toString().isEmpty()) { // made absolute, "" would be the current directory
            throw new OutputException(named, Reason.EMPTY_NAME, "the output file name is empty — name a file"
                    + " (-o snapshot.json), or give - for standard output", null);
        }
        Path p = named.toAbsolutePath();
        for (int hops = 0; hops <= MAX_LINKS; hops++) {
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return checked(new OutputTarget(named, p, Kind.NEW), inputs);
            } catch (IOException e) {
                throw OutputFailures.of(named, e);
            }
            if (a.isSymbolicLink() && isDescriptorOfNoFile(p)) {
                // /proc/PID/fd/N (what /dev/stdout and /dev/stderr lead to) for a pipe: its target "pipe:[N]" names
                // no file, but opening the link opens the pipe
                return checked(new OutputTarget(named, p, Kind.STREAM), inputs);
            } else if (a.isSymbolicLink()) {
                p = follow(named, p);
            } else if (a.isDirectory()) {
                throw new OutputException(named, Reason.IS_DIRECTORY,
                        "cannot write " + named + ": it is a directory — name a file, e.g. " + named.resolve("snapshot.json"),
                        null);
            } else if (a.isRegularFile()) {
                return checked(new OutputTarget(named, p, Kind.REGULAR), inputs);
            } else if (isFifoOrCharacterDevice(named, p)) {
                return checked(new OutputTarget(named, p, Kind.STREAM), inputs);
            } else {
                throw new OutputException(named, Reason.SPECIAL_FILE, "cannot write " + named
                        + ": it is a special file (a block device or a socket), which is never written or replaced"
                        + " — choose a regular file", null);
            }
        }
        throw new OutputException(named, Reason.LINK_LOOP, "cannot write " + named
                + ": too many symbolic links (a loop?) — name the file itself", null);
    }

    private static Path follow(Path named, Path link) throws OutputException {
        try {
            Path to = Files.readSymbolicLink(link);
            Path parent = link.getParent();
            return to.isAbsolute() || parent == null ? to : parent.resolve(to);
        } catch (IOException e) {
            throw OutputFailures.of(named, e);
        }
    }

    /**
     * Whether {@code link} is a process's open descriptor ({@code /proc/PID/fd/N}) whose target is not a file name
     * ("pipe:[N]", "socket:[N]", "anon_inode:…") and is a FIFO or character device, which is written through.
     */
    private static boolean isDescriptorOfNoFile(Path link) {
        Path dir = link.getParent();
        if (dir == null || dir.getFileName() == null || !dir.getFileName().toString().equals("fd")
                || !link.startsWith("/proc")) {
            return false;
        }
        try {
            if (Files.readSymbolicLink(link).isAbsolute()) {
                return false; // a file by its name: followed as any link
            }
            int type = ((Integer) Files.getAttribute(link, "unix:mode")) & S_IFMT;
            return type == S_IFIFO || type == S_IFCHR;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static boolean isFifoOrCharacterDevice(Path named, Path p) throws OutputException {
        try {
            int type = ((Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS)) & S_IFMT;
            return type == S_IFIFO || type == S_IFCHR;
        } catch (IOException | UnsupportedOperationException e) {
            return false; // no way to tell: treat it as a special file and refuse
        }
    }

    private static OutputTarget checked(OutputTarget t, Collection<Path> inputs) throws OutputException {
        for (Path input : inputs) {
            if (input != null && !input.toString().equals("-") && sameFile(input, t)) {
                throw new OutputException(t.named(), Reason.SAME_AS_INPUT, "refusing to write " + t.named()
                        + ": it is the input " + input + (t.named().equals(input) ? "" : " (the same file)")
                        + ", which is only ever read — choose another output file", null);
            }
        }
        Path name = t.resolved().getFileName();
        if (t.kind() != Kind.STREAM && name != null
                && name.toString().getBytes(StandardCharsets.UTF_8).length > NAME_MAX) {
            throw new OutputException(t.named(), Reason.NAME_TOO_LONG, "cannot write " + t.named()
                    + ": the file name is longer than the " + NAME_MAX + " bytes a file system allows — choose a shorter name",
                    null);
        }
        if (t.kind() == Kind.REGULAR && isReadOnly(t.resolved())) {
            throw new OutputException(t.named(), Reason.READ_ONLY, "refusing to replace " + t.named()
                    + ": the file is read-only — make it writable (chmod u+w) or choose another output file", null);
        }
        Path dir = t.resolved().getParent();
        if (t.kind() == Kind.NEW && (dir == null || !Files.isDirectory(dir))) {
            throw new OutputException(t.named(), Reason.NO_DIRECTORY, "cannot write " + t.named()
                    + ": its directory " + dir + " does not exist — create it or choose a file in an existing directory",
                    null);
        }
        return t;
    }

    private static boolean sameFile(Path input, OutputTarget t) {
        if (t.kind() == Kind.NEW) {
            return false;
        }
        try {
            return Files.exists(input) && Files.isSameFile(input, t.resolved()); // device and inode, through links
        } catch (IOException e) {
            return false;
        }
    }

    /** Read-only by its mode: root may write anything, and would otherwise replace a file its owner protected. */
    private static boolean isReadOnly(Path file) {
        try {
            int mode = (Integer) Files.getAttribute(file, "unix:mode");
            return (mode & 0222) == 0 || !Files.isWritable(file);
        } catch (IOException | UnsupportedOperationException e) {
            return !Files.isWritable(file);
        }
    }
}
