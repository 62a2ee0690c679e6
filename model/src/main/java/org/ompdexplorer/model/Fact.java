package org.ompdexplorer.model;

import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Function;

/**
 * A value read from the runtime: {@link Known}, {@link Unavailable} with the OMPD return code that explains why,
 * or {@link Absent} when the source does not carry it at all. A value the runtime could not give is data, not
 * an exception.
 */
public sealed interface Fact<T> permits Fact.Known, Fact.Unavailable, Fact.Absent {

    static <T> Fact<T> of(T value) {
        return new Known<>(value);
    }

    /** {@code value} when it is non-null, else {@link #absent()}. */
    static <T> Fact<T> ofNullable(T value) {
        return value == null ? absent() : new Known<>(value);
    }

    static <T> Fact<T> unavailable(ReturnCode code, String detail) {
        return new Unavailable<>(code, detail == null ? "" : detail);
    }

    @SuppressWarnings("unchecked")
    static <T> Fact<T> absent() {
        return (Fact<T>) Absent.INSTANCE;
    }

    default boolean isKnown() {
        return this instanceof Known;
    }

    default Optional<T> asOptional() {
        return this instanceof Known<T>(T v) ? Optional.of(v) : Optional.empty();
    }

    default T orElse(T other) {
        return this instanceof Known<T>(T v) ? v : other;
    }

    default T get() {
        if (this instanceof Known<T>(T v)) {
            return v;
        }
        throw new NoSuchElementException("no known value: " + this);
    }

    /** Maps a known value; an unavailable or absent fact stays as it is. */
    @SuppressWarnings("unchecked")
    default <R> Fact<R> map(Function<? super T, ? extends R> f) {
        return this instanceof Known<T>(T v) ? new Known<>(f.apply(v)) : (Fact<R>) this;
    }

    /** A value the runtime gave. */
    record Known<T>(T value) implements Fact<T> {
        public Known {
            if (value == null) {
                throw new IllegalArgumentException("a known fact needs a value");
            }
        }

        @Override
        public String toString() {
            return String.valueOf(value);
        }
    }

    /** A value the runtime refused, with its return code and what was being read. */
    record Unavailable<T>(ReturnCode code, String detail) implements Fact<T> {
        @Override
        public String toString() {
            return "unavailable (" + code + (detail.isEmpty() ? "" : ": " + detail) + ")";
        }
    }

    /** A value this kind of source does not carry. */
    final class Absent<T> implements Fact<T> {
        private static final Absent<?> INSTANCE = new Absent<>();

        private Absent() {
        }

        @Override
        public String toString() {
            return "absent";
        }
    }
}
