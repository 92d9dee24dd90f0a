package org.overbook.perf.scenario;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.overbook.guest.Named;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.spi.SwapDeviceModels;

/**
 * The server host's swap device as a scenario gives it ({@code host.swap-device}): a registered kind with its parameters,
 * and the values the file sets over the kind's. It holds no device: a kind may draw at random, so the device is
 * {@linkplain #resolve resolved} when a host is built, under the seed the host is built with (a replication's own), as
 * every other policy is; the file is read with one resolution under its seed, to report a mistake before anything runs.
 *
 * @param kind              the kind and its parameters ({@code host.swap-device.kind})
 * @param readLatencyNanos  {@code host.swap-device.read-latency}, if the file sets it
 * @param writeLatencyNanos {@code host.swap-device.write-latency}, if set
 * @param readIops          {@code host.swap-device.read-iops}, if set
 * @param writeIops         {@code host.swap-device.write-iops}, if set
 * @param queueDepth        {@code host.swap-device.queue-depth}, if set
 * @param seeks             {@code host.swap-device.seeks}, if set
 * @param pageTransferNanos {@code host.swap-device.page-transfer}, if set; when not, the kind's on a device that seeks,
 *                          else 0
 */
public record SwapDeviceSettings(Named kind, OptionalLong readLatencyNanos, OptionalLong writeLatencyNanos,
                                 OptionalLong readIops, OptionalLong writeIops, OptionalInt queueDepth,
                                 Optional<Boolean> seeks, OptionalLong pageTransferNanos) {

    /** Where a scenario gives the device. */
    static final String FIELD = "host.swap-device";

    /** Where a scenario names the kind, for errors. */
    static final String KIND_FIELD = FIELD + ".kind";

    /**
     * The values a scenario may set over the kind's, beside {@code kind}. The reference file leaves them out (each kind has
     * values of its own), so a sweep axis or an override that sets one finds no field there to replace ({@link TreePaths}).
     */
    static final List<String> OVERRIDES = List.of("read-latency", "write-latency", "read-iops", "write-iops", "queue-depth",
            "seeks", "page-transfer");

    public SwapDeviceSettings {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(readLatencyNanos, "readLatencyNanos");
        Objects.requireNonNull(writeLatencyNanos, "writeLatencyNanos");
        Objects.requireNonNull(readIops, "readIops");
        Objects.requireNonNull(writeIops, "writeIops");
        Objects.requireNonNull(queueDepth, "queueDepth");
        Objects.requireNonNull(seeks, "seeks");
        Objects.requireNonNull(pageTransferNanos, "pageTransferNanos");
    }

    /** Returns the kind {@code kind} with none of its values overridden. */
    public static SwapDeviceSettings of(Named kind) {
        return new SwapDeviceSettings(kind, OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalInt.empty(), Optional.empty(), OptionalLong.empty());
    }

    /**
     * Returns the device: the kind's values, asked of its model in {@code models} with its parameters and the stream
     * {@value SwapDeviceModels#STREAM} of {@code seed}, with the file's values over them. The same seed gives the same
     * device.
     *
     * @throws org.overbook.guest.ConfigurationException naming {@code host.swap-device.kind} if no kind is called so or
     *                                                   its model fails, or naming the parameter or value at fault
     */
    public SwapDeviceConfig resolve(SwapDeviceModels models, long seed) {
        SwapDeviceConfig preset = models.device(KIND_FIELD, kind, new RandomStreams(seed).stream(SwapDeviceModels.STREAM));
        boolean disk = seeks.orElse(preset.seeks());
        return new SwapDeviceConfig(preset.kind(), readLatencyNanos.orElse(preset.readLatencyNanos()),
                writeLatencyNanos.orElse(preset.writeLatencyNanos()), readIops.orElse(preset.readIops()),
                writeIops.orElse(preset.writeIops()), queueDepth.orElse(preset.queueDepth()), disk,
                pageTransferNanos.orElse(disk ? preset.pageTransferNanos() : 0));
    }
}
