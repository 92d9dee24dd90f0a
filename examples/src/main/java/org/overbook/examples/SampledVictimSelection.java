package org.overbook.examples;

import java.util.random.RandomGenerator;
import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelectionProvider;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.hypervisor.spi.VictimSelector;

/**
 * An example reclaim victim selection that takes a parameter and draws at random
 * ({@code host.reclaim.victim-selection: {name: sampled, params: {samples: 5}}}): it draws frames at random, {@code samples}
 * of those reclaim may take at a time, and takes the first of them whose page was not accessed since its bit was last
 * cleared; the accessed ones it draws lose their bit, the second chance CLOCK gives. Redis approximates LRU so
 * ({@code maxmemory-samples}, 5 by default), as does Psounis and Prabhakar's randomized replacement (INFOCOM 2001): one
 * sample is random replacement with a second chance, more come closer to CLOCK. It reads its parameter through the
 * {@link org.overbook.guest.Parameters} it is handed, which refuses any other, and draws only from the generator it is
 * handed, a stream of the scenario's seed: the same seed takes the same victims, another seed others. docs/PLUGINS.md,
 * "Parameters and random draws".
 */
public final class SampledVictimSelection implements VictimSelectionProvider {

    /** The name scenarios use. */
    public static final String NAME = "sampled";
    /** Samples a victim is chosen among when the scenario gives none: Redis's {@code maxmemory-samples}. */
    public static final int DEFAULT_SAMPLES = 5;

    @Override
    public void registerVictimSelections(VictimSelections registry) {
        registry.register(NAME, "the first not-recently-accessed of a few frames drawn at random (Redis's sampled LRU)",
                (frames, parameters, random) -> new Sampler(frames, (int) parameters.integer("samples", DEFAULT_SAMPLES, 1, 64), random));
    }

    /** One host's selector: its view, its sample size and its generator. */
    private static final class Sampler implements VictimSelector {

        private final FrameView frames;
        private final int samples;
        private final RandomGenerator random;
        private long scanned;

        Sampler(FrameView frames, int samples, RandomGenerator random) {
            this.frames = frames;
            this.samples = samples;
            this.random = random;
        }

        @Override
        public int nextVictim() {
            return take(2L * frames.frames(), /* cleanOnly= */ false);
        }

        @Override
        public int nextCleanVictim(int budget) {
            return take(Math.min(budget, 2L * frames.frames()), /* cleanOnly= */ true);
        }

        /**
         * Draws at most {@code budget} frames, {@code samples} that may be taken at a time, and returns the first of a
         * round's not accessed, or -1.
         */
        private int take(long budget, boolean cleanOnly) {
            int victim = -1;
            int inRound = 0;
            for (long draw = 0; draw < budget; draw++) {
                int frame = random.nextInt(frames.frames());
                scanned++;
                if (frames.isFree(frame) || !frames.reclaimable(frame) || (cleanOnly && !frames.clean(frame))) {
                    continue;
                }
                if (frames.accessed(frame)) {
                    frames.clearAccessed(frame);
                } else if (victim < 0) {
                    victim = frame;
                }
                if (++inRound == samples) {
                    if (victim >= 0) {
                        return victim;
                    }
                    inRound = 0;
                }
            }
            return victim;
        }

        @Override
        public long scanned() {
            return scanned;
        }
    }
}
