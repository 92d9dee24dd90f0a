/**
 * The NIC's plug-in policies, registered by name: memory policies (what is pinned, when) and
 * receive-fault policies (what the NIC does with a packet whose destination page is not present).
 */
package org.overbook.nic.policy;
