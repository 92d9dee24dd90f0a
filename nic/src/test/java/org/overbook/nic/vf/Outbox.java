package org.overbook.nic.vf;

import java.util.SplittableRandom;
import org.overbook.hypervisor.Tenant;

/**
 * A sender's buffer for the tests: {@code contents.length} bytes of seeded random data in the tenant's memory at
 * {@code address}, registered for local access under {@code lkey}.
 */
record Outbox(long address, int lkey, byte[] contents) {

    static Outbox of(Tenant tenant, int bytes, long seed) {
        long address = tenant.memory().allocate(bytes);
        byte[] contents = new byte[bytes];
        new SplittableRandom(seed).nextBytes(contents);
        tenant.memory().write(address, contents, 0, bytes);
        int lkey = tenant.guest().verbs().register(address, bytes, 0).lkey();
        return new Outbox(address, lkey, contents);
    }
}
