package org.overbook.perf.reproduce;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Suggestions;

/**
 * The presets by name, one per headline result of docs/ARCHITECTURE.md, in its order (after Caffeine's simulator
 * Registry: each entry built by its family's factory, keyed by the name the command line uses).
 */
public final class Presets {

    private static final Map<String, Preset> PRESETS;

    static {
        Map<String, Preset> presets = new LinkedHashMap<>();
        for (Preset preset : List.of(NpfMemcachedPreset.preset(), ReceiveFaultsPreset.preset(), PinDownCachePreset.preset(),
                NetVmPreset.preset(), OdpMpiPreset.preset(), PartPreset.preset(), EsxPreset.preset(), TlbSharingPreset.preset())) {
            if (presets.put(preset.name(), preset) != null) {
                throw new IllegalStateException("two presets called " + preset.name());
            }
        }
        PRESETS = Collections.unmodifiableMap(presets);
    }

    private Presets() {
    }

    /** Returns every preset, in the order of docs/ARCHITECTURE.md's headline results. */
    public static Collection<Preset> all() {
        return PRESETS.values();
    }

    /**
     * Returns the presets called {@code names}, in the order given, each once.
     *
     * @param field    how the command line names the argument, for the error
     * @param everyOne the command's option that asks for every preset ({@code --all}), which the error offers too
     * @throws ConfigurationException naming the first unknown name and listing the known ones
     */
    public static List<Preset> named(String field, String everyOne, List<String> names) {
        List<Preset> out = new ArrayList<>();
        for (String name : names) {
            Preset preset = PRESETS.get(name);
            if (preset == null) {
                throw new ConfigurationException(field, "unknown preset '" + name + "'; accepted: "
                        + String.join(", ", PRESETS.keySet()) + " (or " + everyOne + ")"
                        + Suggestions.didYouMean(name, PRESETS.keySet()));
            }
            if (!out.contains(preset)) {
                out.add(preset);
            }
        }
        return out;
    }

    /** Returns each preset's name and one-line title, in the order of docs/ARCHITECTURE.md's headline results. */
    public static Map<String, String> descriptions() {
        Map<String, String> out = new LinkedHashMap<>();
        PRESETS.forEach((name, preset) -> out.put(name, preset.title()));
        return out;
    }
}
