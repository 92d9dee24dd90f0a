package org.overbook.perf.scenario;

import java.util.Objects;
import org.overbook.balloon.BalloonConfig;

/**
 * The server host's balloon manager as a scenario gives it ({@code balloon}).
 *
 * @param enabled whether the manager runs; when it does not, only host swapping reclaims memory
 * @param config  its settings, validated against the server host even when disabled
 */
public record BalloonSettings(boolean enabled, BalloonConfig config) {

    public BalloonSettings {
        Objects.requireNonNull(config, "config");
    }
}
