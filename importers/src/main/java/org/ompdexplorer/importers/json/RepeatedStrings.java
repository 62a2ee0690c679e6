package org.ompdexplorer.importers.json;

/**
 * Turns the parser's current characters into a String without allocating when the same text was seen recently:
 * symbols, file names and kinds repeat across a million tasks. A direct-mapped cache, so a collision only costs
 * one allocation.
 */
final class RepeatedStrings {
    private static final int SLOTS = 1024;
    private final String[] slots = new String[SLOTS];

    String of(char[] chars, int offset, int length) {
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + chars[offset + i];
        }
        int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
        String cached = slots[slot];
        if (cached != null && cached.length() == length && matches(cached, chars, offset)) {
            return cached;
        }
        String s = new String(chars, offset, length);
        slots[slot] = s;
        return s;
    }

    private static boolean matches(String s, char[] chars, int offset) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != chars[offset + i]) {
                return false;
            }
        }
        return true;
    }
}
