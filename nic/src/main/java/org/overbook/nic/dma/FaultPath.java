package org.overbook.nic.dma;

import java.util.List;
import org.overbook.guest.ConfigurationException;

/** How a network page fault reaches the host: the driver's software path or the IOMMU/SMMU. */
public enum FaultPath {
    /** The NIC reports the fault to its driver, which resolves it (mlx5 ODP; NP-RDMA). */
    SOFTWARE("software"),
    /** The IOMMU/SMMU detects the fault and the OS resolves it (the Psistakis thesis; PART). */
    IOMMU("iommu");

    private final String configName;

    FaultPath(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** Returns the path called {@code name}; {@code field} names the scenario field in the error. */
    public static FaultPath parse(String field, String name) {
        for (FaultPath path : values()) {
            if (path.configName.equals(name)) {
                return path;
            }
        }
        throw new ConfigurationException(field, "unknown fault path '" + name + "'; accepted: "
                + String.join(", ", List.of(SOFTWARE.configName, IOMMU.configName)));
    }
}
