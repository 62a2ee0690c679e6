package org.ompdexplorer.model;

import java.util.Collection;

/**
 * An OMPD return code ({@code ompd_rc_t}), kept with every value the runtime could not give. Open: a newer
 * library's codes are carried by name.
 */
public final class ReturnCode extends OpenEnum {
    private static final Registry<ReturnCode> REGISTRY = new Registry<>(ReturnCode::new);
    public static final ReturnCode OK = REGISTRY.define("ok");
    public static final ReturnCode UNAVAILABLE = REGISTRY.define("unavailable");
    public static final ReturnCode STALE_HANDLE = REGISTRY.define("stale_handle");
    public static final ReturnCode BAD_INPUT = REGISTRY.define("bad_input");
    public static final ReturnCode ERROR = REGISTRY.define("error");
    public static final ReturnCode UNSUPPORTED = REGISTRY.define("unsupported");
    public static final ReturnCode NEEDS_STATE_TRACKING = REGISTRY.define("needs_state_tracking");
    public static final ReturnCode INCOMPATIBLE = REGISTRY.define("incompatible");
    public static final ReturnCode DEVICE_READ_ERROR = REGISTRY.define("device_read_error");
    public static final ReturnCode DEVICE_WRITE_ERROR = REGISTRY.define("device_write_error");
    public static final ReturnCode NOMEM = REGISTRY.define("nomem");
    public static final ReturnCode INCOMPLETE = REGISTRY.define("incomplete");
    public static final ReturnCode CALLBACK_ERROR = REGISTRY.define("callback_error");

    private static final ReturnCode[] BY_CODE = REGISTRY.values().toArray(ReturnCode[]::new);

    private ReturnCode(String name, boolean known) {
        super(name, known);
    }

    public static ReturnCode of(String name) {
        return REGISTRY.of(name);
    }

    /** The return code for a numeric {@code ompd_rc_t}; an unknown number is kept as {@code rc_<n>}. */
    public static ReturnCode ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : REGISTRY.of("rc_" + code);
    }

    public static Collection<ReturnCode> known() {
        return REGISTRY.values();
    }

    /** What a user can do about a value missing for this reason, or an empty string. */
    public String advice() {
        if (this.equals(NEEDS_STATE_TRACKING)) {
            return "run the program with OMP_DEBUG=enabled so that the runtime tracks this state";
        }
        if (this.equals(UNSUPPORTED)) {
            return "the runtime or the capture source does not provide this value";
        }
        if (this.equals(INCOMPATIBLE)) {
            return "this value has no integer form; see its string form";
        }
        return "";
    }
}
