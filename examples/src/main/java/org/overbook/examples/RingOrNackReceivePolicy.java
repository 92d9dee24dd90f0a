package org.overbook.examples;

import org.overbook.nic.policy.FaultedReceive;
import org.overbook.nic.policy.ReceiveFaultPolicies;
import org.overbook.nic.policy.ReceiveFaultPolicy;
import org.overbook.nic.policy.ReceiveFaultPolicyProvider;

/**
 * An example receive-fault policy ({@code nic.receive-fault-policy: ring-or-nack}, reliable transport):
 * parks a faulted message in the backup ring and makes the sender wait its RNR timer only when the ring
 * is full. docs/PLUGINS.md, "Receive-fault policies".
 */
public final class RingOrNackReceivePolicy implements ReceiveFaultPolicyProvider {
    @Override
    public void registerReceiveFaultPolicies(ReceiveFaultPolicies registry) {
        registry.register("ring-or-nack", "park in the backup ring; when it is full, RNR NACK", () -> new ReceiveFaultPolicy() {
            @Override
            public String name() {
                return "ring-or-nack";
            }

            @Override
            public boolean supports(boolean reliable) {
                return reliable;
            }

            @Override
            public void onFault(FaultedReceive receive) {
                if (!receive.stage()) {
                    receive.rnrNack();
                    receive.resolveInBackground();
                }
            }
        });
    }
}
