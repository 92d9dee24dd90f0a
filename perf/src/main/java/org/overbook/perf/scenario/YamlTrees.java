package org.overbook.perf.scenario;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.overbook.guest.ConfigurationException;

/**
 * Reads YAML text into a tree, merges a user's tree over the reference, and writes a tree back.
 *
 * <p>Merge rule: sections merge field by field, recursively; anything else (a value, a list) in the
 * user's file replaces the reference's whole, so a list of tenants replaces the reference's
 * {@code count} + {@code template}. One exception: a {@code workload}, or a policy written as a section of its name and
 * parameters ({@link NamedFields}), that names a different one replaces the reference's whole, since parameters belong
 * to what they were written for. A field left empty ({@code params:}) keeps the reference's value.
 */
final class YamlTrees {

    /** The most characters a scenario file may have: the parser's limit (SnakeYAML's default code point limit, 3 MiB). */
    static final int MAX_CHARACTERS = 3 << 20;

    private static final YAMLMapper MAPPER = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build();

    /** The prefix of YAML's own tags ({@code !!int} is {@code tag:yaml.org,2002:int}), which the parser reads. */
    private static final String YAML_TAGS = "tag:yaml.org,2002:";

    private YamlTrees() {
    }

    /**
     * Parses {@code text}; {@code source} names the file in errors. An empty file is an empty section. A second
     * document (after {@code ---}) is refused: YAML readers take the first alone, so whatever it set would be lost.
     */
    static ObjectNode parse(String text, String source) {
        JsonNode root;
        try (JsonParser parser = MAPPER.createParser(text)) {
            refuseAliases(text, source);
            root = MAPPER.readTree(parser);
            if (parser.nextToken() != null) {
                throw new ConfigurationException(source, "line " + parser.currentLocation().getLineNr() + ": a second YAML "
                        + "document (after ---), which would be ignored; accepted: one document, a scenario per file");
            }
        } catch (JacksonException e) {
            throw YamlErrors.refusal(e, source, text.length());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a string
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (!root.isObject()) {
            throw new ConfigurationException(source, "a scenario is a section of fields (seed, host, nic, tenants, ...), not "
                    + Section.describe(root));
        }
        return (ObjectNode) root;
    }

    /**
     * Refuses the first YAML alias ({@code *name}) in {@code text}: the parser hands an alias over as the text of
     * its anchor's name, not as the value anchored there, so a field would silently read {@code 'name'}. Refuses a
     * value's tag too, unless it is one of YAML's own ({@code !!str}, {@code !!int}, ...): the parser drops another
     * ({@code seed: !foo 7} reads the text '7'), so the field would say the value is of the wrong type, not why.
     */
    private static void refuseAliases(String text, String source) throws IOException {
        try (JsonParser parser = MAPPER.createParser(text)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
                    throw YamlErrors.alias(yaml, yaml.getText(), source);
                }
                // a field's name carries the tag of the section it opens: only a value's own tag counts
                if (token != JsonToken.FIELD_NAME && token != JsonToken.END_OBJECT && token != JsonToken.END_ARRAY
                        && parser.getTypeId() instanceof String tag && !tag.startsWith(YAML_TAGS)) {
                    throw YamlErrors.tag((YAMLParser) parser, tag, source);
                }
            }
        }
    }

    /** Reads a resource of this package. */
    static String resource(String name) {
        try (InputStream in = YamlTrees.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns a new tree: {@code over} merged onto a copy of {@code base}. */
    static ObjectNode merge(ObjectNode base, ObjectNode over) {
        ObjectNode out = base.deepCopy();
        mergeInto(out, over, "");
        return out;
    }

    /**
     * A workload parameter spelt for one value or for several: the same parameter, so a file's {@code target} replaces
     * the {@code targets} of what it merges over (the reference's clients load {@code targets: ${servers}}), and the
     * converse; a section giving both is left for the workload to refuse.
     */
    private static final Map<String, String> ONE_AND_MANY = Map.of("target", "targets", "targets", "target",
            "peer", "peers", "peers", "peer");

    /** Merges {@code over} into {@code target}, the section at {@code path}. */
    private static void mergeInto(ObjectNode target, ObjectNode over, String path) {
        for (Map.Entry<String, JsonNode> entry : over.properties()) {
            String key = entry.getKey();
            String otherSpelling = path.endsWith("params") ? ONE_AND_MANY.get(key) : null;
            if (otherSpelling != null && !over.has(otherSpelling)) {
                target.remove(otherSpelling); // "target: s0" over a default "targets: ${servers}" means one target
            }
            JsonNode value = entry.getValue();
            JsonNode existing = target.get(key);
            if (value.isNull() && existing != null) {
                continue;
            }
            String at = Section.child(path, key);
            if (existing instanceof ObjectNode base && value instanceof ObjectNode section && !replacesEntry(at, key, base, section)) {
                mergeInto(base, section, at);
            } else {
                target.set(key, value.deepCopy());
            }
        }
    }

    /** Returns whether {@code over}, at {@code path}, names another workload or policy than {@code base} does. */
    private static boolean replacesEntry(String path, String key, ObjectNode base, ObjectNode over) {
        return ("workload".equals(key) || NamedFields.names(path)) && over.hasNonNull("name") && !over.get("name").equals(base.get("name"));
    }

    /** Writes {@code tree} as YAML. */
    static String write(JsonNode tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses one value written as YAML ({@code on-demand}, {@code 4GiB}, {@code 8}, {@code [a, b]}). */
    static JsonNode value(String text, String field) {
        try {
            JsonNode value = MAPPER.readTree(text);
            return value == null || value.isMissingNode() ? JsonNodeFactory.instance.nullNode() : value;
        } catch (JacksonException e) {
            throw new ConfigurationException(field, "'" + text + "' is not a YAML value: " + e.getOriginalMessage());
        }
    }
}
