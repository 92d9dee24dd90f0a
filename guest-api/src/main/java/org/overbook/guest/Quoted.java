package org.overbook.guest;

/**
 * A value quoted into an error message ({@code 'pin-some'}), cut short when it is long: an error names what is wrong in
 * one line, and a name of a megabyte, pasted by mistake, would make that line a megabyte. Past {@value #LONGEST}
 * characters, the quote keeps the first {@value #KEPT} and says how many there were: {@code 'aaaa…' (1048576 characters)}.
 */
public final class Quoted {

    /** The longest value quoted whole. */
    static final int LONGEST = 80;
    /** The characters kept of a longer one. */
    static final int KEPT = 60;

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
}
