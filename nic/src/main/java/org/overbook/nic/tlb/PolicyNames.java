package org.overbook.nic.tlb;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Looks up an enum constant by the name a scenario file uses, with an error that lists the accepted names. */
final class PolicyNames {
    private PolicyNames() {}

    static <E extends Enum<E>> E parse(String what, E[] values, Function<E, String> nameOf, String name) {
        if (name != null) {
            String wanted = name.strip().toLowerCase(Locale.ROOT);
            for (E value : values) {
                if (nameOf.apply(value).equals(wanted)) {
                    return value;
                }
            }
        }
        throw new IllegalArgumentException(
                "unknown " + what + " '" + name + "'; accepted values: " + String.join(", ", names(values, nameOf)));
    }

    static <E extends Enum<E>> List<String> names(E[] values, Function<E, String> nameOf) {
        return Arrays.stream(values).map(nameOf).toList();
    }
}
