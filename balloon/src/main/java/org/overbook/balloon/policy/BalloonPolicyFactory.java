package org.overbook.balloon.policy;

import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Makes a balloon allocation policy from the configured idle memory tax rate, the parameters a scenario gives it beside
 * its name ({@code balloon.policy: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the
 * scenario's seed named after the balloon manager's policy ({@value AllocationPolicies#STREAM}), so that it draws the
 * same under the same seed and differently under another. Registered with
 * {@link AllocationPolicies#register(String, String, BalloonPolicyFactory)}; a policy that reads no parameter and draws
 * nothing may still be registered as a plain {@link AllocationPolicyFactory}.
 */
@FunctionalInterface
public interface BalloonPolicyFactory extends AllocationPolicyFactory {

    /**
     * Returns a new policy.
     *
     * @param idleTax    the configured idle memory tax rate τ in [0, 1) ({@code balloon.idle-tax})
     * @param parameters its parameters as the scenario gives them (none when it names the policy alone); one it does not
     *                   read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    AllocationPolicy create(double idleTax, Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a policy of this kind: {@link AllocationPolicies} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default AllocationPolicy create(double idleTax) {
        throw new UnsupportedOperationException("BalloonPolicyFactory: created by AllocationPolicies.create, with parameters and a generator");
    }
}
