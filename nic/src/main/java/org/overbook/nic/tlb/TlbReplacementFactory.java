package org.overbook.nic.tlb;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Makes a TLB replacement policy from the parameters a scenario gives it beside its name
 * ({@code nic.tlb.replacement: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the scenario's
 * seed named after the policy's instance (one per NIC), so that it draws the same under the same seed and differently
 * under another. Registered with {@link TlbReplacements#register(String, String, TlbReplacementFactory)}; a policy that reads no
 * parameter and draws nothing may still be registered as a plain {@link Supplier}.
 *
 * <p>The generator a factory gets is the policy's own; {@link TlbReplacementPolicy#victim} is still handed the TLB's,
 * as before.
 */
@FunctionalInterface
public interface TlbReplacementFactory extends Supplier<TlbReplacementPolicy> {

    /**
     * Returns a new policy.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the policy alone); one it does
     *                   not read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    TlbReplacementPolicy create(Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a policy of this kind: {@link TlbReplacements} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default TlbReplacementPolicy get() {
        throw new UnsupportedOperationException("TlbReplacementFactory: created by TlbReplacements.create, with parameters and a generator");
    }
}
