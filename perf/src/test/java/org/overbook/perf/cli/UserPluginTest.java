package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.WorkloadProvider;
import org.overbook.nic.testing.PinFirstMibSource;
import org.overbook.nic.policy.MemoryPolicyProvider;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * What a user does: writes a workload and a memory policy in a project of their own, compiled against the
 * guest API's jar and the NIC's policy SPI alone (javac through {@link ToolProvider}, outside the reactor),
 * packs them in a jar, and runs a scenario that names both, with no clients, through {@code overbook run
 * --plugins} and through the experiment API; and every way a plug-in can be wrong.
 */
class UserPluginTest {

    private static final String WORKLOAD = """
            package org.example.journal;

            import org.overbook.guest.Guest;
            import org.overbook.guest.Workload;
            import org.overbook.guest.WorkloadMetrics;
            import org.overbook.guest.WorkloadParameters;

            /** Appends checksummed 64-byte records to a ring in guest memory and checks each before overwriting it. */
            public final class Journal implements Workload {
                private final long size;
                private final long interval;
                private Guest guest;
                private long base;
                private long records;
                private long errors;

                public Journal(WorkloadParameters p) {
                    size = p.bytes("journal-size", 1 << 20, 4096, Long.MAX_VALUE);
                    p.requireFitsGuest("journal-size", size);
                    interval = p.nanos("interval", 10_000, 1, Long.MAX_VALUE);
                }

                @Override
                public void start(Guest g) {
                    guest = g;
                    base = g.memory().allocate(size);
                    g.schedule(interval, this::append);
                }

                private void append() {
                    long slot = base + (records * 64) % size;
                    if (records * 64 >= size && guest.memory().readLong(slot + 8) != checksum(guest.memory().readLong(slot))) {
                        errors++;
                    }
                    long value = guest.random().nextLong();
                    guest.memory().writeLong(slot, value);
                    guest.memory().writeLong(slot + 8, checksum(value));
                    records++;
                    guest.charge(200);
                    guest.schedule(interval, this::append);
                }

                private static long checksum(long value) {
                    return Long.rotateLeft(value * 0x9E3779B97F4A7C15L, 17) ^ 0x5DEECE66DL;
                }

                @Override
                public void report(WorkloadMetrics metrics) {
                    metrics.counter("records", records);
                    metrics.counter("checksum_errors", errors);
                }
            }
            """;

    private static final String WORKLOADS = """
            package org.example.journal;

            import org.overbook.guest.WorkloadProvider;
            import org.overbook.guest.WorkloadRegistry;

            public final class JournalWorkloads implements WorkloadProvider {
                @Override
                public void registerWorkloads(WorkloadRegistry registry) {
                    registry.register("journal", "checksummed records appended to a ring in guest memory", Journal::new);
                }
            }
            """;


    /** Two tenants running the plug-in's workload under the plug-in's memory policy; no clients section at all. */
    private static final String SCENARIO = """
            seed: 11
            duration: 20ms
            warm-up: 5ms
            host: {memory: 64MiB, swap: 64MiB}
            nic: {memory-policy: pin-head}
            tenants:
              count: 2
              template:
                memory: 16MiB
                workload: {name: journal, params: {journal-size: 2MiB}}
            """;

    private final CommandRun command = new CommandRun();

    @TempDir
    Path directory;

    @Test
    void aUsersWorkloadAndMemoryPolicyRunFromTheirJarThroughTheCommandAndTheApiAlike() throws Exception {
        Path jar = pluginJar("user-plugins.jar", "pin-head", true);
        Path file = Files.writeString(directory.resolve("journal.yaml"), SCENARIO);

        assertEquals(0, command.execute("list", "--plugins", jar.toString()), command.err.toString());
        String list = command.out.toString();
        assertTrue(list.matches("(?s).*\\n  journal +user-plugins\\.jar +checksummed records.*"), list);
        assertTrue(list.matches("(?s).*\\n  pin-head +user-plugins\\.jar +pin the first MiB.*"), list);
        assertTrue(list.matches("(?s).*\\n  on-demand +built-in +.*"), list);

        Path cliResults = directory.resolve("cli");
        assertEquals(0, command.execute("run", file.toString(), "--plugins", jar.toString(), "--out", cliResults.toString()),
                command.err.toString());
        List<Map<String, String>> rows = csv(cliResults.resolve(ResultsWriter.SUMMARY_CSV));
        for (String tenant : List.of("s0", "s1")) {
            Map<String, String> row = rows.stream().filter(r -> tenant.equals(r.get("tenant"))).findFirst().orElseThrow();
            assertEquals("journal", row.get("workload"), row.toString());
            assertEquals("256", row.get("pinned_pages"), "pin-head pinned the first MiB: " + row);
            assertTrue(Long.parseLong(row.get("workload.records")) > 1_000, row.toString());
            assertEquals("0", row.get("workload.checksum_errors"), row.toString());
        }
        assertEquals(List.of("s0", "s1", "total"), rows.stream().map(r -> r.get("tenant")).toList(), "no clients");

        Path apiResults = directory.resolve("api");
        try (Experiments experiments = Experiments.withPlugins(List.of(jar))) {
            ScenarioFile scenario = experiments.load(file);
            experiments.runAll(scenario, apiResults);
        }
        assertArrayEquals(Files.readAllBytes(cliResults.resolve(ResultsWriter.SUMMARY_CSV)),
                Files.readAllBytes(apiResults.resolve(ResultsWriter.SUMMARY_CSV)), "summary.csv, byte for byte");
    }

    /**
     * The figures the plug-in workload reports of its own, which no column of the tenants' table shows, are in a table
     * of their own under the point's, in {@code report.md}, on the terminal and in {@code show}: each tenant's values as
     * {@code summary.csv} has them.
     */
    @Test
    void aPluginWorkloadsOwnFiguresAreInTheReportAndOnTheTerminal() throws Exception {
        Path jar = pluginJar("user-plugins.jar", "pin-head", true);
        Path file = Files.writeString(directory.resolve("journal.yaml"), SCENARIO);
        Path results = directory.resolve("own-figures");
        assertEquals(0, command.execute("run", file.toString(), "--plugins", jar.toString(), "--out", results.toString()),
                command.err.toString());
        List<Map<String, String>> rows = csv(results.resolve(ResultsWriter.SUMMARY_CSV));
        StringBuilder terminal = new StringBuilder("journal (plug-in workload), its own figures:\n"
                + "tenant      checksum_errors  records\n");
        StringBuilder report = new StringBuilder("`journal`, a plug-in workload, reports figures of its own (`workload.NAME`"
                + " in `summary.csv` and `summary.json`):\n\n| tenant | checksum_errors | records |\n|---|---:|---:|\n");
        for (String tenant : List.of("s0", "s1")) {
            Map<String, String> row = rows.stream().filter(r -> tenant.equals(r.get("tenant"))).findFirst().orElseThrow();
            String records = row.get("workload.records");
            assertTrue(Long.parseLong(records) > 1_000, row.toString());
            terminal.append(String.format("%-10s  %15s  %7s%n", tenant, row.get("workload.checksum_errors"), records));
            report.append("| ").append(tenant).append(" | ").append(row.get("workload.checksum_errors")).append(" | ")
                    .append(records).append(" |\n");
        }
        assertTrue(command.out.toString().contains("\n" + terminal), command.out.toString());
        assertTrue(Files.readString(results.resolve(ResultsWriter.REPORT)).contains("\n" + report + "\n"),
                Files.readString(results.resolve(ResultsWriter.REPORT)));

        CommandRun show = new CommandRun();
        assertEquals(0, show.execute("show", results.toString()), show.err.toString());
        assertTrue(show.out.toString().contains("\n" + terminal), "read back from summary.json: " + show.out);
    }

    @Test
    void thePluginsNamesResolveOnASweepsSimulationThreads() throws Exception {
        Path jar = pluginJar("user-plugins.jar", "pin-head", true);
        Path file = Files.writeString(directory.resolve("journal-sweep.yaml"), SCENARIO + """
                sweep:
                  tenants.count: [1, 2]
                """);
        Path results = directory.resolve("sweep");
        assertEquals(0, command.execute("sweep", file.toString(), "--plugins", jar.toString(), "--threads", "2",
                "--out", results.toString()), command.err.toString());
        List<Map<String, String>> rows = csv(results.resolve(ResultsWriter.SUMMARY_CSV));
        assertEquals(5, rows.size(), "point 0: s0 + total; point 1: s0, s1 + total: " + rows);
        assertTrue(rows.stream().filter(r -> !r.get("tenant").equals("total")).allMatch(r -> "256".equals(r.get("pinned_pages"))),
                rows.toString());
    }

    @Test
    void aDirectoryOfJarsIsTakenWhole() throws Exception {
        Path folder = Files.createDirectories(directory.resolve("plugins"));
        Files.move(pluginJar("user-plugins.jar", "pin-head", true), folder.resolve("user-plugins.jar"));
        assertEquals(0, command.execute("list", "--plugins", folder.toString()), command.err.toString());
        assertTrue(command.out.toString().contains("pin-head"), command.out.toString());
    }

    @Test
    void aMissingPluginPathIsAConfigurationError() {
        refused(List.of("list", "--plugins", directory.resolve("nowhere.jar").toString()), "--plugins", "nowhere.jar", "does not exist");
    }

    @Test
    void anEmptyPluginPathIsAConfigurationErrorNotTheWorkingFolder() {
        refused(List.of("list", "--plugins", ""), "--plugins", "'' is an empty path");
    }

    @Test
    void aPluginThatTakesABuiltInNameIsRefusedNamingTheJarAndTheName() throws Exception {
        Path jar = pluginJar("clash.jar", "on-demand", true);
        refused(List.of("list", "--plugins", jar.toString()), "--plugins", "memory policy 'on-demand'", "built-in", "clash.jar");
    }

    @Test
    void aProviderThatCannotBeLoadedIsRefusedNamingTheJarAndTheClass() throws Exception {
        Path jar = pluginJar("broken.jar", "pin-head", false);
        Path file = Files.writeString(directory.resolve("journal.yaml"), SCENARIO);
        refused(List.of("run", file.toString(), "--plugins", jar.toString(), "--out", directory.resolve("never").toString()),
                "--plugins", "broken.jar", "org.example.journal.Missing");
        assertFalse(Files.exists(directory.resolve("never")));
    }

    @Test
    void aJarWhoseProvidersAreNotListedInMetaInfServicesIsRefusedNamingTheFileItNeeds() throws Exception {
        Path jar = rewritten(pluginJar("unlisted.jar", "pin-head", true), "unlisted-no-services.jar",
                (name, bytes) -> name.startsWith("META-INF/services/") ? null : bytes);
        refused(List.of("list", "--plugins", jar.toString()), "--plugins", "unlisted-no-services.jar registers nothing",
                "no META-INF/services file", "org.overbook.guest.WorkloadProvider", "org.overbook.nic.policy.MemoryPolicyProvider");

        Path misnamed = rewritten(pluginJar("misnamed.jar", "pin-head", true), "misnamed-services.jar",
                (name, bytes) -> name.startsWith("META-INF/services/") ? null : bytes,
                "META-INF/services/org.overbook.guest.Workload", "org.example.journal.JournalWorkloads\n");
        refused(List.of("list", "--plugins", misnamed.toString()), "--plugins", "misnamed-services.jar registers nothing",
                "META-INF/services has org.overbook.guest.Workload, no provider interface");
    }

    @Test
    void aJarCompiledForANewerJavaIsRefusedNamingTheJarAndTheRelease() throws Exception {
        int newer = Runtime.version().feature() + 1;
        // what javac --release of the next Java writes: the class file's major version (bytes 6-7) is the feature + 44
        Path jar = rewritten(pluginJar("newer.jar", "pin-head", true), "newer-java.jar", (name, bytes) -> {
            if (name.endsWith(".class")) {
                bytes[6] = (byte) ((newer + 44) >> 8);
                bytes[7] = (byte) (newer + 44);
            }
            return bytes;
        });
        int runtime = Runtime.version().feature();
        refused(List.of("list", "--plugins", jar.toString()), "--plugins", "newer-java.jar: cannot load a WorkloadProvider",
                "org/example/journal/JournalWorkloads", "class file version " + (newer + 44),
                "accepted: classes compiled for Java " + runtime + " or older (javac --release " + runtime);
    }

    @Test
    void aProviderThatFailsAnAssertWhileRegisteringIsRefusedNamingTheJarAndTheClass() throws Exception {
        String policy = policySource("pin-head").replace("registry.register(",
                "if (registry != null) throw new AssertionError(\"the provider's own invariant\");\n        registry.register(");
        Path jar = pluginJar("asserting.jar", policy, "pin-head", true);
        refused(List.of("list", "--plugins", jar.toString()), "--plugins", "asserting.jar: org.example.journal.PinHead failed while"
                + " registering a memory policy: java.lang.AssertionError: the provider's own invariant");
    }

    @Test
    void anErrorThatEndsTheCommandIsOneLineNotAnInterruption() throws Exception {
        // a class the plug-in's jar lacks (a dependency left out), needed when the scenario names the policy
        String policy = policySource("pin-head").replace("() -> new MemoryPolicy() {",
                "() -> missing() != null ? null : new MemoryPolicy() {").replace("    @Override\n    public void registerMemoryPolicies",
                "    private static MemoryPolicy missing() {\n        throw new NoClassDefFoundError(\"org/example/lz4/Codec\");\n    }\n\n"
                        + "    @Override\n    public void registerMemoryPolicies");
        Path jar = pluginJar("missing-class.jar", policy, "pin-head", true);
        Path file = Files.writeString(directory.resolve("journal.yaml"), SCENARIO);
        try (OverbookProcess run = OverbookProcess.start(directory.resolve("swap"), directory.resolve("run.out"), "run", file.toString(),
                "--plugins", jar.toString(), "--out", directory.resolve("results").toString())) {
            // the factory fails while the scenario is checked, before anything runs: a configuration error naming the
            // field, the policy, its jar and the plug-in's line, and what to do
            assertEquals(2, run.waitFor(OverbookProcess.ENDS_WITHIN), run.printed());
            List<String> lines = run.printed().lines().filter(line -> line.startsWith("overbook: ") || line.contains("\tat ")).toList();
            assertEquals(1, lines.size(), run.printed());
            assertTrue(lines.getFirst().startsWith("overbook: configuration error: nic.memory-policy: memory policy 'pin-head'"
                    + " (missing-class.jar) failed while it was created: NoClassDefFoundError: org/example/lz4/Codec (at "
                    + "overbook-plugins//org.example.journal.PinHead.missing("), lines.getFirst());
            assertTrue(lines.getFirst().endsWith("; a class the plug-in needs is missing or of another version: ship its"
                    + " dependencies as jars beside it (--plugins DIR loads every jar in DIR)"), lines.getFirst());
        }
    }

    @Test
    void withoutThePluginItsNamesAreUnknown() throws Exception {
        Path file = Files.writeString(directory.resolve("journal.yaml"), SCENARIO);
        // the likeliest cause, a jar left off the command, is named: no plug-in of the family is loaded
        refused(List.of("run", file.toString(), "--out", directory.resolve("never").toString()), "nic.memory-policy",
                "unknown memory policy 'pin-head'", "on-demand", "; no plug-in memory policy is loaded: a plug-in's name is"
                + " accepted once its jar is (--plugins JAR, or OVERBOOK_PLUGINS)");
        Files.writeString(file, SCENARIO.replace("pin-head", "on-demand"));
        refused(List.of("run", file.toString(), "--out", directory.resolve("never").toString()), "tenants[0].workload.name",
                "unknown workload 'journal'", "memcached", "; no plug-in workload is loaded");
    }

    /** The source of the user's policy, {@code org.example.journal.PinHead}, registered as {@code name}. */
    private static String policySource(String name) {
        return PinFirstMibSource.of("org.example.journal", "PinHead", name);
    }

    private static void refused(List<String> args, String... expected) {
        CommandRun command = new CommandRun();
        assertEquals(2, command.execute(args.toArray(String[]::new)), command.out + "\n" + command.err);
        String message = command.err.toString().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("overbook: configuration error: "), message);
        for (String part : expected) {
            assertTrue(message.contains(part), part + " in: " + message);
        }
    }

    /**
     * Compiles the plug-in in a temporary project against the guest API's and the NIC's jars only, and packs
     * it. {@code loadable} false lists a provider class the jar does not hold.
     */
    private Path pluginJar(String name, String policyName, boolean loadable) throws IOException, URISyntaxException {
        return pluginJar(name, policySource(policyName), policyName, loadable);
    }

    /** Compiles and packs the plug-in as {@link #pluginJar(String, String, boolean)} does, its policy's source being {@code policy}. */
    private Path pluginJar(String name, String policy, String policyName, boolean loadable) throws IOException, URISyntaxException {
        Path project = Files.createDirectories(directory.resolve("project-" + name));
        Path sources = Files.createDirectories(project.resolve("src/org/example/journal"));
        Files.writeString(sources.resolve("Journal.java"), WORKLOAD);
        Files.writeString(sources.resolve("JournalWorkloads.java"), WORKLOADS);
        Files.writeString(sources.resolve("PinHead.java"), policy);
        Path classes = Files.createDirectories(project.resolve("classes"));
        String classPath = jarOf(WorkloadProvider.class) + java.io.File.pathSeparator + jarOf(MemoryPolicyProvider.class);
        List<String> arguments = new ArrayList<>(List.of("--release", "25", "-classpath", classPath, "-d", classes.toString()));
        try (Stream<Path> files = Files.list(sources)) {
            files.map(Path::toString).sorted().forEach(arguments::add);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, arguments.toArray(String[]::new)), "the plug-in compiles against " + classPath);

        Path jar = directory.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path classFile : files.filter(Files::isRegularFile).sorted().toList()) {
                    entry(out, classes.relativize(classFile).toString().replace('\\', '/'), Files.readAllBytes(classFile));
                }
            }
            entry(out, "META-INF/services/org.overbook.guest.WorkloadProvider",
                    "org.example.journal.JournalWorkloads\n".getBytes(StandardCharsets.UTF_8));
            entry(out, "META-INF/services/org.overbook.nic.policy.MemoryPolicyProvider",
                    ((loadable ? "org.example.journal.PinHead" : "org.example.journal.Missing") + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    /**
     * Returns a copy of {@code jar} called {@code name} whose every entry went through {@code change} (null drops it),
     * with further entries (name, text) after them.
     */
    private Path rewritten(Path jar, String name, BiFunction<String, byte[], byte[]> change, String... added) throws IOException {
        Path copy = directory.resolve(name);
        try (ZipFile in = new ZipFile(jar.toFile()); JarOutputStream out = new JarOutputStream(Files.newOutputStream(copy))) {
            for (ZipEntry original : Collections.list(in.entries())) {
                byte[] bytes;
                try (InputStream stream = in.getInputStream(original)) {
                    bytes = change.apply(original.getName(), stream.readAllBytes());
                }
                if (bytes != null) {
                    entry(out, original.getName(), bytes);
                }
            }
            for (int i = 0; i < added.length; i += 2) {
                entry(out, added[i], added[i + 1].getBytes(StandardCharsets.UTF_8));
            }
        }
        return copy;
    }

    private static void entry(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        OutputStream stream = out;
        stream.write(bytes);
        out.closeEntry();
    }

    /** Returns the jar (or classes folder) a class was loaded from: what a user's build would compile against. */
    private static String jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static List<Map<String, String>> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] header = lines.getFirst().split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new java.util.LinkedHashMap<>();
            for (int i = 0; i < header.length && i < cells.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }
}
