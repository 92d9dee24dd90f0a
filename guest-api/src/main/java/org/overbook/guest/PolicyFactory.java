package org.overbook.guest;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Makes a policy from the parameters a scenario gives it beside its name
 * ({@code nic.memory-policy: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the scenario's
 * seed named after the policy's instance (a virtual function's, a NIC's), so that it draws the same under the same seed
 * and differently under another. The factory of the families whose older factory is a plain {@link Supplier} (memory,
 * receive-fault, TLB replacement and TLB partition policies), registered with
 * {@link PolicyRegistry#register(String, String, PolicyFactory)}; a policy that reads no parameter and draws nothing may
 * still be registered as a {@link Supplier}.
 *
 * @param <P> the family's policy type
 */
@FunctionalInterface
public interface PolicyFactory<P> extends Supplier<P> {

    /**
     * Returns a new policy.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the policy alone); one it does
     *                   not read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws ConfigurationException naming the parameter at fault
     */
    P create(Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a policy of this kind: its {@link PolicyRegistry} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default P get() {
        throw new UnsupportedOperationException("a PolicyFactory is called by its PolicyRegistry, with parameters and a generator");
    }
}
