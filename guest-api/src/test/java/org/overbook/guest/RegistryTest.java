package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The shape every family shares: names in registration order, origins, and the errors a scenario or a jar can cause. */
class RegistryTest {

    private final Registry<Supplier<String>> registry = new Registry<>("greeting");

    @Test
    void anEntryIsFoundByNameWithItsDescriptionAndOrigin() {
        Supplier<String> hello = () -> "hello";
        registry.register("hello", "says hello", hello).register("bye", "says bye", () -> "bye");
        assertSame(hello, registry.factory("x.greeting", "hello"));
        assertEquals(List.of("hello", "bye"), List.copyOf(registry.descriptions().keySet()), "registration order");
        assertEquals(Map.of("hello", Registry.BUILT_IN, "bye", Registry.BUILT_IN), registry.origins());
        assertTrue(registry.contains("bye"));
    }

    @Test
    void anUnknownNameNamesTheFieldAndEveryAcceptedName() {
        registry.register("hello", "says hello", () -> "hello");
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> registry.factory("x.greeting", "helo"));
        assertEquals("x.greeting", e.field());
        assertEquals("x.greeting: unknown greeting 'helo'; accepted: hello (did you mean hello?)", e.getMessage());
        assertEquals("x.greeting: unknown greeting 'goodbye'; accepted: hello; no plug-in greeting is loaded: a plug-in's name is"
                + " accepted once its jar is (--plugins JAR, or OVERBOOK_PLUGINS)",
                assertThrows(ConfigurationException.class, () -> registry.factory("x.greeting", "goodbye")).getMessage(),
                "no suggestion when nothing accepted is near; with no plug-in registered, a jar left out is the likeliest cause");
        assertEquals("y: unknown greeting 'z'; accepted: none; no plug-in greeting is loaded: a plug-in's name is accepted once"
                + " its jar is (--plugins JAR, or OVERBOOK_PLUGINS)",
                assertThrows(ConfigurationException.class, () -> new Registry<Supplier<String>>("greeting").factory("y", "z")).getMessage());
    }

    @Test
    void aNameTakenTwiceAmongTheBuiltInsIsAProgrammingErrorAndABlankNameIsRefused() {
        registry.register("hello", "says hello", () -> "hello");
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> registry.register("hello", "again", () -> "again"));
        assertEquals("greeting 'hello' is registered twice: by built-in and by built-in", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> registry.register(" ", "blank", () -> ""));
        assertThrows(IllegalArgumentException.class, () -> registry.register("none", "no factory", null));
    }

    @Test
    void classesOnTheApplicationClassPathAreBuiltIn() {
        assertEquals(Registry.BUILT_IN, Registry.originOf(RegistryTest.class));
        assertEquals(Registry.BUILT_IN, Registry.originOf(String.class));
    }

    @Test
    void aFactoryThatThrowsIsAnErrorNamingTheFieldTheEntryAndWhereItThrew() {
        registry.register("boom", "throws", () -> {
            throw new IllegalStateException("no greeting today");
        });
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> registry.instantiate("x.greeting", "boom", Supplier::get));
        assertEquals("x.greeting", e.field());
        assertTrue(e.getMessage().startsWith("x.greeting: greeting 'boom' (built-in) failed while it was created:"
                + " IllegalStateException: no greeting today (at "), e.getMessage());
        assertTrue(e.getMessage().contains("RegistryTest.lambda$"), "the frame that threw: " + e.getMessage());
        assertTrue(e.getMessage().endsWith("; a check of its parameters should throw ConfigurationException, naming the"
                + " parameter"), e.getMessage());
        registry.register("lacking", "needs a class its jar lacks", () -> {
            throw new NoClassDefFoundError("org/example/lz4/Codec");
        });
        String lacking = assertThrows(ConfigurationException.class, () -> registry.instantiate("x.greeting", "lacking", Supplier::get))
                .getMessage();
        assertTrue(lacking.contains("failed while it was created: NoClassDefFoundError: org/example/lz4/Codec (at ")
                && lacking.endsWith("; a class the plug-in needs is missing or of another version: ship its dependencies as"
                        + " jars beside it (--plugins DIR loads every jar in DIR)"), lacking);
        registry.register("recursing", "recurses without end", () -> {
            throw new StackOverflowError();
        });
        String recursing = assertThrows(ConfigurationException.class, () -> registry.instantiate("x.greeting", "recursing",
                Supplier::get)).getMessage();
        assertTrue(recursing.contains("failed while it was created: StackOverflowError (at "), "no ': null': " + recursing);
    }

    @Test
    void aFactoryThatReturnsNullIsAnErrorAndItsOwnConfigurationErrorsPassAsTheyAre() {
        registry.register("nothing", "returns null", () -> null);
        ConfigurationException none = assertThrows(ConfigurationException.class,
                () -> registry.instantiate("x.greeting", "nothing", Supplier::get));
        assertEquals("x.greeting: greeting 'nothing' (built-in) was created as null: its factory returned nothing; accepted:"
                + " a factory that returns a new greeting", none.getMessage());
        ConfigurationException own = new ConfigurationException("x.params.tone", "too loud");
        registry.register("loud", "checks its tone", () -> {
            throw own;
        });
        assertSame(own, assertThrows(ConfigurationException.class, () -> registry.instantiate("x.greeting", "loud", Supplier::get)));
        assertEquals("hello", registry.register("hello", "says hello", () -> "hello").instantiate("x.greeting", "hello", Supplier::get));
    }
}
