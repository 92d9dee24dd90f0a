package org.overbook.hypervisor.spi;


/**
 * A kind of swap device ({@code host.swap-device.kind}): what it can do, as the values a scenario's
 * {@code host.swap-device} starts from (latency at queue depth 1, IOPS at depth, queue depth), any of
 * which the scenario may override. The host serves the device's requests with its one queueing model
 * ({@link org.overbook.hypervisor.swap.SwapDevice}: a queue of the device's depth in front of a read and
 * a write bottleneck at the device's IOPS); a kind with no IOPS either way (0 and 0) is a CPU-only
 * device in host memory, as the built-in {@code ram}.
 */
@FunctionalInterface
public interface SwapDeviceModel {

    /** Returns the device's values; {@code kind} is the name it was registered under, to put in them. */
    SwapDeviceConfig device(String kind);
}
