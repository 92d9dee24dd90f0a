package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Did you mean": the nearest accepted name by edit distance, only when it is near for the name's length; and the
 * powers of two nearest a size that must be one.
 */
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

    @Test
    void aSizeThatMustBeAPowerOfTwoIsToldTheNearestOnes() {
        assertEquals("the nearest are 256 and 512", Suggestions.powersOfTwoNear(500));
        assertEquals("the nearest are 2 and 4", Suggestions.powersOfTwoNear(3));
        assertEquals("the nearest are 512 and 1024", Suggestions.powersOfTwoNear(768), "both, when it lies halfway");
        assertEquals("the smallest is 1", Suggestions.powersOfTwoNear(0));
        assertEquals("the smallest is 1", Suggestions.powersOfTwoNear(-8));
        assertEquals("the nearest is 1073741824", Suggestions.powersOfTwoNear(Integer.MAX_VALUE), "2^31 is no int");
        assertEquals("the nearest is 1073741824", Suggestions.powersOfTwoNear(5_000_000_000L));
    }
}
