/**
 * The host as a whole: {@link org.overbook.hypervisor.Host} wires a simulation, host memory and
 * tenants together from a {@link org.overbook.hypervisor.HostConfig}; {@link org.overbook.hypervisor.CostModel}
 * holds every cost the model charges, with its source.
 *
 * <p>Exported to every module: a program that builds a testbed by hand starts here.
 */
package org.overbook.hypervisor;
