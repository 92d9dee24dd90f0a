package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.Registry;
import org.overbook.guest.Workload;
import org.overbook.hypervisor.Tenant;
import org.overbook.nic.Testbed;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.TenantSpec;

/**
 * Which tenant's plug-in workload a run that failed mid-run was running, so that the failure's line names the tenant,
 * the workload and its jar ({@code tenant s1's workload 'rpc-server' (rpc.jar)}), as a failure of its {@code report}
 * does, and not its class and line alone.
 *
 * <h2>Design</h2>
 * Worked out after the run has failed, from what it left, so that a request's path pays nothing for it. A workload's
 * code runs in its tenant's vCPU tasks (its start, its timers, its completion handlers), and a vCPU keeps whether one
 * of its tasks threw ({@link org.overbook.hypervisor.sim.Vcpu#taskThrew()}); that says whose code it was. The stack
 * says whether it was the workload's: the plug-in's frame nearest the throw ({@link RunFailure#whereThrown}) must be
 * of a class its jar holds, found through the class loader that loaded the workload (every plug-in jar shares one),
 * so a helper class of the jar counts and a policy of another jar, called from the same task, does not. A built-in
 * workload is not named: its failure is Overbook's, and the frame says where.
 */
final class FailingWorkload {

    private FailingWorkload() {
    }

    /**
     * Returns {@code tenant NAME's workload 'WORKLOAD' (JAR)} for the one tenant whose plug-in workload threw
     * {@code thrown} in {@code deployment}'s run, or {@code null} when no such tenant can be told.
     */
    static String of(Deployment deployment, Throwable thrown) {
        StackTraceElement at = RunFailure.whereThrown(thrown);
        if (at == null) {
            return null;
        }
        // the tenants in the order the scenario lists them, servers then clients, as the testbed holds them
        Testbed testbed = deployment.testbed();
        List<Tenant> tenants = new ArrayList<>(testbed.server().tenants());
        tenants.addAll(testbed.client().tenants());
        List<TenantSpec> specs = new ArrayList<>(deployment.scenario().tenants());
        specs.addAll(deployment.scenario().clients());
        String found = null;
        for (int i = 0; i < tenants.size(); i++) {
            Tenant tenant = tenants.get(i);
            if (tenant.vcpu().taskThrew() && tenant.workload() != null && ranInItsJar(tenant.workload(), at)) {
                if (found != null) {
                    return null; // two tenants' tasks threw (one ran the other's): which one's code failed is not known
                }
                found = "tenant " + tenant.name() + "'s workload '" + specs.get(i).workload().name() + "' ("
                        + Registry.originOf(tenant.workload().getClass()) + ")";
            }
        }
        return found;
    }

    /** Returns whether {@code workload} is a plug-in's, and the class of {@code frame} comes from the same jar. */
    private static boolean ranInItsJar(Workload workload, StackTraceElement frame) {
        Class<?> type = workload.getClass();
        String jar = Registry.originOf(type);
        if (Registry.BUILT_IN.equals(jar)) {
            return false;
        }
        try {
            return jar.equals(Registry.originOf(Class.forName(frame.getClassName(), false, type.getClassLoader())));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
