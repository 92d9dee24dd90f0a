package org.overbook.guest;

import java.util.Collection;

/**
 * "Did you mean ...?" for a misspelt name (a scenario's field, a workload's parameter): the accepted name nearest by
 * edit distance, if near enough; and for a size that must be a power of two, the powers of two nearest it.
 */
public final class Suggestions {

    private Suggestions() {
    }

    /**
     * Returns {@code " (did you mean x?)"}, or an empty string when nothing accepted is close to {@code wrong} (or it
     * is missing: null).
     */
    public static String didYouMean(String wrong, Collection<String> accepted) {
        if (wrong == null) {
            return "";
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : accepted) {
            int d = distance(wrong, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        int tolerance = Math.max(1, Math.min(3, wrong.length() / 3));
        return best != null && bestDistance <= tolerance ? " (did you mean " + best + "?)" : "";
    }

    /**
     * Returns the powers of two nearest {@code n} (not one itself), for a message refusing it as a size that must be one:
     * {@code "the nearest are 256 and 512"} for 500, {@code "the smallest is 1"} for 0 or less, and {@code "the
     * nearest is 1073741824"} past it, the largest an {@code int} holds.
     */
    public static String powersOfTwoNear(long n) {
        if (n < 1) {
            return "the smallest is 1";
        }
        long below = Long.highestOneBit(Math.min(n, Integer.MAX_VALUE));
        return below == 1L << 30 ? "the nearest is " + below : "the nearest are " + below + " and " + (below << 1);
    }

    /** Returns the Levenshtein distance between two strings. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
