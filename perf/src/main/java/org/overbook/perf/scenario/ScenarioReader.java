package org.overbook.perf.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.overbook.balloon.BalloonConfig;
import org.overbook.balloon.FreeMemoryThresholds;
import org.overbook.balloon.TenantBalloonConfig;
import org.overbook.hypervisor.CostModel;
import org.overbook.guest.Named;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.spi.SwapDeviceModels;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicCosts;

/**
 * Turns one merged, sweep-free scenario tree into a {@link Scenario}: types and units here, the
 * tenants in {@link TenantReader}, the NIC in {@link NicReader}. Ranges and cross-field rules are
 * {@link ScenarioChecks}' job, most of them through the domain records' own validation.
 */
final class ScenarioReader {

    /**
     * The most physical CPUs of a host: each is a column of summary.csv and an entry of summary.json, so a host of
     * a million wrote about 100 MB a point and two ran out of heap. The largest servers have a few hundred.
     */
    static final int MAX_CPUS = 4096;

    /** The top-level fields of a scenario file. */
    static final String[] FIELDS = {"seed", "duration", "warm-up", "host", "client-host", "nic", "link", "balloon",
            "tenants", "clients", "costs", "sweep", "replications"};

    private ScenarioReader() {
    }

    /**
     * Reads {@code tree}; its {@code sweep}, if any, is ignored (the expander has applied it). A swap device's
     * kind is looked up in {@code swapDevices}, built-in and plug-in alike.
     */
    static Scenario read(ObjectNode tree, SwapDeviceModels swapDevices) {
        Section root = Section.open("", tree, FIELDS);
        long seed = root.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        long duration = root.nanos("duration");
        long warmUp = root.nanos("warm-up");
        Section costs = root.section("costs", "minor-fault", "populate-page", "balloon-rate", "npf-software",
                "npf-iommu", "wqe", "register", "pin-page", "interrupt", "rto", "upcall",
                "host-copy-page", "notify-busy-wait", "notify-handler", "notify-block");
        CostModel hostCosts = hostCosts(costs);
        NicCosts nicCosts = nicCosts(costs);
        HostSettings host = host(root, swapDevices, seed);
        Section client = root.section("client-host", "memory", "cpus");
        ClientHostSettings clientHost = new ClientHostSettings(client.bytes("memory"), (int) client.integer("cpus", 0, MAX_CPUS));
        var nic = NicReader.read(root, nicCosts);
        LinkConfig link = link(root);
        BalloonSettings balloon = balloon(root);
        TenantReader tenants = new TenantReader(root, text(tree.get("duration")), text(tree.get("warm-up")));
        return new Scenario(seed, duration, warmUp, host, clientHost, nic, link, balloon, hostCosts,
                tenants.servers(), tenants.clients());
    }

    private static HostSettings host(Section root, SwapDeviceModels swapDevices, long seed) {
        Section host = root.section("host", "memory", "swap", "reclaim", "keep-swap", "cpus", "cpu-slice",
                "async-page-faults", "swap-device", "swap-path", "page-cluster");
        Section reclaim = host.section("reclaim", "min", "low", "high", "scan-cost", "evict-cost", "victim-selection");
        Section path = host.section("swap-path", "cpu", "pages-per-second");
        int cpus = (int) host.integer("cpus", 0, MAX_CPUS);
        long slice = host.nanos("cpu-slice");
        boolean asyncPageFaults = host.flag("async-page-faults");
        SwapDeviceSettings swapDevice = swapDevice(host, swapDevices, seed);
        HostResources resources = new HostResources(cpus, slice, asyncPageFaults, HostSettings.UNRESOLVED_SWAP_DEVICE,
                path.nanos("cpu"), path.integer("pages-per-second", 1, Long.MAX_VALUE), reclaim.nanos("scan-cost"),
                reclaim.nanos("evict-cost"), reclaim.real("min"), (int) host.integer("page-cluster", 0, 10));
        return new HostSettings(host.bytes("memory"), host.bytes("swap"), reclaim.real("low"), reclaim.real("high"),
                host.flag("keep-swap"), resources, reclaim.named("victim-selection", "a reclaim victim selection"), swapDevice);
    }

    /**
     * Reads {@code host.swap-device}: a registered kind, with its parameters, and the values the file sets over the kind's.
     * The kind is asked for its device once, under {@code seed}, so that an unknown kind or a parameter it refuses is
     * reported as the file is read; a host is built with the device asked again, under the seed the host is built with.
     */
    private static SwapDeviceSettings swapDevice(Section host, SwapDeviceModels swapDevices, long seed) {
        List<String> fields = new ArrayList<>(List.of("kind"));
        fields.addAll(SwapDeviceSettings.OVERRIDES);
        Section d = host.section("swap-device", fields.toArray(String[]::new));
        Named kind = d.named("kind", "a swap device");
        SwapDeviceSettings.of(kind).resolve(swapDevices, seed);
        return new SwapDeviceSettings(kind,
                d.has("read-latency") ? OptionalLong.of(d.nanos("read-latency")) : OptionalLong.empty(),
                d.has("write-latency") ? OptionalLong.of(d.nanos("write-latency")) : OptionalLong.empty(),
                d.has("read-iops") ? OptionalLong.of(d.integer("read-iops", 1, Long.MAX_VALUE)) : OptionalLong.empty(),
                d.has("write-iops") ? OptionalLong.of(d.integer("write-iops", 1, Long.MAX_VALUE)) : OptionalLong.empty(),
                d.has("queue-depth") ? OptionalInt.of((int) d.integer("queue-depth", 1, 1 << 16)) : OptionalInt.empty(),
                d.has("seeks") ? Optional.of(d.flag("seeks")) : Optional.empty(),
                d.has("page-transfer") ? OptionalLong.of(d.nanos("page-transfer")) : OptionalLong.empty());
    }

    private static LinkConfig link(Section root) {
        Section link = root.section("link", "bandwidth", "latency", "loss", "mtu");
        return new LinkConfig(link.bitsPerSecond("bandwidth"), link.nanos("latency"), link.real("loss"),
                (int) link.integer("mtu", LinkConfig.MIN_MTU, LinkConfig.MAX_MTU));
    }

    private static CostModel hostCosts(Section costs) {
        return new CostModel(costs.nanos("minor-fault"), costs.nanos("populate-page"),
                costs.integer("balloon-rate", Long.MIN_VALUE, Long.MAX_VALUE));
    }

    private static NicCosts nicCosts(Section c) {
        return new NicCosts(c.nanos("npf-software"), c.nanos("npf-iommu"), c.nanos("wqe"), c.nanos("register"), c.nanos("pin-page"), c.nanos("interrupt"),
                c.nanos("rto"), c.nanos("upcall"), c.nanos("host-copy-page"), c.nanos("notify-busy-wait"),
                c.nanos("notify-handler"), c.nanos("notify-block"));
    }

    private static BalloonSettings balloon(Section root) {
        Section b = root.section("balloon", "enabled", "policy", "idle-tax", "reallocation-period", "sampling-period",
                "sample-pages", "state-check-period", "thresholds", "tenants");
        Section t = b.section("thresholds", "high", "soft", "hard", "low");
        FreeMemoryThresholds thresholds = new FreeMemoryThresholds(t.real("high"), t.real("soft"), t.real("hard"), t.real("low"));
        List<TenantBalloonConfig> tenants = new ArrayList<>();
        List<JsonNode> entries = Section.elements(b.list("tenants", "a list of tenants' balloon settings"));
        for (int i = 0; i < entries.size(); i++) {
            Section e = Section.open(b.field("tenants") + "[" + i + "]", entries.get(i), "name", "shares", "min", "max", "target");
            TenantBalloonConfig c = TenantBalloonConfig.of(e.text("name", "a tenant's name"));
            if (e.has("shares")) {
                c = c.withShares(e.integer("shares", 1, Long.MAX_VALUE));
            }
            if (e.has("min")) {
                c = c.withMinBytes(e.bytes("min"));
            }
            if (e.has("max")) {
                c = c.withMaxBytes(e.bytes("max"));
            }
            if (e.has("target")) {
                c = c.withTargetBytes(e.bytes("target"));
            }
            tenants.add(c);
        }
        BalloonConfig config = new BalloonConfig(b.named("policy", "a balloon policy"), b.real("idle-tax"),
                b.nanos("reallocation-period"), b.nanos("sampling-period"), b.integer("sample-pages"),
                b.nanos("state-check-period"), thresholds, tenants);
        return new BalloonSettings(b.flag("enabled"), config);
    }

    /** Returns a scalar's text as the file wrote it, for the {@code ${duration}} placeholders. */
    private static String text(JsonNode value) {
        return value == null ? "" : value.asText();
    }
}
