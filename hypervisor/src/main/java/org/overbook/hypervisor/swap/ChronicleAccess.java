package org.overbook.hypervisor.swap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/**
 * The JVM options Chronicle Map needs, checked before the swap store makes its first map. Chronicle reaches into
 * the JDK (it defines classes it compiles at run time, and reads a file channel's descriptor), which the module
 * system allows only to a JVM started with the right {@code --add-opens} and {@code --add-exports}. The
 * {@code overbook} launcher passes them; a program of the user's own that forgot them would otherwise stop with an
 * {@code ExceptionInInitializerError} deep in Chronicle, or a swap file "that cannot be created", rather than a line
 * naming the options. Only the class path is checked, the one the README covers: on the module path Chronicle's
 * modules need grants of their own.
 */
final class ChronicleAccess {

    /** One package a JVM option opens (deep reflection) or exports (public types) to Chronicle. */
    private record Grant(String module, String packageName, boolean open) {

        boolean granted(Module to) {
            Optional<Module> owner = ModuleLayer.boot().findModule(module);
            // a runtime without the module (a JRE without jdk.compiler) offers nothing to grant
            return owner.isEmpty() || (open ? owner.get().isOpen(packageName, to) : owner.get().isExported(packageName, to));
        }

        String option(Module to) {
            return "--add-" + (open ? "opens" : "exports") + "=" + module + "/" + packageName + "="
                    + (to.isNamed() ? to.getName() : "ALL-UNNAMED");
        }
    }

    private static final List<Grant> NEEDED = List.of(
            new Grant("java.base", "java.lang", true),
            new Grant("java.base", "java.lang.reflect", true),
            new Grant("java.base", "sun.nio.ch", false),
            new Grant("jdk.compiler", "com.sun.tools.javac.file", false));

    private ChronicleAccess() {
    }

    /**
     * Checks that Chronicle, on the class path, has what it needs.
     *
     * @throws IllegalStateException naming every option the JVM lacks
     */
    static void require() {
        Module chronicle = ChronicleMapBuilder.class.getModule();
        if (chronicle.isNamed()) {
            return;
        }
        List<String> missing = missing(chronicle);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the swap store (Chronicle Map) needs JVM options this JVM was started without: "
                    + String.join(" ", missing) + "; start java with the options the overbook launcher passes"
                    + " (README, \"Plug-ins and the experiment API\")");
        }
    }

    /** Returns the option of every grant {@code to} lacks, in the launcher's order. */
    static List<String> missing(Module to) {
        List<String> out = new ArrayList<>();
        for (Grant grant : NEEDED) {
            if (!grant.granted(to)) {
                out.add(grant.option(to));
            }
        }
        return out;
    }
}
