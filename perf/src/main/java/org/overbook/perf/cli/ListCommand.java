package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbook.balloon.policy.AllocationPolicies;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.policy.MemoryPolicies;
import org.overbook.nic.policy.ReceiveFaultPolicies;
import org.overbook.nic.tlb.TlbPartition;
import org.overbook.nic.tlb.TlbReplacement;
import org.overbook.perf.reproduce.Presets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code overbook list}: the workloads and policies a scenario may name, one line each. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the workloads, memory policies, receive-fault policies, balloon policies, TLB policies and presets.")
final class ListCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        section(out, "Workloads (tenants[].workload.name, clients[].workload.name)", WorkloadRegistry.discover().descriptions());
        section(out, "Memory policies (nic.memory-policy)", MemoryPolicies.descriptions());
        section(out, "Receive-fault policies (nic.receive-fault-policy)", ReceiveFaultPolicies.descriptions());
        section(out, "Balloon policies (balloon.policy)", AllocationPolicies.descriptions());
        out.println("TLB replacement policies (nic.tlb.replacement)");
        out.println("  lru                  least recently used: hits and fills refresh an entry");
        out.println("  fifo                 first in, first out: only fills refresh an entry");
        out.println("  random               a uniform choice among the candidates");
        out.println("TLB partitions (nic.tlb.partition)");
        out.println("  shared               any VF may take any way of any set");
        out.println("  static               each VF owns a disjoint range of sets");
        out.println("  quota                a VF holds at most nic.tlb.quota entries of any one set");
        section(out, "Presets (overbook reproduce NAME): the seed papers' headline experiments", Presets.descriptions());
        out.flush();
        checkTlbNames();
        return 0;
    }

    private static void section(PrintWriter out, String title, Map<String, String> entries) {
        out.println(title);
        entries.forEach((name, description) -> out.printf("  %-20s %s%n", name, description));
    }

    /** Fails loudly if the TLB enums grew a name this listing does not describe. */
    private static void checkTlbNames() {
        if (TlbReplacement.names().size() != 3 || TlbPartition.names().size() != 3) {
            throw new IllegalStateException("overbook list is missing a TLB policy: " + TlbReplacement.names() + " "
                    + TlbPartition.names());
        }
    }
}
