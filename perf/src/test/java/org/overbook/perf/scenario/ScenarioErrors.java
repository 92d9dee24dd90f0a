package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.guest.ConfigurationException;

/** Assertions on a configuration error: the field it names and what its message mentions. */
final class ScenarioErrors {

    private ScenarioErrors() {
    }

    static void assertError(ConfigurationException e, String field, String... mentions) {
        assertEquals(field, e.field(), e.getMessage());
        for (String mention : mentions) {
            assertTrue(e.getMessage().contains(mention), "'" + e.getMessage() + "' should mention '" + mention + "'");
        }
    }
}
