/**
 * Plug-ins: user jars loaded in a class loader of their own ({@link org.overbook.perf.plugin.Plugins}),
 * and the registries of every pluggable family that a scenario's names resolve in
 * ({@link org.overbook.perf.plugin.Catalog}), and the load-time reading of a jar's classes for what would make
 * its runs irreproducible (package-private {@code DeterminismScan}, whose findings are warnings). Used by the experiment API and every verb of the command
 * line ({@code --plugins PATH}, {@code OVERBOOK_PLUGINS}). See docs/PLUGINS.md.
 */
package org.overbook.perf.plugin;
