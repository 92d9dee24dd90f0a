package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Collections;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A registry of policies takes factories of both shapes, a plain {@link java.util.function.Supplier} and a
 * {@link PolicyFactory}; the second gets the scenario's parameters and the generator it is handed, and a parameter a
 * factory does not read, all of them for the first shape, is refused naming it, unless the factory declares that it
 * accepts it (a parameter it reads in one mode alone).
 */
class PolicyRegistryTest {

    private static final String FIELD = "x.greeting";

    private static final class Greetings extends PolicyRegistry<String> {
        Greetings() {
            super("greeting");
            register("hello", "says hello", () -> "hello");
            register("repeat", "says a word some times, and a number it draws", (parameters, random) -> String.join(" ",
                    Collections.nCopies((int) parameters.integer("times", 1, 1, 9), parameters.string("word", "hi")))
                    + " " + random.nextInt(100));
            register("pace", "a pause between words: a fixed one, or one drawn around a mean", (parameters, random) -> {
                parameters.accepts("every", "mean"); // each read in one mode only
                return parameters.choice("mode", "fixed", "fixed", "drawn").equals("fixed")
                        ? "every " + parameters.nanos("every", 1_000, 1, 1_000_000)
                        : "about " + parameters.nanos("mean", 1_000, 1, 1_000_000);
            });
        }
    }

    private final Greetings greetings = new Greetings();

    @Test
    void theParametersAndTheGeneratorReachTheFactoryThatTakesThem() {
        assertEquals("hello", greetings.create(FIELD, Named.of("hello"), new SplittableRandom(1)));
        assertEquals("hello", greetings.create(FIELD, Named.of("hello", Map.of()), new SplittableRandom(1)));
        assertEquals("ho ho ho " + new SplittableRandom(7).nextInt(100),
                greetings.create(FIELD, Named.of("repeat", Map.of("times", 3L, "word", "ho")), new SplittableRandom(7)));
        assertEquals("hi " + new SplittableRandom(8).nextInt(100), greetings.create(FIELD, Named.of("repeat"), new SplittableRandom(8)));
    }

    @Test
    void aParameterTheFactoryDoesNotReadIsRefusedNamingIt() {
        assertEquals(FIELD + ".params.loud: unknown parameter; accepted: none", assertThrows(ConfigurationException.class,
                () -> greetings.create(FIELD, Named.of("hello", Map.of("loud", true)), new SplittableRandom(1))).getMessage());
        assertEquals(FIELD + ".params.time: unknown parameter; accepted: times, word (did you mean times?)",
                assertThrows(ConfigurationException.class, () -> greetings.create(FIELD, Named.of("repeat", Map.of("time", 3L)),
                        new SplittableRandom(1))).getMessage());
        assertEquals(FIELD + ".params.times: 10 is out of range; accepted: 1 to 9", assertThrows(ConfigurationException.class,
                () -> greetings.create(FIELD, Named.of("repeat", Map.of("times", 10L)), new SplittableRandom(1))).getMessage());
    }

    @Test
    void aParameterTheFactoryAcceptsButDoesNotReadInThisConfigurationIsNoError() {
        assertEquals("about 2000", greetings.create(FIELD, Named.of("pace", Map.of("mode", "drawn", "every", "5us", "mean", "2us")),
                new SplittableRandom(1)));
        assertEquals("every 5000", greetings.create(FIELD, Named.of("pace", Map.of("every", "5us", "mean", "2us")),
                new SplittableRandom(1)));
    }

    @Test
    void aMisspeltParameterIsStillRefusedNamingItAndTheAcceptedOnes() {
        assertEquals(FIELD + ".params.evry: unknown parameter; accepted: every, mean, mode (did you mean every?)",
                assertThrows(ConfigurationException.class, () -> greetings.create(FIELD,
                        Named.of("pace", Map.of("mode", "drawn", "evry", "5us")), new SplittableRandom(1))).getMessage());
    }

    @Test
    void anUnknownNameIsReportedWhereItIsWritten() {
        assertEquals(FIELD + ".name", assertThrows(ConfigurationException.class,
                () -> greetings.create(FIELD, Named.of("helo", Map.of()), new SplittableRandom(1))).field());
        assertEquals(FIELD, assertThrows(ConfigurationException.class,
                () -> greetings.create(FIELD, Named.of("helo"), new SplittableRandom(1))).field());
    }

    @Test
    void aFactoryThatTakesParametersIsNotMadeAsAPlainSupplier() {
        PolicyFactory<String> factory = (parameters, random) -> "made";
        assertThrows(UnsupportedOperationException.class, factory::get);
    }
}
