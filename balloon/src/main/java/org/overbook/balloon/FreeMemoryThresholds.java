package org.overbook.balloon;

import org.overbook.guest.ConfigurationException;

/**
 * The free-memory thresholds that separate the {@link MemoryState}s, as fractions of host RAM.
 *
 * @param high leave SOFT for HIGH once free memory reaches this (ESX: 6 %)
 * @param soft leave HIGH for SOFT below this; leave HARD for SOFT once reached (ESX: 4 %)
 * @param hard leave SOFT for HARD below this; leave LOW for HARD once reached (ESX: 2 %)
 * @param low  leave HARD for LOW below this (ESX: 1 %)
 */
public record FreeMemoryThresholds(double high, double soft, double hard, double low) {

    /** VMware ESX's defaults: 6, 4, 2 and 1 % of host memory (Waldspurger, OSDI 2002, §6.3). */
    public static final FreeMemoryThresholds ESX = new FreeMemoryThresholds(0.06, 0.04, 0.02, 0.01);

    /**
     * Checks that {@code 0 < low < hard < soft < high < 1}.
     *
     * @param field where the thresholds sit in the scenario, for messages
     * @throws ConfigurationException naming the first threshold out of order
     */
    public void validate(String field) {
        if (!(low > 0 && low < 1)) {
            throw new ConfigurationException(field + ".low", low + " is not a fraction in (0, 1)");
        }
        requireAbove(field + ".hard", hard, "low", low);
        requireAbove(field + ".soft", soft, "hard", hard);
        requireAbove(field + ".high", high, "soft", soft);
        if (!(high < 1)) {
            throw new ConfigurationException(field + ".high", high + " is not a fraction below 1");
        }
    }

    private static void requireAbove(String field, double value, String lowerName, double lower) {
        if (!(value > lower && value < 1)) {
            throw new ConfigurationException(field, value + " must be a fraction above the " + lowerName
                    + " threshold (" + lower + ") and below 1");
        }
    }
}
