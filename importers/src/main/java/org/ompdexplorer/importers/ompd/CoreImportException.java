package org.ompdexplorer.importers.ompd;

import java.util.List;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * A core file could not be imported through libompd. The {@link #reason()} says which situation it is; the
 * message names the files involved and what to do, and is fit to show as is.
 */
public final class CoreImportException extends SnapshotLoadException {
    private static final long serialVersionUID = 1L;

    /** The situations a core import can fail in; each has a stable diagnostic code. */
    public enum Reason {
        /** The core cannot be read, or is not an x86-64 Linux core. */
        NOT_A_CORE("not-a-core"),
        /** The core is cut off: its headers, notes or the memory of the runtime's state are missing. */
        TRUNCATED_CORE("truncated-core"),
        /** The executable given (or found) is not the one the core was written from. */
        EXECUTABLE_MISMATCH("executable-mismatch"),
        /** The executable or a library the process had mapped is not found on this machine. */
        FILE_NOT_FOUND("file-not-found"),
        /** The process had no OpenMP runtime (libomp) loaded. */
        NOT_OPENMP("not-openmp"),
        /** The runtime found here is not the one the process had (different build-id). */
        RUNTIME_MISMATCH("runtime-mismatch"),
        /** The runtime is stripped and its debug file was not found: libompd needs its local symbols. */
        STRIPPED_RUNTIME("stripped-runtime"),
        /** The runtime was built without OMPD support. */
        RUNTIME_WITHOUT_OMPD("runtime-without-ompd"),
        /** No OMPD library (libompd.so) was found, or it cannot be loaded. */
        NO_OMPD_LIBRARY("no-ompd-library"),
        /** The JVM does not allow native access for this module. */
        NATIVE_ACCESS_DENIED("native-access-denied"),
        /** libompd refused the core ({@code ompd_initialize} or {@code ompd_process_initialize} failed). */
        OMPD_REFUSED("ompd-refused"),
        /** The user cancelled the import. */
        CANCELLED("cancelled");

        private final String code;

        Reason(String code) {
            this.code = code;
        }

        /** The diagnostic code, e.g. {@code stripped-runtime}. */
        public String code() {
            return code;
        }
    }

    private final Reason reason;

    /**
     * @param input   the core's path
     * @param reason  the situation
     * @param message what is wrong, naming the files
     * @param fix     what the user can do
     * @param cause   the underlying exception, or {@code null}
     */
    public CoreImportException(String input, Reason reason, String message, String fix, Throwable cause) {
        super(input, fix.isEmpty() ? message : message + ". " + Character.toUpperCase(fix.charAt(0)) + fix.substring(1),
                List.of(Diagnostic.error(reason.code(), message, fix, Location.inInput(input, 0, 0, null))), cause);
        this.reason = reason;
    }

    /** Which situation this is. */
    public Reason reason() {
        return reason;
    }
}
