package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** "Did you mean": the nearest accepted name by edit distance, only when it is near for the name's length. */
class SuggestionsTest {

    private static final List<String> ACCEPTED = List.of("seed", "duration", "warm-up", "memory-policy", "window");

    @Test
    void theNearestAcceptedNameIsSuggested() {
        assertEquals(" (did you mean seed?)", Suggestions.didYouMean("sed", ACCEPTED));
        assertEquals(" (did you mean memory-policy?)", Suggestions.didYouMean("memory-polcy", ACCEPTED));
        assertEquals(" (did you mean window?)", Suggestions.didYouMean("windw", ACCEPTED));
        assertEquals(" (did you mean duration?)", Suggestions.didYouMean("durration", ACCEPTED));
    }

    @Test
    void nothingIsSuggestedWhenNothingIsNear() {
        assertEquals("", Suggestions.didYouMean("typo", ACCEPTED));
        assertEquals("", Suggestions.didYouMean("x", List.of("seed")), "one edit allowed, but 'x' to 'seed' is four");
        assertEquals("", Suggestions.didYouMean("anything", List.of()));
        assertEquals("", Suggestions.didYouMean(null, ACCEPTED), "a name left out (null) is near nothing");
    }
}
