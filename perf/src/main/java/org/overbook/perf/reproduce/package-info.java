/**
 * Presets that re-run the papers' headline experiments (docs/ARCHITECTURE.md, "Headline results") and compare the
 * model's figures with the papers': each {@link org.overbook.perf.reproduce.Preset} is embedded scenarios
 * (YAML beside this package's classes, with reduced {@code .quick.yaml} overlays) plus the figures computed
 * from their points; {@link org.overbook.perf.reproduce.Presets} holds them by name and
 * {@link org.overbook.perf.reproduce.Reproduction} runs them. Used by the {@code overbook reproduce} verb.
 */
package org.overbook.perf.reproduce;
