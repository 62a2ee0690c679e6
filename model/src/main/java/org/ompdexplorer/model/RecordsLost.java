package org.ompdexplorer.model;

import java.util.Objects;

/**
 * What the tool that took a snapshot could not keep: records it dropped because a bound was reached. The
 * snapshot says so rather than losing them silently.
 *
 * @param what  the kind of record, in the tool's words (the agent: {@code tasks}, {@code parallel regions},
 *              {@code dependences}, {@code dependence edges}, {@code records in the copy}, …)
 * @param count how many, at least 1
 * @param bound the bound that was reached and how to raise it (e.g. {@code OMPD_EXPLORER_MAX_TASKS=65536}), or
 *              {@code null}
 */
public record RecordsLost(String what, long count, String bound) {
    public RecordsLost {
        Objects.requireNonNull(what, "what");
        if (count < 1) {
            throw new IllegalArgumentException("a loss counts at least one record");
        }
    }
}
