package org.overbook.nic.policy;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Makes a receive-fault policy from the parameters a scenario gives it beside its name
 * ({@code nic.receive-fault-policy: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the scenario's
 * seed named after the policy's instance (one per virtual function), so that it draws the same under the same seed and differently
 * under another. Registered with {@link ReceiveFaultPolicies#register(String, String, ReceiveFaultPolicyFactory)}; a policy that reads no
 * parameter and draws nothing may still be registered as a plain {@link Supplier}.
 */
@FunctionalInterface
public interface ReceiveFaultPolicyFactory extends Supplier<ReceiveFaultPolicy> {

    /**
     * Returns a new policy.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the policy alone); one it does
     *                   not read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    ReceiveFaultPolicy create(Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a policy of this kind: {@link ReceiveFaultPolicies} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default ReceiveFaultPolicy get() {
        throw new UnsupportedOperationException("ReceiveFaultPolicyFactory: created by ReceiveFaultPolicies.create, with parameters and a generator");
    }
}
