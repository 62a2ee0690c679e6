package org.ompdexplorer.importers.ompd;

import java.util.function.Function;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ReturnCode;

/**
 * What one OMPD call returned: its {@code ompd_rc_t} and, when that is {@code ompd_rc_ok}, the value of its out
 * parameter.
 *
 * @param rc    the return code
 * @param value the value; {@code null} unless {@code rc} is {@link #OK}
 * @param call  the OMPD function called, e.g. {@code "ompd_get_state"}, for messages and unavailable facts
 */
record OmpdResult<T>(int rc, T value, String call) {
    static final int OK = 0;
    static final int UNAVAILABLE = 1;
    static final int STALE_HANDLE = 2;
    static final int BAD_INPUT = 3;
    static final int ERROR = 4;
    static final int UNSUPPORTED = 5;
    static final int NEEDS_STATE_TRACKING = 6;
    static final int NOMEM = 10;
    static final int CALLBACK_ERROR = 12;

    static <T> OmpdResult<T> ok(T value, String call) {
        return new OmpdResult<>(OK, value, call);
    }

    static <T> OmpdResult<T> failed(int rc, String call) {
        return new OmpdResult<>(rc, null, call);
    }

    boolean isOk() {
        return rc == OK;
    }

    /** The return code as the model names it. */
    ReturnCode code() {
        return ReturnCode.ofCode(rc);
    }

    /** The value as a known fact, or this call's failure as an unavailable fact. */
    Fact<T> fact() {
        return isOk() ? Fact.of(value) : Fact.unavailable(code(), call);
    }

    /** The value mapped into a known fact, or this call's failure as an unavailable fact. */
    <R> Fact<R> fact(Function<? super T, ? extends R> f) {
        return isOk() ? Fact.of(f.apply(value)) : Fact.unavailable(code(), call);
    }

    /** This call's failure as an unavailable fact of any type (only for a failed result). */
    <R> Fact<R> failure() {
        if (isOk()) {
            throw new IllegalStateException(call + " succeeded");
        }
        return Fact.unavailable(code(), call);
    }

    /** {@code call → rc name}, for messages. */
    String describe() {
        return call + " returned ompd_rc_" + code().name();
    }
}
