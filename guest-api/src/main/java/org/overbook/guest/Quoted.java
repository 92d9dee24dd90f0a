package org.overbook.guest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value quoted into an error message ({@code 'pin-some'}), cut short when it is long: an error names what is wrong in
 * one line, and a name of a megabyte, pasted by mistake, would make that line a megabyte. Past {@value #LONGEST}
 * characters, the quote keeps the first {@value #KEPT} and says how many there were: {@code 'aaaa…' (1048576 characters)}.
 *
 * <p>{@link #line} holds a whole message to the same rule, whatever its parts: a whole number of more than
 * {@value #LONGEST_NUMBER} digits keeps its first and last {@value #NUMBER_ENDS} ({@code 9999…9999 (500 digits)}), and a
 * word (a path, a field path, a value quoted whole) of more than {@value #LONGEST_WORD} characters its first and last
 * {@value #WORD_ENDS} ({@code runs/aaaa…aaaa.yaml (517 characters)}).
 */
public final class Quoted {

    /** The longest value quoted whole. */
    static final int LONGEST = 80;
    /** The characters kept of a longer one. */
    static final int KEPT = 60;
    /** The most digits a whole number is given with in full: a {@code long} has 19. */
    static final int LONGEST_NUMBER = 40;
    /** The digits kept at each end of a longer number. */
    static final int NUMBER_ENDS = 4;
    /** The longest word a message keeps whole. */
    static final int LONGEST_WORD = 120;
    /** The characters kept at each end of a longer word. */
    static final int WORD_ENDS = 40;

    /** A whole number of more digits than {@value #LONGEST_NUMBER}, unless {@link #excerpt} has cut it (an ellipsis follows). */
    private static final Pattern LONG_NUMBER = Pattern.compile("(?<![0-9])[0-9]{" + (LONGEST_NUMBER + 1) + ",}+(?!…)");
    /** A run of more non-blank characters than {@value #LONGEST_WORD}. */
    private static final Pattern LONG_WORD = Pattern.compile("\\S{" + (LONGEST_WORD + 1) + ",}");

    /** What may follow a word to end a clause ({@code field: problem}, {@code a; b}, {@code a, b}). */
    private static final String CLAUSE_ENDS = ":;,";

    private Quoted() {
    }

    /**
     * Returns {@code value} in single quotes, its first {@value #KEPT} characters and its length if it is long; a value
     * left out (null) as {@code 'null'}, as a string concatenation would quote it.
     */
    public static String of(String value) {
        String text = String.valueOf(value);
        return text.length() <= LONGEST ? "'" + text + "'"
                : "'" + excerpt(text) + "' (" + text.codePointCount(0, text.length()) + " characters)";
    }

    /** Returns {@code value} unquoted, cut as {@link #of} cuts it but without its length: for a field's path. */
    public static String excerpt(String value) {
        if (value == null || value.length() <= LONGEST) {
            return value;
        }
        // a character outside the Basic Multilingual Plane is two chars: the cut does not split one
        return value.substring(0, Character.isHighSurrogate(value.charAt(KEPT - 1)) ? KEPT - 1 : KEPT) + "…";
    }

    /**
     * Returns {@code message} with every whole number of more than {@value #LONGEST_NUMBER} digits cut to its ends and its
     * length, {@code 9999…9999 (500 digits)}, then every word of more than {@value #LONGEST_WORD} characters cut to its
     * ends and its length; a message with neither is returned as it is.
     */
    public static String line(String message) {
        if (message == null) {
            return null;
        }
        String numbers = LONG_NUMBER.matcher(message).replaceAll(m -> Matcher.quoteReplacement(number(m.group())));
        return LONG_WORD.matcher(numbers).replaceAll(m -> Matcher.quoteReplacement(word(m.group())));
    }

    private static String number(String digits) {
        return digits.substring(0, NUMBER_ENDS) + "…" + digits.substring(digits.length() - NUMBER_ENDS) + " ("
                + digits.length() + " digits)";
    }

    /** Returns {@code run} cut to its ends and its length; the punctuation that ends a clause stays after the length. */
    private static String word(String run) {
        int end = run.length();
        while (end > 0 && CLAUSE_ENDS.indexOf(run.charAt(end - 1)) >= 0) {
            end--;
        }
        String word = run.substring(0, end);
        int characters = word.codePointCount(0, word.length());
        if (characters <= LONGEST_WORD) {
            return run;
        }
        // counted in code points, as the pattern counts: a character outside the Basic Multilingual Plane is not split
        return word.substring(0, word.offsetByCodePoints(0, WORD_ENDS)) + "…"
                + word.substring(word.offsetByCodePoints(word.length(), -WORD_ENDS)) + " (" + characters + " characters)"
                + run.substring(end);
    }
}
