package org.overbook.nic.tlb;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Makes a TLB partition policy from the parameters a scenario gives it beside its name
 * ({@code nic.tlb.partition: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the scenario's
 * seed named after the policy's instance (one per NIC), so that it draws the same under the same seed and differently
 * under another. Registered with {@link TlbPartitions#register(String, String, TlbPartitionFactory)}; a policy that reads no
 * parameter and draws nothing may still be registered as a plain {@link Supplier}.
 */
@FunctionalInterface
public interface TlbPartitionFactory extends Supplier<TlbPartitionPolicy> {

    /**
     * Returns a new policy.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the policy alone); one it does
     *                   not read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    TlbPartitionPolicy create(Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a policy of this kind: {@link TlbPartitions} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default TlbPartitionPolicy get() {
        throw new UnsupportedOperationException("TlbPartitionFactory: created by TlbPartitions.create, with parameters and a generator");
    }
}
