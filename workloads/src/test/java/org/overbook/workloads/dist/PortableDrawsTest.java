package org.overbook.workloads.dist;

import static org.overbook.hypervisor.testing.OtherMathJvm.mix;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.testing.OtherMathJvm;

/**
 * The samplers draw the same values on any machine: a JVM whose {@link Math} returns other last bits (this one
 * with HotSpot's math intrinsics off, as on a processor that has other ones or none: {@link OtherMathJvm}) draws
 * what this JVM draws.
 * The child JVM prints two digests: of the samplers' draws, which must equal this JVM's, and of {@link Math#pow}
 * and {@link Math#log} over the same inputs, which tells whether the child's {@code Math} differs from this
 * one's at all (if not, as on a JVM without those intrinsics, the test proves nothing and is skipped).
 */
class PortableDrawsTest {

    private static final long SEED = 42;
    private static final int DRAWS = 200_000;

    @Test
    void theDrawsDoNotDependOnTheJvmsMathLibrary() throws Exception {
        OtherMathJvm.assertSameFigures(PortableDrawsTest.class, drawsDigest(), mathDigest(), "the samplers' draws");
    }

    /** Prints the draws' digest and the digest of {@code Math} itself, one a line (the child JVM's side). */
    public static void main(String[] args) {
        System.out.println(drawsDigest());
        System.out.println(mathDigest());
    }

    /** Every sampler that takes a logarithm or a power, drawn from one fixed seed. */
    static long drawsDigest() {
        RandomGenerator rng = new SplittableRandom(SEED);
        ScrambledZipfianGenerator scrambled = new ScrambledZipfianGenerator(1_000_000);
        ZipfianGenerator zipfian = new ZipfianGenerator(100_000); // ζ(n) summed here, a power a term
        long digest = Double.doubleToRawLongBits(zipfian.zetan());
        for (int i = 0; i < DRAWS; i++) {
            digest = mix(digest, scrambled.next(rng));
            digest = mix(digest, zipfian.next(rng));
            digest = mix(digest, Double.doubleToRawLongBits(FacebookEtc.KEY_SIZE.sample(rng)));
            digest = mix(digest, Double.doubleToRawLongBits(FacebookEtc.VALUE_SIZE.sample(rng)));
            digest = mix(digest, Double.doubleToRawLongBits(FacebookEtc.INTER_ARRIVAL_MICROS.sample(rng)));
        }
        return digest;
    }

    /** {@link Math#pow} and {@link Math#log} over inputs like the samplers'. */
    static long mathDigest() {
        RandomGenerator rng = new SplittableRandom(SEED);
        long digest = 0;
        for (int i = 0; i < DRAWS; i++) {
            double u = rng.nextDouble();
            digest = mix(digest, Double.doubleToRawLongBits(Math.pow(0.25 * u + 0.75, 100)));
            digest = mix(digest, Double.doubleToRawLongBits(Math.log(u)));
        }
        return digest;
    }
}
