/**
 * The host's contended resources, seen from outside: every queue the model has (physical CPUs, the swap
 * device, the swap path, the NIC's fault-service workers, its PCIe link) counts its busy time, its
 * requests and how long they waited, so a run can tell which of them saturated. The resources live with
 * their mechanisms; this package holds only the accounting they share.
 *
 * <p>Exported to every module: a run's results carry these figures ({@link org.overbook.hypervisor.resource.ResourceUsage}).
 */
package org.overbook.hypervisor.resource;
