/**
 * Plug-ins: user jars loaded in a class loader of their own ({@link org.overbook.perf.plugin.Plugins}),
 * and the registries of every pluggable family that a scenario's names resolve in
 * ({@link org.overbook.perf.plugin.Catalog}). Used by the experiment API and every verb of the command
 * line ({@code --plugins PATH}, {@code OVERBOOK_PLUGINS}). See docs/PLUGINS.md.
 */
package org.overbook.perf.plugin;
