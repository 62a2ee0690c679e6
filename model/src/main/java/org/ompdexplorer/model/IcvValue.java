package org.ompdexplorer.model;

/**
 * The value of one ICV in one scope ({@code ompd_get_icv_from_scope} and
 * {@code ompd_get_icv_string_from_scope}): an integer form, a string form, or both, each possibly unavailable.
 */
public record IcvValue(IcvId icv, Fact<Long> integer, Fact<String> string) {
    public IcvValue {
        if (icv == null || integer == null || string == null) {
            throw new IllegalArgumentException("an ICV value needs an id and both forms (absent when not read)");
        }
    }

    public static IcvValue ofInteger(IcvId icv, long value) {
        return new IcvValue(icv, Fact.of(value), Fact.absent());
    }

    /** The string form when known, else the integer form, else why neither is. */
    public String display() {
        if (string.isKnown()) {
            return string.get();
        }
        if (integer.isKnown()) {
            return Long.toString(integer.get());
        }
        return integer instanceof Fact.Unavailable<Long> ? integer.toString() : string.toString();
    }
}
