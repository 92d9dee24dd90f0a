package org.overbook.guest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An entry of a registry as a scenario names it: by its name alone ({@code clock}), or as a section of its name and its
 * parameters ({@code {name: clock, params: {handspread: 16MiB}}}), the form a workload is always written in. The
 * parameters are read by the entry's factory, through {@link Parameters}, which refuses any it does not read.
 *
 * @param name    the registered name
 * @param params  the parameters as the scenario gives them, in file order: numbers ({@link Long}, {@link Double}), text
 *                (sizes, durations, names), booleans, and lists of text
 * @param section whether the scenario wrote the section form, whose name is the field {@code name} of the section (so
 *                that an unknown name is reported there)
 */
public record Named(String name, Map<String, Object> params, boolean section) {

    public Named {
        Objects.requireNonNull(name, "name");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** Returns {@code name} written alone, without parameters: what a scenario that names a bare policy gives. */
    public static Named of(String name) {
        return new Named(name, Map.of(), false);
    }

    /** Returns {@code name} with {@code params}, as the section form writes them. */
    public static Named of(String name, Map<String, ?> params) {
        return new Named(name, new LinkedHashMap<>(params), true);
    }

    /** Returns where the name sits, for an error about it: {@code field} itself, or its {@code name} in the section form. */
    public String nameField(String field) {
        return section ? field + ".name" : field;
    }

    /** Returns the parameters to hand the factory of the entry named at {@code field}, reporting under {@code <field>.params}. */
    public Parameters parameters(String field) {
        return new Parameters(field + ".params", params);
    }

    /** Returns the name, followed by the parameters when there are any: {@code clock (handspread: 16MiB)}. */
    @Override
    public String toString() {
        if (params.isEmpty()) {
            return name;
        }
        return name + " (" + String.join(", ", params.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()) + ")";
    }
}
