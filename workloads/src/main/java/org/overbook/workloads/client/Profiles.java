package org.overbook.workloads.client;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.workloads.load.KeyFormat;

/** Parameter reading the profiles share. */
final class Profiles {

    private Profiles() {
    }

    /** Reads {@code key-prefix}: printable ASCII without spaces, not starting with a digit. */
    static KeyFormat keyFormat(WorkloadParameters p, String defaultPrefix) {
        String prefix = p.string("key-prefix", defaultPrefix);
        try {
            return new KeyFormat(prefix);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(p.field("key-prefix"), e.getMessage());
        }
    }
}
