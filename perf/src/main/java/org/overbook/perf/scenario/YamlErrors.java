package org.overbook.perf.scenario;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.guest.ConfigurationException;

/**
 * Turns a YAML parser's error into the one line a configuration error prints: where (the line and column the
 * parser blames) and what, without the parser's excerpt of the file and its caret, which take several lines.
 */
final class YamlErrors {

    /** The place SnakeYAML names in its message: {@code  in 'reader', line 3, column 1:}. */
    private static final Pattern MARK = Pattern.compile("^\\s*in '[^']*', line (\\d+), column (\\d+):?\\s*$");
    /** SnakeYAML's refusal of a document past its size limit (3 MiB of characters by default). */
    private static final Pattern LIMIT = Pattern.compile("exceeds the limit: (\\d+) code points");

    /** The parser's refusal of YAML's infinities and not-a-number ({@code .inf}, {@code -.inf}, {@code .nan}). */
    private static final Pattern NON_FINITE = Pattern.compile("Malformed numeric value '([-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))'");

    private YamlErrors() {
    }

    /**
     * Returns the configuration error for {@code e}, raised while parsing {@code source}, a text of {@code length}
     * characters: a value the parser cannot read as a number, YAML's {@code .inf} or {@code .nan}, is named by its
     * field's path (no field takes one); anything else by the file, with {@link #describe}.
     */
    static ConfigurationException refusal(JacksonException e, String source, int length) {
        Matcher nonFinite = NON_FINITE.matcher(e.getOriginalMessage() == null ? "" : e.getOriginalMessage());
        if (nonFinite.find() && e.getProcessor() instanceof JsonParser parser && !path(parser.getParsingContext()).isEmpty()) {
            String value = nonFinite.group(1);
            String what = value.toLowerCase(Locale.ROOT).endsWith("nan") ? "YAML's not-a-number" : "YAML's "
                    + (value.startsWith("-") ? "negative " : "") + "infinity";
            return new ConfigurationException(path(parser.getParsingContext()), value + " is " + what + "; accepted: a finite"
                    + " value in the field's own form (such as 8, 0.5, 4GiB, 200ms or 56Gbps)");
        }
        return new ConfigurationException(source, describe(e, length));
    }

    /**
     * Returns the configuration error for the YAML alias {@code *name} that {@code parser} is at, naming its field (or {@code source}, the
     * file, where it is not in a section of fields) and its line.
     */
    static ConfigurationException alias(YAMLParser parser, String name, String source) {
        String field = path(parser.getParsingContext());
        return new ConfigurationException(field.isEmpty() ? source : field,
                "*" + name + " is a YAML alias (line " + parser.currentLocation().getLineNr() + "), which would be read as"
                        + " the text '" + name + "', not as the value anchored &" + name + "; accepted: the value written out"
                        + " (anchors and aliases are not supported)");
    }

    /**
     * Returns the refusal of a value tagged {@code tag} ({@code !foo}), which the parser would drop, naming its field.
     * At a section or a list the tag opens, the parser is already inside it: the field is the one it is the value of.
     */
    static ConfigurationException tag(YAMLParser parser, String tag, String source) {
        JsonStreamContext context = parser.currentToken().isStructStart() ? parser.getParsingContext().getParent()
                : parser.getParsingContext();
        String field = path(context);
        String written = tag.contains(":") ? "!<" + tag + ">" : "!" + tag;
        return new ConfigurationException(field.isEmpty() ? source : field, written + " is a YAML tag (line "
                + parser.currentLocation().getLineNr() + "), which would be dropped and the value read without it; accepted:"
                + " the value alone, untagged (YAML's own tags, such as !!str, are read)");
    }

    /**
     * Returns the field path of the value {@code context} is at ({@code tenants.template.memory}, {@code tenants[1].memory}),
     * or nothing if the file is not a section of fields.
     */
    private static String path(JsonStreamContext context) {
        String path = "";
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            String step = c.inArray() ? "[" + c.getCurrentIndex() + "]" : c.getCurrentName() == null ? "" : c.getCurrentName();
            path = step + (path.isEmpty() || path.startsWith("[") ? "" : ".") + path;
        }
        return path.startsWith("[") ? "" : path; // a file that is a list names no field: the file is at fault
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
