package org.overbook.perf.scenario;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a YAML parser's error into the one line a configuration error prints: where (the line and column the
 * parser blames) and what, without the parser's excerpt of the file and its caret, which take several lines.
 */
final class YamlErrors {

    /** The place SnakeYAML names in its message: {@code  in 'reader', line 3, column 1:}. */
    private static final Pattern MARK = Pattern.compile("^\\s*in '[^']*', line (\\d+), column (\\d+):?\\s*$");
    /** SnakeYAML's refusal of a document past its size limit (3 MiB of characters by default). */
    private static final Pattern LIMIT = Pattern.compile("exceeds the limit: (\\d+) code points");

    private YamlErrors() {
    }

    /** Describes {@code e}, raised while parsing a text of {@code length} characters. */
    static String describe(JacksonException e, int length) {
        String message = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        Matcher limit = LIMIT.matcher(message);
        if (limit.find()) {
            return "the file has " + length + " characters; accepted: at most " + limit.group(1) + " (a list of many"
                    + " values is better split over several files)";
        }
        String at = "";
        List<String> problem = new ArrayList<>();
        for (String line : message.split("\n")) {
            Matcher mark = MARK.matcher(line);
            if (mark.matches()) {
                at = "line " + mark.group(1) + ", column " + mark.group(2) + ": "; // the last mark is the problem's
            } else if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
                problem.add(line.strip());
            }
        }
        if (at.isEmpty()) {
            JsonLocation where = e.getLocation();
            at = where == null ? "" : "line " + where.getLineNr() + ", column " + where.getColumnNr() + ": ";
        }
        return "not valid YAML: " + at + String.join("; ", problem);
    }
}
