package org.overbook.nic.policy;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Makes a memory policy from the parameters a scenario gives it beside its name
 * ({@code nic.memory-policy: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the scenario's
 * seed named after the policy's instance (one per virtual function), so that it draws the same under the same seed and differently
 * under another. Registered with {@link MemoryPolicies#register(String, String, MemoryPolicyFactory)}; a policy that reads no
 * parameter and draws nothing may still be registered as a plain {@link Supplier}.
 */
@FunctionalInterface
public interface MemoryPolicyFactory extends Supplier<MemoryPolicy> {

    /**
     * Returns a new policy.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the policy alone); one it does
     *                   not read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    MemoryPolicy create(Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a policy of this kind: {@link MemoryPolicies} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default MemoryPolicy get() {
        throw new UnsupportedOperationException("MemoryPolicyFactory: created by MemoryPolicies.create, with parameters and a generator");
    }
}
