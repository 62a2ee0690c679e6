package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.stream.IntStream;
import org.ompdexplorer.model.IdRanges;

/**
 * A set of MPI ranks, immutable, written compressed as STAT and TotalView write them: {@code 0-16,18-255}. One bit a
 * rank, so the set of 10,000 ranks takes 1.2 KB.
 */
public final class RankSet implements Comparable<RankSet> {
    /** No rank. */
    public static final RankSet EMPTY = new RankSet(new BitSet());
    private final BitSet bits;

    private RankSet(BitSet bits) {
        this.bits = bits;
    }

    public static RankSet of(int... ranks) {
        BitSet bits = new BitSet();
        for (int r : ranks) {
            bits.set(r);
        }
        return new RankSet(bits);
    }

    public static RankSet of(Collection<Integer> ranks) {
        BitSet bits = new BitSet();
        ranks.forEach(bits::set);
        return new RankSet(bits);
    }

    /** Ranks {@code 0..size-1}. */
    public static RankSet range(int size) {
        BitSet bits = new BitSet();
        bits.set(0, size);
        return new RankSet(bits);
    }

    public RankSet with(int rank) {
        BitSet copy = (BitSet) bits.clone();
        copy.set(rank);
        return new RankSet(copy);
    }

    public RankSet union(RankSet other) {
        BitSet copy = (BitSet) bits.clone();
        copy.or(other.bits);
        return new RankSet(copy);
    }

    public RankSet minus(RankSet other) {
        BitSet copy = (BitSet) bits.clone();
        copy.andNot(other.bits);
        return new RankSet(copy);
    }

    public boolean contains(int rank) {
        return rank >= 0 && bits.get(rank);
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    /** The lowest rank; -1 when empty. */
    public int first() {
        return bits.nextSetBit(0);
    }

    public IntStream stream() {
        return bits.stream();
    }

    public List<Integer> toList() {
        List<Integer> out = new ArrayList<>(size());
        bits.stream().forEach(out::add);
        return out;
    }

    /** {@code rank 17} or {@code ranks 0-16,18-255}. */
    public String named() {
        return (size() == 1 ? "rank " : "ranks ") + this;
    }

    /** Ascending by lowest rank, then the smaller set first. */
    @Override
    public int compareTo(RankSet o) {
        int c = Integer.compare(first(), o.first());
        return c != 0 ? c : Integer.compare(size(), o.size()) != 0 ? Integer.compare(size(), o.size())
                : toString().compareTo(o.toString());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RankSet other && bits.equals(other.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    /** The compressed list, {@code 0-16,18-255}. */
    @Override
    public String toString() {
        return IdRanges.format(bits.stream().mapToObj(r -> (long) r).toList(), "");
    }
}
