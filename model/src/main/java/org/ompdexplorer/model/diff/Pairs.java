package org.ompdexplorer.model.diff;

import java.util.Arrays;

/** The A↔B pairs of one kind of entity, by position in each snapshot's list, with how each was made. */
final class Pairs {
    private final int[] aToB;
    private final int[] bToA;
    private final byte[] method; // by A position; MatchMethod ordinal, or -1
    private int count;

    Pairs(int sizeA, int sizeB) {
        aToB = new int[sizeA];
        bToA = new int[sizeB];
        method = new byte[sizeA];
        Arrays.fill(aToB, -1);
        Arrays.fill(bToA, -1);
        Arrays.fill(method, (byte) -1);
    }

    /** Pairs {@code a} with {@code b} unless either is paired already; returns whether it did. */
    boolean pair(int a, int b, MatchMethod how) {
        if (a < 0 || b < 0 || aToB[a] >= 0 || bToA[b] >= 0) {
            return false;
        }
        aToB[a] = b;
        bToA[b] = a;
        method[a] = (byte) how.ordinal();
        count++;
        return true;
    }

    int toB(int a) {
        return a < 0 ? -1 : aToB[a];
    }

    int toA(int b) {
        return b < 0 ? -1 : bToA[b];
    }

    boolean pairedA(int a) {
        return aToB[a] >= 0;
    }

    boolean pairedB(int b) {
        return bToA[b] >= 0;
    }

    MatchMethod method(int a) {
        return method[a] < 0 ? null : MatchMethod.values()[method[a]];
    }

    int sizeA() {
        return aToB.length;
    }

    int sizeB() {
        return bToA.length;
    }

    int count() {
        return count;
    }
}
